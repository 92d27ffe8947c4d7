// transpose: mirrors the image across its main diagonal or turns it a
//   quarter, as FFmpeg's transpose: out(x, y) = in(y, x), the source read
//   upwards for clock (rows reversed), the output written upwards for
//   cclock; clock_flip both. The output is h x w.
// p0 = dir: 0 cclock_flip, 1 clock, 2 cclock, 3 clock_flip.
vec4 hb_transpose(ivec2 pos, uint base) {
    int dir = int(hbp_dir);
    ivec2 source = pos.yx;
    if ((dir & 1) != 0) source.y = hb_in_size.y - 1 - pos.x;
    if ((dir & 2) != 0) source.x = hb_in_size.x - 1 - pos.y;
    return hb_load(source);
}
