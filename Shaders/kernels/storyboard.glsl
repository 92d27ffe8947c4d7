// storyboard (Harbeth C7Storyboard): the whole frame in N x N tiles.
//   uv = (pos + 0.5) / size, tile uv' = fract(uv N), bilinear sample at uv' size
// (Harbeth reads the nearest pixel; the bilinear sample shrinks with less aliasing).
// p0 = N, the tiles per row and column.
vec4 hb_storyboard(ivec2 pos, uint base) {
    float n = hbp_ranks;
    vec2 uv = (vec2(pos) + 0.5) / vec2(hb_in_size);
    return hb_sample(fract(uv * n) * vec2(hb_in_size));
}
