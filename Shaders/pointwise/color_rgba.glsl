// color_rgba (Harbeth C7ColorRGBA): multiplies each channel by a colour,
// mixed by intensity; alpha is kept.
//   rgb' = mix(rgb, rgb * c, intensity)
// p0..2 = colour, p3 = intensity, 0...1.
vec4 hb_color_rgba(vec4 color, uint base) {
    vec3 tint = vec3(hbp_color(0), hbp_color(1), hbp_color(2));
    return vec4(mix(color.rgb, color.rgb * tint, hbp_intensity), color.a);
}
