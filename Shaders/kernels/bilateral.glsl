// bilateral (Harbeth C7BilateralBlur): an edge-preserving blur. Each
// neighbour within the radius is weighted by its distance and by how far
// its colour is from the centre's:
//   w = exp(-|d|^2 / (2 sigma_space^2) - |rgb - rgb_centre|^2 / (2 sigma_color^2))
//   out = sum(w * in) / sum(w)   (alpha too)
// p0 = radius (ceil(2 sigma_space)), p1 = 1 / (2 sigma_space^2),
// p2 = 1 / (2 sigma_color^2). Clamp-to-edge borders.
vec4 hb_bilateral(ivec2 pos, uint base) {
    int radius = int(hbp_radius);
    float spatial = hbp_spatial;
    float range = hbp_range;
    vec4 centre = hb_load(pos);
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (int y = -radius; y <= radius; y++) {
        for (int x = -radius; x <= radius; x++) {
            vec4 c = hb_load(pos + ivec2(x, y));
            vec3 difference = c.rgb - centre.rgb;
            float weight = exp(-float(x * x + y * y) * spatial - dot(difference, difference) * range);
            sum += c * weight;
            total += weight;
        }
    }
    return sum / total;
}
