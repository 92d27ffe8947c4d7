// toon (Harbeth C7Toon, GPUImage ToonFilter): posterised colour with
// black outlines,
//   m = Sobel gradient magnitude of luma (3x3, as in sobel.glsl)
//   rgb' = floor(rgb * levels + 0.5) / levels, black where m >= threshold
// alpha unchanged. Harbeth and GPUImage take the gradient of the red
// channel; luma treats all colours alike. Clamp-to-edge borders.
// p0 = threshold, p1 = levels.
float hb_toon_luma(ivec2 p) {
    return hb_luma(hb_load(p).rgb);
}

vec4 hb_toon(ivec2 pos, uint base) {
    float tl = hb_toon_luma(pos + ivec2(-1, -1));
    float t = hb_toon_luma(pos + ivec2(0, -1));
    float tr = hb_toon_luma(pos + ivec2(1, -1));
    float l = hb_toon_luma(pos + ivec2(-1, 0));
    float r = hb_toon_luma(pos + ivec2(1, 0));
    float bl = hb_toon_luma(pos + ivec2(-1, 1));
    float b = hb_toon_luma(pos + ivec2(0, 1));
    float br = hb_toon_luma(pos + ivec2(1, 1));
    float gx = (tr + 2.0 * r + br) - (tl + 2.0 * l + bl);
    float gy = (bl + 2.0 * b + br) - (tl + 2.0 * t + tr);
    float magnitude = length(vec2(gx, gy));
    vec4 c = hb_load(pos);
    float levels = hbp_levels;
    vec3 posterised = floor(c.rgb * levels + 0.5) / levels;
    return vec4(magnitude >= hbp_threshold ? vec3(0.0) : posterised, c.a);
}
