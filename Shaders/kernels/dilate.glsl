// dilate (Harbeth C7RGBADilation, in both directions): the per-channel
// maximum over the (2r + 1) x (2r + 1) square, separable, in two passes.
// Clamp-to-edge borders. p0 = r (integer).
vec4 hb_dilate_h(ivec2 pos, uint base) {
    int r = int(hbp_radius);
    vec4 result = hb_load(pos);
    for (int x = 1; x <= r; x++) {
        result = max(result, max(hb_load(pos + ivec2(x, 0)), hb_load(pos - ivec2(x, 0))));
    }
    return result;
}

vec4 hb_dilate_v(ivec2 pos, uint base) {
    int r = int(hbp_radius);
    vec4 result = hb_load(pos);
    for (int y = 1; y <= r; y++) {
        result = max(result, max(hb_load(pos + ivec2(0, y)), hb_load(pos - ivec2(0, y))));
    }
    return result;
}
