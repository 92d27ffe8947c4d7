// transpose: mirrors the image across its main diagonal,
//   out(x, y) = in(y, x); the output is h x w.
vec4 hb_transpose(ivec2 pos, uint base) {
    return hb_load(pos.yx);
}
