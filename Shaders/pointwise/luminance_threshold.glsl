// luminance_threshold (Harbeth C7LuminanceThreshold): white where the
// luminance reaches the threshold, black elsewhere; alpha unchanged.
//   rgb' = step(threshold, dot(rgb, (0.2125, 0.7154, 0.0721)))
// p0 = threshold, 0...1.
vec4 hb_luminance_threshold(vec4 color, uint base) {
    return vec4(vec3(step(hbp_threshold, hb_luma(color.rgb))), color.a);
}
