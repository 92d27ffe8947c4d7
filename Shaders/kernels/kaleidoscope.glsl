// kaleidoscope: the wedge of `segments` around a centre mirrored into the
// others. About c (in width units), with a = atan(d.y, d.x) - angle and
// wedge s = 2 pi / segments: a' = a mod s, folded, a'' = min(a', s - a');
// src = c + |d| (cos(a'' + angle), sin(a'' + angle)), sampled bilinearly,
// clamped at the edge.
// p0, p1 = centre as fractions of the width and height, p2 = segments,
// p3 = angle (degrees).
vec4 hb_kaleidoscope(ivec2 pos, uint base) {
    float width = float(hb_in_size.x);
    vec2 c = vec2(hbp_center(0), hbp_center(1)) * vec2(hb_in_size) / width;
    vec2 d = (vec2(pos) + 0.5) / width - c;
    float turn = radians(hbp_angle);
    float wedge = 6.283185307179586 / hbp_segments;
    float a = mod(atan(d.y, d.x) - turn, wedge);
    a = min(a, wedge - a) + turn;
    return hb_sample((c + length(d) * vec2(cos(a), sin(a))) * width);
}
