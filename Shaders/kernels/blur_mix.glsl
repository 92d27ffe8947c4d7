// blur_mix: the vertical pass of gaussian_blur (radius ceil(3 sigma),
// normalised weights) mixed with the filter's input by a mask, for
// tilt_shift, local_blur and clarity. With p = (pos + 0.5):
//   mode 0 (tilt_shift, linear): d = |p.y / h - center|
//   mode 1 (tilt_shift, radial): d = |p - (w / 2, center h)| / |(w / 2, h / 2)|
//       k = d <= size / 2 ? 0 : (transition > 0 ? clamp((d - size / 2) / transition, 0, 1) : 1)
//   mode 2 (local_blur): d = |p - c size_of_frame| / w (width units),
//       k = 1 - smoothstep(size / 2 - softness, size / 2, d) (a step when softness is 0)
//   mode 3 (clarity): k = -4 l (1 - l), l = luma(in): midtones gain
//       in + (in - blur) 4 l (1 - l) intensity
//   out = mix(in, blur, k intensity)
// p0 = radius r, p1...p(r+1) = weights; then mode, intensity, and
// center (1 or 2 values), size, transition or softness.
vec4 hb_blur_mix_v(ivec2 pos, uint base, sampler2D original) {
    int radius = int(hbp_radius);
    vec4 blur = hb_load(pos) * hbp_weights(0);
    for (int y = 1; y <= radius; y++) {
        float weight = hbp_weights(y);
        blur += (hb_load(pos + ivec2(0, y)) + hb_load(pos - ivec2(0, y))) * weight;
    }
    int mode = int(hbp_mode);
    float intensity = hbp_intensity;
    vec2 size = vec2(hb_in_size);
    vec2 p = vec2(pos) + 0.5;
    vec4 source = texelFetch(original, pos, 0);
    float k;
    if (mode == 3) {
        float l = clamp(hb_luma(source.rgb), 0.0, 1.0);
        k = -4.0 * l * (1.0 - l);
    } else if (mode == 2) {
        vec2 centre = vec2(hbp_center(0), hbp_center(1)) * size;
        float d = distance(p, centre) / size.x;
        float outer = hbp_size * 0.5;
        float softness = hbp_falloff;
        k = softness > 0.0 ? 1.0 - smoothstep(outer - softness, outer, d) : 1.0 - step(outer, d);
    } else {
        float center = hbp_center(0);
        float d = mode == 0 ? abs(p.y / size.y - center)
                            : distance(p, vec2(0.5 * size.x, center * size.y)) / length(0.5 * size);
        float clear = hbp_size * 0.5;
        float transition = hbp_falloff;
        k = d <= clear ? 0.0 : (transition > 0.0 ? clamp((d - clear) / transition, 0.0, 1.0) : 1.0);
    }
    return vec4(mix(source.rgb, blur.rgb, k * intensity), mode == 3 ? source.a : mix(source.a, blur.a, k * intensity));
}
