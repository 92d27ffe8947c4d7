// glitch (Harbeth C7Glitch): rows torn sideways and red and blue split.
// Each row gets j = hb_hash01(row xor hb_hash(key)) * 2 - 1, key = floor(t rate)
// (a new tear every 1/rate seconds; Harbeth hashes sin(y) and animates by
// progress):
//   torn when |j| < max_jitter amount: x' = u + j, else x' = u + j amount 0.006
//   r = in(x' + 0.01 amount).r, g = in(x').g, b = in(x' - 0.025 amount).b,
//   u in fractions of the width, bilinear, clamped; alpha kept.
// p0 = amount, p1 = max_jitter, p2 = rate.
vec4 hb_glitch(ivec2 pos, uint base) {
    float amount = hbp_amount;
    uint key = uint(int(floor(hb_time * hbp_rate)));
    float j = hb_hash01(uint(pos.y) ^ hb_hash(key)) * 2.0 - 1.0;
    float width = float(hb_in_size.x);
    float u = (float(pos.x) + 0.5) / width;
    float x = u + (abs(j) < hbp_max_jitter * amount ? j : j * amount * 0.006);
    float y = float(pos.y) + 0.5;
    vec4 green = hb_sample(vec2(x * width, y));
    float red = hb_sample(vec2((x + 0.01 * amount) * width, y)).r;
    float blue = hb_sample(vec2((x - 0.025 * amount) * width, y)).b;
    return vec4(red, green.g, blue, hb_load(pos).a);
}
