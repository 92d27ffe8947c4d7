// color_space (Harbeth C7ColorSpace): RGB to or from YIQ (NTSC) or
// analogue YUV (BT.709 weights), as a 3x3 matrix on the colour; alpha kept.
// p0..8 = the matrix, row-major (chosen on the host).
vec4 hb_color_space(vec4 color, uint base) {
    mat3 m = mat3(
        hb_p[base], hb_p[base + 3u], hb_p[base + 6u], hb_p[base + 1u], hb_p[base + 4u], hb_p[base + 7u],
        hb_p[base + 2u], hb_p[base + 5u], hb_p[base + 8u]);
    return vec4(m * color.rgb, color.a);
}
