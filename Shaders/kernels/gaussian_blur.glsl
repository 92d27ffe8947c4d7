// gaussian_blur: a true Gaussian of standard deviation sigma, separable, in
// two passes (horizontal then vertical), clamp-to-edge borders.
// p0 = radius r (integer), p1... = the normalised weights w[0..r] of
// exp(-x^2 / (2 sigma^2)), computed on the host. Taps at +-x share w[x].
vec4 hb_gaussian_blur_h(ivec2 pos, uint base) {
    int radius = int(hbp_radius);
    vec4 sum = hb_load(pos) * hbp_weights(0);
    for (int x = 1; x <= radius; x++) {
        float weight = hbp_weights(x);
        sum += (hb_load(pos + ivec2(x, 0)) + hb_load(pos - ivec2(x, 0))) * weight;
    }
    return sum;
}

vec4 hb_gaussian_blur_v(ivec2 pos, uint base) {
    int radius = int(hbp_radius);
    vec4 sum = hb_load(pos) * hbp_weights(0);
    for (int y = 1; y <= radius; y++) {
        float weight = hbp_weights(y);
        sum += (hb_load(pos + ivec2(0, y)) + hb_load(pos - ivec2(0, y))) * weight;
    }
    return sum;
}
