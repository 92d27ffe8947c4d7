// transform (Harbeth C7Transform, and a perspective of four corners): each
// output pixel centre p maps back through the inverse of the 3x3 matrix H
// (input pixels to output pixels, row-major, computed on the host from
// the affine matrix or the four corners),
//   q = H^-1 (p.x, p.y, 1), src = q.xy / q.z, bilinear,
// and outside the input (or behind the horizon, q.z <= 0) takes the fill colour.
// p0..8 = H^-1, p9..12 = fill r, g, b, a.
vec4 hb_transform(ivec2 pos, uint base) {
    vec2 p = vec2(pos) + 0.5;
    vec3 q = vec3(
        hbp_inverse(0) * p.x + hbp_inverse(1) * p.y + hbp_inverse(2),
        hbp_inverse(3) * p.x + hbp_inverse(4) * p.y + hbp_inverse(5),
        hbp_inverse(6) * p.x + hbp_inverse(7) * p.y + hbp_inverse(8));
    vec4 fill = vec4(hbp_fill(0), hbp_fill(1), hbp_fill(2), hbp_fill(3));
    if (q.z <= 0.0) {
        return fill;
    }
    vec2 source = q.xy / q.z;
    if (any(lessThan(source, vec2(0.0))) || any(greaterThan(source, vec2(hb_in_size)))) {
        return fill;
    }
    return hb_sample(source);
}
