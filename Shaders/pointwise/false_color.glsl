// false_color (Harbeth C7FalseColor, GPUImage FalseColorFilter): the
// luminance picks a colour between two.
//   rgb' = mix(dark, light, dot(rgb, (0.2125, 0.7154, 0.0721)))
// p0..2 = dark, p3..5 = light.
vec4 hb_false_color(vec4 color, uint base) {
    vec3 dark = vec3(hb_p[base], hb_p[base + 1u], hb_p[base + 2u]);
    vec3 light = vec3(hb_p[base + 3u], hb_p[base + 4u], hb_p[base + 5u]);
    return vec4(mix(dark, light, hb_luma(color.rgb)), color.a);
}
