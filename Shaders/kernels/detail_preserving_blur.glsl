// detail_preserving_blur (Harbeth C7DetailPreservingBlur): a 5x5 binomial
// blur (the outer product of (1, 4, 6, 4, 1) / 16) with part of the detail
// it removes added back, mixed by strength:
//   b = blur(in), out = mix(in, b + (in - b) detail, strength), every channel
// clamp-to-edge. p0 = strength, p1 = detail.
vec4 hb_detail_preserving_blur(ivec2 pos, uint base) {
    const float taps[5] = float[5](1.0, 4.0, 6.0, 4.0, 1.0);
    vec4 blur = vec4(0.0);
    for (int y = -2; y <= 2; y++) {
        for (int x = -2; x <= 2; x++) {
            blur += hb_load(pos + ivec2(x, y)) * (taps[x + 2] * taps[y + 2] / 256.0);
        }
    }
    vec4 centre = hb_load(pos);
    return mix(centre, blur + (centre - blur) * hb_p[base + 1u], hb_p[base]);
}
