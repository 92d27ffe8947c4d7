// pinch (Harbeth C7Pinch, GPUImage PinchDistortion): inside the radius
// the sample position is pushed away from the centre,
//   src = c + (p - c) * (1 + (radius - dist) / radius * scale),
// drawing the image inwards for positive scale. Harbeth and GPUImage use
// (0.5 - dist) / 0.5, which tears at any radius but 0.5; the radius
// keeps the edge seamless. Distances are in units of the frame width on
// both axes; the sample is bilinear, clamp-to-edge.
// p0, p1 = centre as fractions of the width and height; p2 = radius;
// p3 = scale.
vec4 hb_pinch(ivec2 pos, uint base) {
    float width = float(hb_in_size.x);
    vec2 centre = vec2(hbp_center(0), hbp_center(1)) * vec2(hb_in_size) / width;
    float radius = hbp_radius;
    vec2 d = (vec2(pos) + 0.5) / width - centre;
    float dist = length(d);
    if (dist < radius) {
        d *= 1.0 + (radius - dist) / radius * hbp_scale;
    }
    return hb_sample((centre + d) * width);
}
