// gaussian_blur for large sigma: the frame is averaged down by k (a power
// of two), blurred there with sigma / k, and sampled back up bilinearly,
// so the cost stops growing with sigma. A margin of M pixels of the
// clamp-to-edge border is carried into the small image, so the small
// blur sees the same replicated edge as a full-size one would.
// Data after the blur's radius and weights: k, M.

// Each small pixel is the mean of a k x k block, offset by the margin.
vec4 hb_gaussian_down(ivec2 pos, uint base) {
    int k = int(hbp_factor);
    int margin = int(hbp_margin);
    vec4 sum = vec4(0.0);
    ivec2 origin = pos * k - ivec2(margin);
    for (int y = 0; y < k; y++) {
        for (int x = 0; x < k; x++) {
            sum += hb_load(origin + ivec2(x, y));
        }
    }
    return sum / float(k * k);
}
