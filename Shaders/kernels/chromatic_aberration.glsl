// chromatic_aberration: a lens's lateral colour fringes. About a centre
// (in width units, so the fringes are round), red is sampled at
// c + (p - c)(1 + amount) and blue at c + (p - c)(1 - amount), green where
// it is; bilinear, clamped; alpha kept.
// p0, p1 = centre as fractions of the frame; p2 = amount.
vec4 hb_chromatic_aberration(ivec2 pos, uint base) {
    vec2 size = vec2(hb_in_size);
    vec2 centre = vec2(hbp_center(0), hbp_center(1)) * size;
    float amount = hbp_amount;
    vec2 d = vec2(pos) + 0.5 - centre;
    vec4 middle = hb_load(pos);
    return vec4(hb_sample(centre + d * (1.0 + amount)).r, middle.g, hb_sample(centre + d * (1.0 - amount)).b, middle.a);
}
