// mean_blur: the mean of the four pixels at the corners of a square of
// half-size d = radius / 100 of each axis (Harbeth C7MeanBlur, a ghosting
// blur): q = floor(p + (+-d w, +-d h)), clamped to the frame.
// p0 = radius (percent of the frame).
vec4 hb_mean_blur(ivec2 pos, uint base) {
    vec2 d = hbp_radius / 100.0 * vec2(hb_in_size);
    vec2 p = vec2(pos);
    ivec2 last = hb_in_size - 1;
    vec4 sum = hb_load(clamp(ivec2(floor(p - d)), ivec2(0), last));
    sum += hb_load(clamp(ivec2(floor(p + d)), ivec2(0), last));
    sum += hb_load(clamp(ivec2(floor(p + vec2(d.x, -d.y))), ivec2(0), last));
    sum += hb_load(clamp(ivec2(floor(p + vec2(-d.x, d.y))), ivec2(0), last));
    return sum / 4.0;
}
