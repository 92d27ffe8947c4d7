// exposure (Harbeth C7Exposure): rgb * 2^e.  p0 = exposure, -10...10.
vec4 hb_exposure(vec4 color, uint base) {
    return vec4(color.rgb * exp2(hbp_exposure), color.a);
}
