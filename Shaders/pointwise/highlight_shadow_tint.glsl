// highlight_shadow_tint (Harbeth C7HighlightShadowTint, GPUImage
// HighlightShadowTintFilter): tints the shadows towards one colour and the
// highlights towards another, blended by luminance l.
//   s = mix(c, max(c, mix(shadow, c, l)), shadow_intensity)
//   h = mix(c, min(s, mix(s, highlight, l)), highlight_intensity)
//   rgb' = mix(s, h, l)
// p0..2 = shadow colour, p3 = shadow intensity, p4..6 = highlight colour,
// p7 = highlight intensity.
vec4 hb_highlight_shadow_tint(vec4 color, uint base) {
    vec3 shadow = vec3(hbp_shadow(0), hbp_shadow(1), hbp_shadow(2));
    vec3 highlight = vec3(hbp_highlight(0), hbp_highlight(1), hbp_highlight(2));
    float l = hb_luma(color.rgb);
    vec3 s = mix(color.rgb, max(color.rgb, mix(shadow, color.rgb, l)), hbp_shadow_intensity);
    vec3 h = mix(color.rgb, min(s, mix(s, highlight, l)), hbp_highlight_intensity);
    return vec4(mix(s, h, l), color.a);
}
