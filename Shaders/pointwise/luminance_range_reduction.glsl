// luminance_range_reduction (Harbeth C7LuminanceRangeReduction, GPUImage
// LuminanceRangeReduction): pulls every colour towards mid-grey luminance
// by the same amount in each channel, flattening the tonal range.
//   l = dot(rgb, (0.2125, 0.7154, 0.0721)); rgb' = rgb + (0.5 - l) * factor
// p0 = factor, 0...1.
vec4 hb_luminance_range_reduction(vec4 color, uint base) {
    float shift = (0.5 - hb_luma(color.rgb)) * hbp_factor;
    return vec4(color.rgb + shift, color.a);
}
