// edge_aware_sharpen (Harbeth C7EdgeAwareSharpen): sharpens only where the
// 4-neighbour Laplacian says there is an edge.
//   L = left + right + top + bottom - 4 c (per channel, clamp-to-edge)
//   e = clamp(dot(|L.rgb|, (0.299, 0.587, 0.114)) / 4, 0, 1)
//   s = e > threshold ? amount (e - threshold) / (1 - threshold) : 0
//   out.rgb = c - L s / 4; alpha kept
// p0 = amount, p1 = threshold.
vec4 hb_edge_aware_sharpen(ivec2 pos, uint base) {
    vec4 c = hb_load(pos);
    vec4 laplacian = hb_load(pos + ivec2(-1, 0)) + hb_load(pos + ivec2(1, 0)) + hb_load(pos + ivec2(0, -1))
        + hb_load(pos + ivec2(0, 1)) - 4.0 * c;
    float threshold = hbp_threshold;
    float e = clamp(dot(abs(laplacian.rgb), vec3(0.299, 0.587, 0.114)) / 4.0, 0.0, 1.0);
    float s = e > threshold ? hbp_amount * (e - threshold) / (1.0 - threshold) : 0.0;
    return vec4(c.rgb - laplacian.rgb * s * 0.25, c.a);
}
