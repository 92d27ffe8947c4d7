// crop: the output pixel (x, y) is the input pixel (x + left, y + top).
// p0 = left, p1 = top (the output size is the crop's width and height).
vec4 hb_crop(ivec2 pos, uint base) {
    return hb_load(pos + ivec2(int(hbp_x), int(hbp_y)));
}
