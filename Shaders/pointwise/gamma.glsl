// gamma (Harbeth C7Gamma): pow(rgb, g).  p0 = gamma, 0.01...3.
// Negative intermediates (possible between unclamped filters) map to 0.
vec4 hb_gamma(vec4 color, uint base) {
    return vec4(pow(max(color.rgb, vec3(0.0)), vec3(hbp_gamma)), color.a);
}
