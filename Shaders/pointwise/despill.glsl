// despill (FFmpeg despill): removes a green or blue screen's spill.
//   spill = max(key - (r mix + other (1 - mix)(1 - expand)), 0), key = g
//   (green) or b (blue), other = b or g
//   c' = max(c + spill (scale_c + brightness), 0) per channel
//   alpha, when asked: 1 - spill.
// p0 = type (0 green, 1 blue), p1 = mix, p2 = expand, p3..5 = red, green,
// blue scales, p6 = brightness, p7 = alpha (0/1).
vec4 hb_despill(vec4 color, uint base) {
    float mixing = hbp_mix;
    float factor = (1.0 - mixing) * (1.0 - hbp_expand);
    bool blue = hbp_type > 0.5;
    float key = blue ? color.b : color.g;
    float other = blue ? color.g : color.b;
    float spill = max(key - (color.r * mixing + other * factor), 0.0);
    vec3 scale = vec3(hbp_red, hbp_green, hbp_blue) + hbp_brightness;
    vec3 rgb = max(color.rgb + spill * scale, 0.0);
    return vec4(rgb, hbp_alpha > 0.5 ? 1.0 - spill : color.a);
}
