// gaussian_blur for large sigma (the way back up): the frame is averaged down by k (a power
// of two), blurred there with sigma / k, and sampled back up bilinearly,
// so the cost stops growing with sigma. A margin of M pixels of the
// clamp-to-edge border is carried into the small image, so the small
// blur sees the same replicated edge as a full-size one would.
// Data after the blur's radius and weights: k, M.

// Full-size pixel x sits at (x + M + 0.5) / k in the small image.
vec4 hb_gaussian_up(ivec2 pos, uint base) {
    float k = hbp_factor;
    float margin = hbp_margin;
    return hb_sample((vec2(pos) + margin + 0.5) / k);
}
