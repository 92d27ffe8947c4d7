// color_space (Harbeth C7ColorSpace): RGB to or from YIQ (NTSC) or
// analogue YUV (BT.709 weights), as a 3x3 matrix on the colour; alpha kept.
// p0..8 = the matrix, row-major (chosen on the host).
vec4 hb_color_space(vec4 color, uint base) {
    mat3 m = mat3(
        hbp_matrix(0), hbp_matrix(3), hbp_matrix(6), hbp_matrix(1), hbp_matrix(4), hbp_matrix(7),
        hbp_matrix(2), hbp_matrix(5), hbp_matrix(8));
    return vec4(m * color.rgb, color.a);
}
