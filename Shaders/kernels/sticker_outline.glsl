// sticker_outline (Harbeth C7StickerOutline, without its blur): an outline
// where colours change, strongest near the change.
//   pixels with alpha < 0.1 become transparent black; for the others, over
//   |x|, |y| <= r (not the centre, inside the frame), where
//   diff = |in(q).rgb - in(p).rgb| > 0.3:  s = max (1 - |(x, y)| / r) diff
//   out = mix(in, color, min(s, 1) 0.8); alpha kept
// (Harbeth's thickness is a fraction of the width; ours is pixels.)
// p0 = r, p1..3 = colour.
vec4 hb_sticker_outline(ivec2 pos, uint base) {
    vec4 c = hb_load(pos);
    if (c.a < 0.1) {
        return vec4(0.0);
    }
    int radius = int(hbp_thickness);
    float strength = 0.0;
    for (int y = -radius; y <= radius; y++) {
        for (int x = -radius; x <= radius; x++) {
            ivec2 q = pos + ivec2(x, y);
            if ((x == 0 && y == 0) || any(lessThan(q, ivec2(0))) || any(greaterThanEqual(q, hb_in_size))) continue;
            float diff = distance(hb_load(q).rgb, c.rgb);
            if (diff > 0.3) {
                strength = max(strength, (1.0 - length(vec2(x, y)) / float(radius)) * diff);
            }
        }
    }
    vec3 outline = vec3(hbp_color(0), hbp_color(1), hbp_color(2));
    return vec4(mix(c.rgb, outline, min(strength, 1.0) * 0.8), c.a);
}
