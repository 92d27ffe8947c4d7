// brightness (Harbeth C7Brightness): rgb + b.  p0 = brightness, -1...1.
vec4 hb_brightness(vec4 color, uint base) {
    return vec4(color.rgb + hbp_brightness, color.a);
}
