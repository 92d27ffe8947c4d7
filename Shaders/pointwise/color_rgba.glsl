// color_rgba (Harbeth C7ColorRGBA): multiplies each channel by a colour,
// mixed by intensity; alpha is kept.
//   rgb' = mix(rgb, rgb * c, intensity)
// p0..2 = colour, p3 = intensity, 0...1.
vec4 hb_color_rgba(vec4 color, uint base) {
    vec3 tint = vec3(hb_p[base], hb_p[base + 1u], hb_p[base + 2u]);
    return vec4(mix(color.rgb, color.rgb * tint, hb_p[base + 3u]), color.a);
}
