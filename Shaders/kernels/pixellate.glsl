// pixellate (Harbeth C7Pixellated): every pixel of a size x size block
// takes the colour of the block's centre pixel,
//   out(p) = in(floor(p / size) * size + floor(size / 2)), clamped to the frame.
// Harbeth gives the size as a fraction of the width. p0 = size (integer).
vec4 hb_pixellate(ivec2 pos, uint base) {
    int size = int(hbp_size);
    return hb_load((pos / size) * size + size / 2);
}
