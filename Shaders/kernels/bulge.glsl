// bulge (Harbeth C7Bulge, GPUImage BulgeDistortion): inside the radius
// the sample position is pulled towards the centre,
//   src = c + (p - c) * k^2,  k = 1 - (radius - dist) / radius * scale,
// magnifying for positive scale and shrinking for negative; k is 1 at the
// radius, so the edge is seamless. Distances are in units of the frame
// width on both axes; the sample is bilinear, clamp-to-edge.
// p0, p1 = centre as fractions of the width and height; p2 = radius;
// p3 = scale.
vec4 hb_bulge(ivec2 pos, uint base) {
    float width = float(hb_in_size.x);
    vec2 centre = vec2(hbp_center(0), hbp_center(1)) * vec2(hb_in_size) / width;
    float radius = hbp_radius;
    vec2 d = (vec2(pos) + 0.5) / width - centre;
    float dist = length(d);
    if (dist < radius) {
        float k = 1.0 - (radius - dist) / radius * hbp_scale;
        d *= k * k;
    }
    return hb_sample((centre + d) * width);
}
