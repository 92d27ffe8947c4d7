// color_vector (Harbeth C7ColorVector4): adds a vector to r, g, b, a,
// mixed by intensity.
//   out = mix(in, in + v, intensity)
// p0..3 = vector, p4 = intensity.
vec4 hb_color_vector(vec4 color, uint base) {
    vec4 v = vec4(hbp_vector(0), hbp_vector(1), hbp_vector(2), hbp_vector(3));
    return mix(color, color + v, hbp_intensity);
}
