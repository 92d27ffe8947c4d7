// water_ripple (Harbeth C7WaterRipple): a ring wave at distance `ripple`
// from a centre. Distances in units of the frame width. Where
// ripple > boundary and |dist - ripple| <= boundary, the sample moves
// along the radius by -(8 (dist - ripple))^3:
//   src = p + normalize(p - c) * -(8 (dist - ripple))^3, bilinear, clamped.
// p0, p1 = centre; p2 = ripple; p3 = boundary.
vec4 hb_water_ripple(ivec2 pos, uint base) {
    float width = float(hb_in_size.x);
    vec2 centre = vec2(hbp_center(0), hbp_center(1)) * vec2(hb_in_size) / width;
    float ripple = hbp_ripple;
    float boundary = hbp_boundary;
    vec2 p = (vec2(pos) + 0.5) / width;
    vec2 d = p - centre;
    float dist = length(d);
    if (ripple - boundary > 0.0 && abs(dist - ripple) <= boundary && dist > 0.0) {
        float k = 8.0 * (dist - ripple);
        p -= d / dist * (k * k * k);
    }
    return hb_sample(p * width);
}
