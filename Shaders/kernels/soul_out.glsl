// soul_out (Harbeth C7SoulOut): a scaled-up, translucent copy of the frame
// drifting out of it.
//   alpha = max_alpha (1 - soul), scale = 1 + (max_scale - 1) soul
//   ghost = in at 0.5 + (uv - 0.5) / scale, bilinear
//   out = in (1 - alpha) + ghost alpha
// p0 = soul, p1 = max_scale, p2 = max_alpha.
vec4 hb_soul_out(ivec2 pos, uint base) {
    float soul = hbp_soul;
    float alpha = hbp_max_alpha * (1.0 - soul);
    float scale = 1.0 + (hbp_max_scale - 1.0) * soul;
    vec2 size = vec2(hb_in_size);
    vec2 uv = (vec2(pos) + 0.5) / size;
    vec4 ghost = hb_sample((0.5 + (uv - 0.5) / scale) * size);
    return mix(hb_load(pos), ghost, alpha);
}
