// depth_luminance (Harbeth C7DepthLuminance): luminance read as depth,
// near bright: d = 1 - clamp((luma709(rgb) - offset) / range, 0, 1), grey,
// opaque.
// p0 = offset, p1 = range.
vec4 hb_depth_luminance(vec4 color, uint base) {
    float y = dot(color.rgb, vec3(0.2126, 0.7152, 0.0722));
    float d = 1.0 - clamp((y - hbp_offset) / hbp_range, 0.0, 1.0);
    return vec4(vec3(d), 1.0);
}
