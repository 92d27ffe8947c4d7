// surface_blur (Photoshop's and GIMP's Surface Blur): per channel, the
// weighted mean over a square of radius r, each neighbour weighted by how
// close its value is to the centre's,
//   w = max(0, 1 - |in(q) - in(p)| / (2.5 threshold)), out = sum w in(q) / sum w
// (the centre's weight is 1, so the sum is never 0); alpha kept; clamp-to-edge.
// (Harbeth's C7SurfaceBlur is a bilateral filter, which bilateral is.)
// p0 = r, p1 = threshold.
vec4 hb_surface_blur(ivec2 pos, uint base) {
    int radius = int(hbp_radius);
    float scale = 1.0 / (2.5 * hbp_threshold);
    vec4 centre = hb_load(pos);
    vec3 sum = vec3(0.0);
    vec3 weights = vec3(0.0);
    for (int y = -radius; y <= radius; y++) {
        for (int x = -radius; x <= radius; x++) {
            vec3 c = hb_load(pos + ivec2(x, y)).rgb;
            vec3 w = max(vec3(0.0), 1.0 - abs(c - centre.rgb) * scale);
            sum += w * c;
            weights += w;
        }
    }
    return vec4(sum / weights, centre.a);
}
