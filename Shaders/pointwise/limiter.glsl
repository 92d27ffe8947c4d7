// FFmpeg's limiter on RGB, in 8-bit codes: green, blue and red as FFmpeg's
// planes 0, 1, 2 of planar RGB, each clamped to hbp_low...hbp_high where
// its bit of hbp_planes is 1; the alpha kept. On 8- to 12-bit planar YUV
// alone the planes run it on the codes instead (io/planes_code_filters.glsl).
vec4 hb_limiter(vec4 rgba, uint base) {
    vec3 codes = round(clamp(rgba.rgb, 0.0, 1.0) * 255.0);
    int planes = int(hbp_planes);
    bvec3 limited = bvec3((planes & 4) != 0, (planes & 1) != 0, (planes & 2) != 0);
    vec3 clamped = clamp(codes, hbp_low, hbp_high) / 255.0;
    return vec4(mix(rgba.rgb, clamped, limited), rgba.a);
}
