// pad: places the input on a larger canvas of a colour,
//   out(p) = in(p - (x, y)) inside the input's rectangle, else colour.
// p0, p1 = x, y (the input's top-left corner on the canvas);
// p2...p5 = the colour, RGBA.
vec4 hb_pad(ivec2 pos, uint base) {
    ivec2 source = pos - ivec2(int(hbp_x), int(hbp_y));
    if (any(lessThan(source, ivec2(0))) || any(greaterThanEqual(source, hb_in_size))) {
        return vec4(hbp_color(0), hbp_color(1), hbp_color(2), hbp_color(3));
    }
    return hb_load(source);
}
