// flip: mirrors the image. p0 = 1 to flip horizontally, p1 = 1 to flip
// vertically.
vec4 hb_flip(ivec2 pos, uint base) {
    ivec2 last = hb_in_size - 1;
    ivec2 source = ivec2(hbp_horizontal > 0.5 ? last.x - pos.x : pos.x, hbp_vertical > 0.5 ? last.y - pos.y : pos.y);
    return hb_load(source);
}
