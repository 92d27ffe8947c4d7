// binomial_detail: the detail a 5x5 binomial blur removes (the outer
// product of (1, 4, 6, 4, 1) / 16), d = in - blur(in), added back scaled,
//   out = in + d g, every channel; clamp-to-edge.
// mode 0, detail_preserving_blur (Harbeth C7DetailPreservingBlur):
//   g = -strength (1 - detail), i.e. mix(in, blur + d detail, strength)
// mode 1, detail_enhancer (Harbeth C7DetailEnhancer): m = mean |d.rgb|,
//   g = amount (m < threshold ? smoothstep(0, threshold, m) : 1); alpha kept
// p0 = mode, p1 = strength or amount, p2 = detail or threshold.
vec4 hb_binomial_detail(ivec2 pos, uint base) {
    const float taps[5] = float[5](1.0, 4.0, 6.0, 4.0, 1.0);
    vec4 blur = vec4(0.0);
    for (int y = -2; y <= 2; y++) {
        for (int x = -2; x <= 2; x++) {
            blur += hb_load(pos + ivec2(x, y)) * (taps[x + 2] * taps[y + 2] / 256.0);
        }
    }
    vec4 centre = hb_load(pos);
    vec4 detail = centre - blur;
    if (int(hbp_mode) == 0) {
        return centre - detail * (hbp_amount * (1.0 - hbp_edge));
    }
    float threshold = hbp_edge;
    float m = dot(abs(detail.rgb), vec3(1.0 / 3.0));
    float g = hbp_amount * (m < threshold ? smoothstep(0.0, threshold, m) : 1.0);
    return vec4(centre.rgb + detail.rgb * g, centre.a);
}
