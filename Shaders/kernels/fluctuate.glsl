// fluctuate (Harbeth C7Fluctuate): a wavy displacement.
//   uv = (pos + 0.5) / size
//   offset = (sin(u frequency + 10 f), cos(v frequency + 10 f)) amplitude f
//   out = in at uv + offset, bilinear, clamped
// p0 = frequency, p1 = amplitude (fraction of the frame), p2 = f, the fluctuation.
vec4 hb_fluctuate(ivec2 pos, uint base) {
    float frequency = hbp_frequency;
    float f = hbp_fluctuate;
    vec2 size = vec2(hb_in_size);
    vec2 uv = (vec2(pos) + 0.5) / size;
    vec2 offset = vec2(sin(uv.x * frequency + f * 10.0), cos(uv.y * frequency + f * 10.0)) * hbp_amplitude * f;
    return hb_sample((uv + offset) * size);
}
