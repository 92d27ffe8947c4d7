// polar_pixellate (Harbeth C7PolarPixellate): a mosaic of polar cells
// about a centre. In q = 2 uv - 1 - (2 center - 1) (-1...1 on each axis),
// r = |q| and phi = atan(q.y, q.x) are snapped to their cell's middle,
//   r' = (floor(r / s) + 0.5) s, phi' = (floor(phi / s) + 0.5) s,
// and the cell takes the colour at q' = r' (cos phi', sin phi'), bilinear
// (Harbeth snaps to the cell's corner and adds 0.03 to r).
// p0, p1 = centre; p2 = s, the cell size in radius and in radians.
vec4 hb_polar_pixellate(ivec2 pos, uint base) {
    vec2 centre = 2.0 * vec2(hbp_center(0), hbp_center(1)) - 1.0;
    float s = hbp_scale;
    vec2 size = vec2(hb_in_size);
    vec2 q = 2.0 * (vec2(pos) + 0.5) / size - 1.0 - centre;
    float r = (floor(length(q) / s) + 0.5) * s;
    float phi = (floor(atan(q.y, q.x) / s) + 0.5) * s;
    vec2 snapped = r * vec2(cos(phi), sin(phi)) + centre;
    return hb_sample((snapped * 0.5 + 0.5) * size);
}
