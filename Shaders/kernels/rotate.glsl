// rotate (after Harbeth C7Rotate): turns the image clockwise (y points
// down) about its centre. Quarter turns remap pixels exactly:
//   90: out(x, y) = in(y, h - 1 - x)   180: in(w - 1 - x, h - 1 - y)
//   270: in(w - 1 - y, x)
// Any other angle samples bilinearly at
//   src = R(-a) (p - out_size / 2) + in_size / 2   (p a pixel centre)
// and uses the fill colour where src falls outside the input.
// With edge=ffmpeg the picture reaches as far as FFmpeg's rotate takes it:
// a pixel index i = src - 0.5 whose floor lies in -1...size is sampled, its
// corner clamped into the frame and its fraction kept (vf_rotate's
// interpolate_bilinear), so the turned picture's edges match FFmpeg's.
// p0 = 0...3 quarter turns, 4 for another angle; p1, p2 = cos a, sin a;
// p3...p6 = the fill colour, RGBA; p7 = 1 for edge=ffmpeg.
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
    if (hbp_edge > 0.5) {
        vec2 index = source - 0.5;
        ivec2 whole = ivec2(floor(index));
        if (any(lessThan(whole, ivec2(-1))) || any(greaterThan(whole, hb_in_size))) {
            return vec4(hbp_fill(0), hbp_fill(1), hbp_fill(2), hbp_fill(3));
        }
        vec2 f = index - vec2(whole);
        ivec2 p0 = clamp(whole, ivec2(0), last);
        ivec2 p1 = min(p0 + 1, last);
        vec4 top = mix(hb_load(p0), hb_load(ivec2(p1.x, p0.y)), f.x);
        vec4 bottom = mix(hb_load(ivec2(p0.x, p1.y)), hb_load(p1), f.x);
        return mix(top, bottom, f.y);
    }
    if (any(lessThan(source, vec2(0.0))) || any(greaterThan(source, vec2(hb_in_size)))) {
        return vec4(hbp_fill(0), hbp_fill(1), hbp_fill(2), hbp_fill(3));
    }
    return hb_sample(source);
}
