// highlights_shadows (Harbeth C7HighlightShadow, GPUImage
// HighlightShadowFilter): lifts shadows and pulls down highlights by
// luminance, scaling the colour by the new luminance.
//   l = clamp(dot(rgb, (0.2125, 0.7154, 0.0721)), 0.001, 1)
//   shadow = clamp(l^(1 / (s + 1)) - 0.76 l^(2 / (s + 1)) - l, 0, 1)
//   highlight = clamp(1 - ((1 - l)^(1 / (2 - h)) - 0.8 (1 - l)^(2 / (2 - h))) - l, -1, 0)
//   rgb' = (l + shadow + highlight) * rgb / l
// p0 = shadows, 0...1 (0 unchanged); p1 = highlights, 0...1 (1 unchanged).
vec4 hb_highlights_shadows(vec4 color, uint base) {
    float s = hbp_shadows;
    float h = hbp_highlights;
    float l = clamp(hb_luma(color.rgb), 0.001, 1.0);
    float shadow = clamp(pow(l, 1.0 / (s + 1.0)) - 0.76 * pow(l, 2.0 / (s + 1.0)) - l, 0.0, 1.0);
    float dark = 1.0 - l;
    float highlight = clamp(1.0 - (pow(dark, 1.0 / (2.0 - h)) - 0.8 * pow(dark, 2.0 / (2.0 - h))) - l, -1.0, 0.0);
    return vec4((l + shadow + highlight) * (color.rgb / l), color.a);
}
