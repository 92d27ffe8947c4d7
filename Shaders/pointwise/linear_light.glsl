// linearize / delinearize: to linear light and back with a transfer's
// curve (the prelude's hb_decode_transfer and hb_encode_transfer): curve
// 8 is BT.1886's 2.4 power, what BT.709-family video is linearized with;
// PQ is relative to 203 nits. Alpha kept.
// p0 = curve.
vec4 hb_linearize(vec4 color, uint base) {
    int curve = int(hb_p[base]);
    return vec4(
        hb_decode_transfer(color.r, curve, 203.0), hb_decode_transfer(color.g, curve, 203.0),
        hb_decode_transfer(color.b, curve, 203.0), color.a);
}

vec4 hb_delinearize(vec4 color, uint base) {
    int curve = int(hb_p[base]);
    return vec4(
        hb_encode_transfer(color.r, curve, 203.0), hb_encode_transfer(color.g, curve, 203.0),
        hb_encode_transfer(color.b, curve, 203.0), color.a);
}
