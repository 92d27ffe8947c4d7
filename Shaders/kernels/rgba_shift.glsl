// rgba_shift (FFmpeg rgbashift): each channel moved by whole pixels,
//   out.c(x, y) = in.c(x - h_c, y - v_c),
// past the edge either the edge pixel (smear) or the opposite side (wrap).
// p0..7 = rh, rv, gh, gv, bh, bv, ah, av; p8 = edge (0 smear, 1 wrap).
ivec2 hb_rgba_shift_at(ivec2 p) {
    ivec2 size = hb_in_size;
    return ivec2(((p % size) + size) % size);
}

vec4 hb_rgba_shift(ivec2 pos, uint base) {
    bool wrap = hbp_edge > 0.5;
    vec4 result;
    for (uint c = 0u; c < 4u; c++) {
        ivec2 p = pos - ivec2(int(hb_p[hbo_rh + 2u * c]), int(hb_p[hbo_rh + 2u * c + 1u]));
        result[c] = hb_load(wrap ? hb_rgba_shift_at(p) : p)[c];
    }
    return result;
}
