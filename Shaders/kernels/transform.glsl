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
        hb_p[base] * p.x + hb_p[base + 1u] * p.y + hb_p[base + 2u],
        hb_p[base + 3u] * p.x + hb_p[base + 4u] * p.y + hb_p[base + 5u],
        hb_p[base + 6u] * p.x + hb_p[base + 7u] * p.y + hb_p[base + 8u]);
    vec4 fill = vec4(hb_p[base + 9u], hb_p[base + 10u], hb_p[base + 11u], hb_p[base + 12u]);
    if (q.z <= 0.0) {
        return fill;
    }
    vec2 source = q.xy / q.z;
    if (any(lessThan(source, vec2(0.0))) || any(greaterThan(source, vec2(hb_in_size)))) {
        return fill;
    }
    return hb_sample(source);
}
