// solid and gradient: frames made from nothing but their parameters, of
// the input's size or their own (the input is not read).
// hb_solid: every pixel the colour. p0..3 = r, g, b, a.
// hb_gradient: with uv = (pos + 0.5) / size,
//   linear: t = clamp(dot(uv - 0.5, (cos a, sin a)) / e + 0.5, 0, 1),
//           e = |cos a| + |sin a| so the ends touch the frame's corners
//           along the direction (a clockwise from the x axis, y down)
//   radial: t = clamp(|uv - center| / radius, 0, 1), in fractions of the
//           width on both axes (round)
//   out = mix(from, to, t).
// p0..3 = from, p4..7 = to, p8 = 0 linear, 1 radial, p9 = angle (radians),
// p10, p11 = center, p12 = radius.
vec4 hb_solid(ivec2 pos, uint base) {
    return vec4(hb_p[base], hb_p[base + 1u], hb_p[base + 2u], hb_p[base + 3u]);
}

vec4 hb_gradient(ivec2 pos, uint base) {
    vec4 from = vec4(hb_p[base], hb_p[base + 1u], hb_p[base + 2u], hb_p[base + 3u]);
    vec4 to = vec4(hb_p[base + 4u], hb_p[base + 5u], hb_p[base + 6u], hb_p[base + 7u]);
    vec2 size = vec2(hb_out_size);
    vec2 uv = (vec2(pos) + 0.5) / size;
    float t;
    if (hb_p[base + 8u] > 0.5) {
        vec2 d = (uv - vec2(hb_p[base + 10u], hb_p[base + 11u])) * vec2(1.0, size.y / size.x);
        t = clamp(length(d) / hb_p[base + 12u], 0.0, 1.0);
    } else {
        vec2 direction = vec2(cos(hb_p[base + 9u]), sin(hb_p[base + 9u]));
        float extent = abs(direction.x) + abs(direction.y);
        t = clamp(dot(uv - 0.5, direction) / extent + 0.5, 0.0, 1.0);
    }
    return mix(from, to, t);
}
