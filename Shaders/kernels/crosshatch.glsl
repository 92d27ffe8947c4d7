// crosshatch (Harbeth C7Crosshatch, GPUImage CrosshatchFilter): black
// diagonal lines on white, more sets of them the darker the pixel:
//   luma < 1:    (x + y) mod s <= w
//   luma < 0.75: (x - y) mod s <= w
//   luma < 0.5:  (x + y - s/2) mod s <= w
//   luma < 0.3:  (x - y - s/2) mod s <= w
// with x, y the pixel centre in pixels, s the spacing and w the line
// width in pixels (Harbeth gives both as fractions of the width). The
// sums are kept in integers (doubled, for the half-pixel centres and
// s/2) so the line pattern is exact. "luma < 1" is tested as
// luma < 1 - 1e-4 so white stays white under rounding; the nearest 8-bit
// colour below white has luma 1 - 0.0721 / 255 = 0.99972. Alpha unchanged.
// p0 = s (integer), p1 = w.
int hb_crosshatch_mod(int value, int modulus) {
    // % is undefined for negative operands in GLSL: shift up first.
    int shift = (abs(value) / modulus + 1) * modulus;
    return (value + shift) % modulus;
}

vec4 hb_crosshatch(ivec2 pos, uint base) {
    int s = int(hbp_spacing);
    float w2 = 2.0 * hbp_line_width;
    vec4 c = hb_load(pos);
    float l = hb_luma(c.rgb);
    int s2 = 2 * s;
    int sum2 = 2 * (pos.x + pos.y + 1);
    int difference2 = 2 * (pos.x - pos.y);
    bool black = (l < 0.9999 && float(hb_crosshatch_mod(sum2, s2)) <= w2)
        || (l < 0.75 && float(hb_crosshatch_mod(difference2, s2)) <= w2)
        || (l < 0.5 && float(hb_crosshatch_mod(sum2 - s, s2)) <= w2)
        || (l < 0.3 && float(hb_crosshatch_mod(difference2 - s, s2)) <= w2);
    return vec4(black ? vec3(0.0) : vec3(1.0), c.a);
}
