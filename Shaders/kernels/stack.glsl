// hstack / vstack: the frame, then a second image to its right (or below),
// `padding` pixels apart, on a canvas as tall (or wide) as the larger; the
// uncovered canvas is the colour. Pixels are copied exactly (texelFetch).
// p0 = 0 side by side, 1 stacked; p1 = padding; p2...p5 = colour, RGBA.
vec4 hb_stack(ivec2 pos, uint base, sampler2D second) {
    if (all(lessThan(pos, hb_in_size))) return hb_load(pos);
    int gap = int(hbp_padding);
    ivec2 corner = hbp_vertical > 0.5 ? ivec2(0, hb_in_size.y + gap) : ivec2(hb_in_size.x + gap, 0);
    ivec2 other = pos - corner;
    if (all(greaterThanEqual(other, ivec2(0))) && all(lessThan(other, textureSize(second, 0)))) {
        return texelFetch(second, other, 0);
    }
    return vec4(hbp_color(0), hbp_color(1), hbp_color(2), hbp_color(3));
}
