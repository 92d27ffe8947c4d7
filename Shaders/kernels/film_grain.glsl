// film_grain: grain of a size, strongest in the midtones, new every frame.
// Value noise: hb_hash01 on a lattice of `size` pixels, bilinearly
// interpolated (a smooth grain larger than a pixel),
//   n(p) = noise at (p + 0.5) / size, lattice point (i, j) hashed as
//   hb_hash01((i + 4096 j + 16777216 channel) xor hb_hash(round(1000 t)))
//   weight = 1 - response (2 l - 1)^2, l = luma
//   rgb' = rgb + (n - 0.5) strength weight; one n for all channels, or one
//   per channel with color; alpha kept.
// p0 = strength, p1 = size, p2 = response, p3 = color (0 or 1).
float hb_film_grain_noise(vec2 p, uint channel, uint key) {
    vec2 cell = floor(p);
    vec2 f = p - cell;
    ivec2 i = ivec2(cell);
    uint seed = hb_hash(key);
    float n00 = hb_hash01((uint(i.x) + 4096u * uint(i.y) + 16777216u * channel) ^ seed);
    float n10 = hb_hash01((uint(i.x + 1) + 4096u * uint(i.y) + 16777216u * channel) ^ seed);
    float n01 = hb_hash01((uint(i.x) + 4096u * uint(i.y + 1) + 16777216u * channel) ^ seed);
    float n11 = hb_hash01((uint(i.x + 1) + 4096u * uint(i.y + 1) + 16777216u * channel) ^ seed);
    return mix(mix(n00, n10, f.x), mix(n01, n11, f.x), f.y);
}

vec4 hb_film_grain(ivec2 pos, uint base) {
    vec4 c = hb_load(pos);
    uint key = uint(int(floor(hb_time * 1000.0 + 0.5)));
    vec2 p = (vec2(pos) + 0.5) / hbp_size;
    float l = clamp(hb_luma(c.rgb), 0.0, 1.0);
    float weight = 1.0 - hbp_response * (2.0 * l - 1.0) * (2.0 * l - 1.0);
    vec3 n;
    if (hbp_color > 0.5) {
        n = vec3(hb_film_grain_noise(p, 0u, key), hb_film_grain_noise(p, 1u, key), hb_film_grain_noise(p, 2u, key));
    } else {
        n = vec3(hb_film_grain_noise(p, 0u, key));
    }
    return vec4(c.rgb + (n - 0.5) * hbp_strength * weight, c.a);
}
