// color_temperature (FFmpeg 5.1's colortemperature): each channel scaled by
// the black body's colour at the temperature (computed once when the value
// is packed), mixed with the input, then scaled towards the input's
// max + min by preserve_lightness.
//   n = mix(rgb, rgb * body, mix)
//   l = (max(rgb) + min(rgb) + eps) / (max(n) + min(n) + eps)
//   rgb' = mix(n, n * l, preserve_lightness)
vec4 hb_color_temperature(vec4 color, uint base) {
    vec3 body = vec3(hbp_red, hbp_green, hbp_blue);
    vec3 scaled = mix(color.rgb, color.rgb * body, hbp_mix);
    float before = max(color.r, max(color.g, color.b)) + min(color.r, min(color.g, color.b)) + 1.1920929e-7;
    float after = max(scaled.r, max(scaled.g, scaled.b)) + min(scaled.r, min(scaled.g, scaled.b)) + 1.1920929e-7;
    return vec4(mix(scaled, scaled * (before / after), hbp_preserve_lightness), color.a);
}
