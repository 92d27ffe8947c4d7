// rotate (after Harbeth C7Rotate): turns the image clockwise (y points
// down) about its centre. Quarter turns remap pixels exactly:
//   90: out(x, y) = in(y, h - 1 - x)   180: in(w - 1 - x, h - 1 - y)
//   270: in(w - 1 - y, x)
// Any other angle samples bilinearly at
//   src = R(-a) (p - out_size / 2) + in_size / 2   (p a pixel centre)
// and uses the fill colour where src falls outside the input.
// p0 = 0...3 quarter turns, 4 for another angle; p1, p2 = cos a, sin a;
// p3...p6 = the fill colour, RGBA.
vec4 hb_rotate(ivec2 pos, uint base) {
    int turn = int(hbp_turns);
    ivec2 last = hb_in_size - 1;
    if (turn == 0) {
        return hb_load(pos);
    }
    if (turn == 1) {
        return hb_load(ivec2(pos.y, last.y - pos.x));
    }
    if (turn == 2) {
        return hb_load(last - pos);
    }
    if (turn == 3) {
        return hb_load(ivec2(last.x - pos.y, pos.x));
    }
    float c = hbp_cos;
    float s = hbp_sin;
    vec2 d = vec2(pos) + 0.5 - vec2(hb_out_size) * 0.5;
    vec2 source = vec2(c * d.x + s * d.y, -s * d.x + c * d.y) + vec2(hb_in_size) * 0.5;
    if (any(lessThan(source, vec2(0.0))) || any(greaterThan(source, vec2(hb_in_size)))) {
        return vec4(hbp_fill(0), hbp_fill(1), hbp_fill(2), hbp_fill(3));
    }
    return hb_sample(source);
}
