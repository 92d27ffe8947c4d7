// luminance_adaptive_contrast (Harbeth C7LuminanceAdaptiveContrast): more
// contrast in the shadows than in the highlights (or the reverse for a
// negative amount).
//   l = dot(rgb, (0.299, 0.587, 0.114)), k = mix(1, 1 + 4 amount (0.5 - l), adaptivity)
//   rgb' = (rgb - 0.5) k + 0.5; alpha kept
// p0 = amount, p1 = adaptivity.
vec4 hb_luminance_adaptive_contrast(vec4 color, uint base) {
    float l = dot(color.rgb, vec3(0.299, 0.587, 0.114));
    float k = mix(1.0, 1.0 + hbp_amount * (0.5 - l) * 4.0, hbp_adaptivity);
    return vec4((color.rgb - 0.5) * k + 0.5, color.a);
}
