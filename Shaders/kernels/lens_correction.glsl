// lens_correction (FFmpeg lenscorrection's model): radial distortion about
// a centre, in pixels with p at pixel centres:
//   d = p - c, r2 = |d|^2 / ((w^2 + h^2) / 4), src = c + d (1 + k1 r2 + k2 r2^2)
// sampled bilinearly; transparent black where src leaves the frame
// (FFmpeg: integer positions, nearest, no alpha).
// p0, p1 = centre as fractions of the width and height, p2 = k1, p3 = k2.
vec4 hb_lens_correction(ivec2 pos, uint base) {
    vec2 size = vec2(hb_in_size);
    vec2 c = vec2(hbp_center(0), hbp_center(1)) * size;
    vec2 d = vec2(pos) + 0.5 - c;
    float r2 = dot(d, d) / (dot(size, size) / 4.0);
    vec2 src = c + d * (1.0 + hbp_k1 * r2 + hbp_k2 * r2 * r2);
    if (any(lessThan(src, vec2(0.0))) || any(greaterThan(src, size))) return vec4(0.0);
    return hb_sample(src);
}
