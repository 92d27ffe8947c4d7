// color_vector (Harbeth C7ColorVector4): adds a vector to r, g, b, a,
// mixed by intensity.
//   out = mix(in, in + v, intensity)
// p0..3 = vector, p4 = intensity.
vec4 hb_color_vector(vec4 color, uint base) {
    vec4 v = vec4(hb_p[base], hb_p[base + 1u], hb_p[base + 2u], hb_p[base + 3u]);
    return mix(color, color + v, hb_p[base + 4u]);
}
