// linearize / delinearize: to linear light and back with a transfer's
// curve (the prelude's hb_to_linear and hb_from_linear): curve 8 is
// BT.1886's 2.4 power, what BT.709-family video is linearized with; PQ is
// relative to 203 nits. Alpha kept.
// p0 = curve.
vec4 hb_linearize(vec4 color, uint base) {
    return vec4(hb_to_linear(color.rgb, int(hbp_curve)), color.a);
}

vec4 hb_delinearize(vec4 color, uint base) {
    return vec4(hb_from_linear(color.rgb, int(hbp_curve)), color.a);
}
