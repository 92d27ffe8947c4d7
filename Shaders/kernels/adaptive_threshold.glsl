// adaptive_threshold (GPUImage AdaptiveThreshold): white where a pixel's
// luminance is at least the mean of its (2 radius + 1)^2 neighbourhood
// (clamped at the edges) less `offset`, black elsewhere; opaque.
//   l = luma(rgb) (Harbeth's weights), m = box mean of l, out = l >= m - offset
// p0 = radius, p1 = offset.
vec4 hb_adaptive_threshold(ivec2 pos, uint base) {
    int radius = int(hbp_radius);
    float sum = 0.0;
    for (int y = -radius; y <= radius; y++)
        for (int x = -radius; x <= radius; x++)
            sum += hb_luma(hb_load(pos + ivec2(x, y)).rgb);
    float mean = sum / float((2 * radius + 1) * (2 * radius + 1));
    float l = hb_luma(hb_load(pos).rgb);
    return vec4(vec3(l >= mean - hbp_offset ? 1.0 : 0.0), 1.0);
}
