// solid: a frame made from nothing but its colour, of the input's size or
// its own (the input is not read): every pixel the colour.
vec4 hb_solid(ivec2 pos, uint base) {
    return vec4(hbp_color(0), hbp_color(1), hbp_color(2), hbp_color(3));
}
