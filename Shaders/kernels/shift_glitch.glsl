// shift_glitch (Harbeth C7ShiftGlitch): red and green pulled apart by an
// offset that wanders with time (blue stays), as a shaky RGB split.
//   k = t rate; n(s) = value noise: smoothstep-interpolated hb_hash01 of
//   floor(k) + s * 7919 and the next lattice point
//   o = (n(0) * 2 - 1, n(1) * 2 - 1) * (0.025, 0.01) * amount (fractions of the frame)
//   r = in(uv + o).r, g = in(uv - o).g, b = in(uv).b, bilinear; alpha kept
// (Harbeth's noise is a sine hash in half precision; ours is an integer
// hash so every device agrees).
// p0 = amount, p1 = rate (changes per second).
float hb_shift_glitch_noise(float k, uint stream) {
    float cell = floor(k);
    float f = k - cell;
    uint i = uint(int(cell)) + stream * 7919u;
    float a = hb_hash01(i);
    float b = hb_hash01(i + 1u);
    return mix(a, b, f * f * (3.0 - 2.0 * f));
}

vec4 hb_shift_glitch(ivec2 pos, uint base) {
    float k = hb_time * hbp_rate;
    vec2 offset = vec2(hb_shift_glitch_noise(k, 0u), hb_shift_glitch_noise(k, 1u)) * 2.0 - 1.0;
    vec2 size = vec2(hb_in_size);
    vec2 shift = offset * vec2(0.025, 0.01) * hbp_amount * size;
    vec2 p = vec2(pos) + 0.5;
    vec4 centre = hb_load(pos);
    return vec4(hb_sample(p + shift).r, hb_sample(p - shift).g, centre.b, centre.a);
}
