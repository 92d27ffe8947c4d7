// invert (Harbeth C7ColorInvert): 1 - rgb; alpha unchanged.
vec4 hb_invert(vec4 color, uint base) {
    return vec4(1.0 - color.rgb, color.a);
}
