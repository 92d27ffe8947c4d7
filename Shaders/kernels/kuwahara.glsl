// kuwahara (Harbeth C7Kuwahara): the mean of whichever of the four
// (r + 1) x (r + 1) squares with a corner at the pixel (top-left,
// top-right, bottom-right, bottom-left, in that order) has the least
// variance, summed over R, G and B; the first wins a tie. Variance is
// E[c^2] - E[c]^2. Clamp-to-edge borders. p0 = r (integer).
vec4 hb_kuwahara(ivec2 pos, uint base) {
    int r = int(hbp_radius);
    float n = float((r + 1) * (r + 1));
    ivec2 corners[4] = ivec2[4](ivec2(-r, -r), ivec2(0, -r), ivec2(0, 0), ivec2(-r, 0));
    float least = 1e30;
    vec4 result = vec4(0.0);
    for (int q = 0; q < 4; q++) {
        vec4 sum = vec4(0.0);
        vec4 squares = vec4(0.0);
        for (int j = 0; j <= r; j++) {
            for (int i = 0; i <= r; i++) {
                vec4 c = hb_load(pos + corners[q] + ivec2(i, j));
                sum += c;
                squares += c * c;
            }
        }
        vec4 mean = sum / n;
        vec4 variance = abs(squares / n - mean * mean);
        float total = variance.r + variance.g + variance.b;
        if (total < least) {
            least = total;
            result = mean;
        }
    }
    return result;
}
