// color_correction (Harbeth C7ColorCorrection): three one-knob corrections,
// each off at 0.
//   levels L: rgb = max((rgb - 0.1|L|) / (1 - 0.2|L|), 0)^(1 - 0.3 L)
//   curves C: k = 1 + |C| / 2; below 0.5: (c / 0.5)^k / 2, 0.5...1: 1 - ((1 - c) / 0.5)^k / 2
//             (an S curve; values outside 0...1 pass)
//   balance B: s = 0.2 |B| sign(B); rgb += (0.5 s, 0.2 s, -0.3 s)
// alpha kept. p0 = L, p1 = C, p2 = B.
vec4 hb_color_correction(vec4 color, uint base) {
    vec3 c = color.rgb;
    float levels = hbp_levels;
    if (levels != 0.0) {
        float low = abs(levels) * 0.1;
        c = pow(max((c - low) / (1.0 - 2.0 * low), 0.0), vec3(1.0 - levels * 0.3));
    }
    float curves = hbp_curves;
    if (curves != 0.0) {
        float k = 1.0 + abs(curves) * 0.5;
        for (int i = 0; i < 3; i++) {
            float v = c[i];
            if (v >= 0.0 && v < 0.5) {
                c[i] = pow(v / 0.5, k) * 0.5;
            } else if (v >= 0.5 && v <= 1.0) {
                c[i] = 1.0 - pow((1.0 - v) / 0.5, k) * 0.5;
            }
        }
    }
    float balance = hbp_balance;
    c += vec3(0.5, 0.2, -0.3) * (0.2 * balance);
    return vec4(c, color.a);
}
