// zoom_blur (Harbeth C7ZoomBlur, GPUImage ZoomBlur): nine bilinear taps
// on the line from the pixel towards the centre c, at p + k * o for
// k = -4...4 with o = (c - p) * strength / 4, weighted
// 0.18 (k = 0), 0.15, 0.12, 0.09, 0.05 (|k| = 1...4). Harbeth's radius R
// is strength = 4R / 100. Positions in pixels, clamp-to-edge.
// p0, p1 = centre as fractions of the width and height; p2 = strength.
vec4 hb_zoom_blur(ivec2 pos, uint base) {
    vec2 centre = vec2(hbp_center(0), hbp_center(1)) * vec2(hb_in_size);
    vec2 p = vec2(pos) + 0.5;
    vec2 offset = (centre - p) * hbp_strength * 0.25;
    const float weights[5] = float[5](0.18, 0.15, 0.12, 0.09, 0.05);
    vec4 sum = hb_sample(p) * weights[0];
    for (int k = 1; k <= 4; k++) {
        sum += (hb_sample(p + offset * float(k)) + hb_sample(p - offset * float(k))) * weights[k];
    }
    return sum;
}
