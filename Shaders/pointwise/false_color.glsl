// false_color (Harbeth C7FalseColor, GPUImage FalseColorFilter): the
// luminance picks a colour between two.
//   rgb' = mix(dark, light, dot(rgb, (0.2125, 0.7154, 0.0721)))
// p0..2 = dark, p3..5 = light.
vec4 hb_false_color(vec4 color, uint base) {
    vec3 dark = vec3(hbp_dark(0), hbp_dark(1), hbp_dark(2));
    vec3 light = vec3(hbp_light(0), hbp_light(1), hbp_light(2));
    return vec4(mix(dark, light, hb_luma(color.rgb)), color.a);
}
