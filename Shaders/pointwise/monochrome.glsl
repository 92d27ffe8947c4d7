// monochrome (Harbeth C7Monochrome, GPUImage MonochromeFilter): the
// luminance overlaid with a colour, mixed by intensity.
//   l = dot(rgb, (0.2125, 0.7154, 0.0721))
//   toned = l < 0.5 ? 2 l c : 1 - 2 (1 - l)(1 - c), per channel of c
//   rgb' = mix(rgb, toned, intensity)
// p0..2 = colour, p3 = intensity, 0...1.
vec4 hb_monochrome(vec4 color, uint base) {
    vec3 tone = vec3(hbp_color(0), hbp_color(1), hbp_color(2));
    float l = hb_luma(color.rgb);
    vec3 toned = l < 0.5 ? 2.0 * l * tone : 1.0 - 2.0 * (1.0 - l) * (1.0 - tone);
    return vec4(mix(color.rgb, toned, hbp_intensity), color.a);
}
