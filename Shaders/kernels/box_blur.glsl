// box_blur: the mean of the (2r + 1) x (2r + 1) square around the pixel,
// separable, in two passes (horizontal then vertical), clamp-to-edge
// borders (GPUImage's BoxBlur, with an exact integer radius).
// p0 = radius r (integer).
vec4 hb_box_blur_h(ivec2 pos, uint base) {
    int radius = int(hbp_radius);
    vec4 sum = vec4(0.0);
    for (int x = -radius; x <= radius; x++) {
        sum += hb_load(pos + ivec2(x, 0));
    }
    return sum / float(2 * radius + 1);
}

vec4 hb_box_blur_v(ivec2 pos, uint base) {
    int radius = int(hbp_radius);
    vec4 sum = vec4(0.0);
    for (int y = -radius; y <= radius; y++) {
        sum += hb_load(pos + ivec2(0, y));
    }
    return sum / float(2 * radius + 1);
}
