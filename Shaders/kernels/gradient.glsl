// gradient: a frame made from nothing but its parameters, of the input's
// size or its own (the input is not read).
// With uv = (pos + 0.5) / size,
//   linear: t = clamp(dot(uv - 0.5, (cos a, sin a)) / e + 0.5, 0, 1),
//           e = |cos a| + |sin a| so the ends touch the frame's corners
//           along the direction (a clockwise from the x axis, y down)
//   radial: t = clamp(|uv - center| / radius, 0, 1), in fractions of the
//           width on both axes (round)
//   out = mix(from, to, t).
// p0..3 = from, p4..7 = to, p8 = 0 linear, 1 radial, p9 = angle (radians),
// p10, p11 = center, p12 = radius.
vec4 hb_gradient(ivec2 pos, uint base) {
    vec4 from = vec4(hbp_from(0), hbp_from(1), hbp_from(2), hbp_from(3));
    vec4 to = vec4(hbp_to(0), hbp_to(1), hbp_to(2), hbp_to(3));
    vec2 size = vec2(hb_out_size);
    vec2 uv = (vec2(pos) + 0.5) / size;
    float t;
    if (hbp_radial > 0.5) {
        vec2 d = (uv - vec2(hbp_center(0), hbp_center(1))) * vec2(1.0, size.y / size.x);
        t = clamp(length(d) / hbp_radius, 0.0, 1.0);
    } else {
        vec2 direction = vec2(cos(hbp_angle), sin(hbp_angle));
        float extent = abs(direction.x) + abs(direction.y);
        t = clamp(dot(uv - 0.5, direction) / extent + 0.5, 0.0, 1.0);
    }
    return mix(from, to, t);
}
