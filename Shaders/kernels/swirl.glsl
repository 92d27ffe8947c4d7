// swirl (Harbeth C7Swirl, GPUImage SwirlFilter): inside the radius the
// image turns about the centre by theta = percent^2 * angle * 8 with
// percent = (radius - dist) / radius, so the twist fades to nothing at the
// radius. Distances are in units of the frame width on both axes, so the
// circle is round; the sample is bilinear, clamp-to-edge.
// p0, p1 = centre as fractions of the width and height; p2 = radius;
// p3 = angle.
vec4 hb_swirl(ivec2 pos, uint base) {
    float width = float(hb_in_size.x);
    vec2 centre = vec2(hbp_center(0), hbp_center(1)) * vec2(hb_in_size) / width;
    float radius = hbp_radius;
    vec2 d = (vec2(pos) + 0.5) / width - centre;
    float dist = length(d);
    if (dist < radius) {
        float percent = (radius - dist) / radius;
        float theta = percent * percent * hbp_angle * 8.0;
        float s = sin(theta);
        float c = cos(theta);
        d = vec2(dot(d, vec2(c, -s)), dot(d, vec2(s, c)));
    }
    return hb_sample((centre + d) * width);
}
