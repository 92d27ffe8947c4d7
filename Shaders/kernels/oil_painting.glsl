// oil_painting (the classic "oilify": GIMP's and Photoshop's oil paint
// rule; Harbeth's C7OilPainting is a two-quadrant Kuwahara, which kuwahara
// covers): over the (2r + 1)^2 square, each pixel falls in one of `levels`
// luminance bins, b = floor(luma (levels - 1) + 0.5); the output is the
// mean colour of the most populated bin (the darkest of equals); alpha
// kept; clamp-to-edge.
// p0 = r, p1 = levels (2...32).
vec4 hb_oil_painting(ivec2 pos, uint base) {
    int radius = int(hbp_radius);
    int levels = int(hbp_levels);
    int counts[32];
    vec3 sums[32];
    for (int i = 0; i < 32; i++) {
        counts[i] = 0;
        sums[i] = vec3(0.0);
    }
    for (int y = -radius; y <= radius; y++) {
        for (int x = -radius; x <= radius; x++) {
            vec3 c = hb_load(pos + ivec2(x, y)).rgb;
            int bin = clamp(int(floor(clamp(hb_luma(c), 0.0, 1.0) * float(levels - 1) + 0.5)), 0, levels - 1);
            counts[bin] += 1;
            sums[bin] += c;
        }
    }
    int best = 0;
    for (int i = 1; i < levels; i++) {
        if (counts[i] > counts[best]) best = i;
    }
    return vec4(sums[best] / float(counts[best]), hb_load(pos).a);
}
