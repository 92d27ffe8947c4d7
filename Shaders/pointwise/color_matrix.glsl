// color_matrix (Harbeth C7ColorMatrix4x4): every channel, alpha included,
// from a 4x4 matrix and an offset, mixed with the input by intensity.
//   out_i = sum_j M[i][j] * in_j + offset_i, in = (r, g, b, a)
//   color' = mix(color, out, intensity)
// p0..15 = M row after row, p16..19 = offset, p20 = intensity.
vec4 hb_color_matrix(vec4 color, uint base) {
    vec4 result;
    for (uint row = 0u; row < 4u; row++) {
        uint at = hbo_matrix + row * 4u;
        vec4 weights = vec4(hb_p[at], hb_p[at + 1u], hb_p[at + 2u], hb_p[at + 3u]);
        result[row] = dot(weights, color) + hbp_offset(row);
    }
    return mix(color, result, hbp_intensity);
}
