// deband (libplacebo's debanding, with Harbeth's integer hash for its
// PRNG): for i = 1...iterations, a random direction and distance
// d = hash * radius * i (pixels), the mean of the four samples at
// p +- (x, y) and p +- (-y, x) (bilinear) replaces each channel of the
// pixel whose difference from it is within threshold / (16384 i); then
// grain: rgb += (hash3 - 0.5) grain / 8192. Alpha kept. Random numbers:
// hb_hash01((x + 4096 y) xor hb_hash(key + stream)), key = round(1000 t),
// streams 2i, 2i + 1 for the distance and angle of iteration i, and
// 100, 101, 102 for the grain.
// p0 = iterations, p1 = threshold, p2 = radius, p3 = grain.
float hb_deband_random(ivec2 pos, uint key, uint stream) {
    return hb_hash01((uint(pos.x) + 4096u * uint(pos.y)) ^ hb_hash(key + stream));
}

vec4 hb_deband(ivec2 pos, uint base) {
    int iterations = int(hbp_iterations);
    float threshold = hbp_threshold;
    float radius = hbp_radius;
    uint key = uint(int(floor(hb_time * 1000.0 + 0.5)));
    vec2 p = vec2(pos) + 0.5;
    vec4 color = hb_load(pos);
    for (int i = 1; i <= iterations; i++) {
        float distance = hb_deband_random(pos, key, uint(2 * i)) * radius * float(i);
        float angle = hb_deband_random(pos, key, uint(2 * i + 1)) * 6.283185307179586;
        vec2 o = distance * vec2(cos(angle), sin(angle));
        vec4 average = 0.25 * (hb_sample(p + o) + hb_sample(p - o) + hb_sample(p + vec2(-o.y, o.x))
            + hb_sample(p + vec2(o.y, -o.x)));
        vec4 difference = abs(color - average);
        color = mix(average, color, greaterThan(difference, vec4(threshold / (16384.0 * float(i)))));
    }
    vec3 grain = vec3(hb_deband_random(pos, key, 100u), hb_deband_random(pos, key, 101u),
        hb_deband_random(pos, key, 102u)) - 0.5;
    return vec4(color.rgb + grain * (hbp_grain / 8192.0), hb_load(pos).a);
}
