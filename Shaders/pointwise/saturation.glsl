// saturation (Harbeth C7Saturation): mix(luma, rgb, s), luma weights
// 0.2125, 0.7154, 0.0721.  p0 = saturation, 0...2.
vec4 hb_saturation(vec4 color, uint base) {
    return vec4(mix(vec3(hb_luma(color.rgb)), color.rgb, hbp_saturation), color.a);
}
