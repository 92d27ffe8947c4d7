// denoise (non-local means, FFmpeg nlmeans's parameters): each pixel the
// weighted mean of the pixels q in a research window of r x r around it,
//   w(q) = exp(-SSD(q) / h^2), h = 10 s / 255,
// SSD the sum over a p x p patch of squared differences between the
// patches around p and q (clamped to the edge), per channel (FFmpeg works
// plane by plane: ours per RGB channel); alpha kept. As in FFmpeg 5.1's
// nlmeans, a weight under 1/255 counts for nothing and a q outside the
// frame is skipped.
// p0 = s, p1 = p (odd), p2 = r (odd).
vec4 hb_denoise(ivec2 pos, uint base) {
    float h = 10.0 * hbp_s / 255.0;
    float scale = 1.0 / (h * h);
    int patchRadius = int(hbp_p) / 2;
    int research = int(hbp_r) / 2;
    vec3 sum = vec3(0.0);
    vec3 total = vec3(0.0);
    for (int dy = -research; dy <= research; dy++) {
        for (int dx = -research; dx <= research; dx++) {
            ivec2 q = pos + ivec2(dx, dy);
            if (any(lessThan(q, ivec2(0))) || any(greaterThanEqual(q, hb_out_size))) {
                continue;
            }
            vec3 ssd = vec3(0.0);
            for (int y = -patchRadius; y <= patchRadius; y++) {
                for (int x = -patchRadius; x <= patchRadius; x++) {
                    vec3 d = hb_load(pos + ivec2(x, y)).rgb - hb_load(q + ivec2(x, y)).rgb;
                    ssd += d * d;
                }
            }
            vec3 distance = ssd * scale;
            vec3 w = exp(-distance) * vec3(lessThan(distance, vec3(5.5412635)));
            sum += w * hb_load(q).rgb;
            total += w;
        }
    }
    return vec4(sum / total, hb_load(pos).a);
}
