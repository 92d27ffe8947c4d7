// colorspace: from one set of primaries and transfer to another.
// 1. Linear light, 1 = SDR white: the input curve's decode
//    (hb_decode_transfer: BT.709 etc. by their inverse OETFs, PQ relative
//    to `white` nits, HLG scene light relative to its 75% signal).
// 2. The 3x3 primaries conversion (linear, both D65).
// 3. Gamut: the range the output curve holds is 0...top (1 for SDR curves
//    and linear, 10000 / white for PQ, 1 / HLG's white for HLG). clip
//    clamps to it; perceptual first moves a colour with a channel outside
//    it towards its own luminance Y (the target primaries') by the least
//    that brings every channel inside (Y itself clamped), then clamps.
// 4. The output curve's encode.
// p0 = input curve, p1 = output curve, p2 = gamut (0 clip, 1 perceptual),
// p3 = white (nits), p4..12 = the matrix, row-major, p13..15 = the target's
// luminance coefficients.
vec4 hb_colorspace(vec4 color, uint base) {
    int from = int(hbp_from_curve);
    int to = int(hbp_to_curve);
    float white = hbp_white;
    vec3 l = vec3(
        hb_decode_transfer(color.r, from, white), hb_decode_transfer(color.g, from, white),
        hb_decode_transfer(color.b, from, white));
    mat3 m = mat3(
        hbp_matrix(0), hbp_matrix(3), hbp_matrix(6), hbp_matrix(1), hbp_matrix(4), hbp_matrix(7),
        hbp_matrix(2), hbp_matrix(5), hbp_matrix(8));
    vec3 c = m * l;
    float top = to == 6 ? 10000.0 / white : (to == 7 ? 1.0 / HB_HLG_WHITE : 1.0);
    if (hbp_gamut > 0.5) {
        float y = clamp(dot(c, vec3(hbp_luma(0), hbp_luma(1), hbp_luma(2))), 0.0, top);
        float low = min(min(c.r, c.g), c.b);
        float high = max(max(c.r, c.g), c.b);
        float t = 1.0;
        if (low < 0.0) t = min(t, y / (y - low));
        if (high > top) t = min(t, (top - y) / (high - y));
        c = y + (c - y) * t;
    }
    c = clamp(c, 0.0, top);
    return vec4(
        hb_encode_transfer(c.r, to, white), hb_encode_transfer(c.g, to, white), hb_encode_transfer(c.b, to, white),
        color.a);
}
