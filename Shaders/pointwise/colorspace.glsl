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
    int from = int(hb_p[base]);
    int to = int(hb_p[base + 1u]);
    float white = hb_p[base + 3u];
    vec3 l = vec3(
        hb_decode_transfer(color.r, from, white), hb_decode_transfer(color.g, from, white),
        hb_decode_transfer(color.b, from, white));
    mat3 m = mat3(
        hb_p[base + 4u], hb_p[base + 7u], hb_p[base + 10u], hb_p[base + 5u], hb_p[base + 8u], hb_p[base + 11u],
        hb_p[base + 6u], hb_p[base + 9u], hb_p[base + 12u]);
    vec3 c = m * l;
    float top = to == 6 ? 10000.0 / white : (to == 7 ? 1.0 / HB_HLG_WHITE : 1.0);
    if (hb_p[base + 2u] > 0.5) {
        float y = clamp(dot(c, vec3(hb_p[base + 13u], hb_p[base + 14u], hb_p[base + 15u])), 0.0, top);
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
