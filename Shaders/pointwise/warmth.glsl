// warmth (Harbeth C7Warmth): a fixed warm or cool offset scaled by warmth.
//   warmth > 0: rgb += (0.3, 0.2, -0.2) * warmth
//   warmth < 0: rgb += (0.2, 0.1, -0.3) * warmth   (r, g down, b up)
// alpha kept. p0 = warmth, -1...1.
vec4 hb_warmth(vec4 color, uint base) {
    float w = hbp_warmth;
    vec3 offset = w > 0.0 ? vec3(0.3, 0.2, -0.2) * w : vec3(0.2, 0.1, -0.3) * w;
    return vec4(color.rgb + offset, color.a);
}
