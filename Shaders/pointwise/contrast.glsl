// contrast (Harbeth C7Contrast): 0.5 + (rgb - 0.5) * c.  p0 = contrast, 0...4.
vec4 hb_contrast(vec4 color, uint base) {
    return vec4(0.5 + (color.rgb - 0.5) * hbp_contrast, color.a);
}
