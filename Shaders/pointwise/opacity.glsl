// opacity (Harbeth C7Opacity): alpha * opacity; colour unchanged.
// p0 = opacity, 0...1.
vec4 hb_opacity(vec4 color, uint base) {
    return vec4(color.rgb, color.a * hbp_opacity);
}
