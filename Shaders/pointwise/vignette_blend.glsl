// vignette_blend (Harbeth C7VignetteBlend): a vignette whose colour is
// blended into the frame with a blend mode, by the vignette's amount.
//   uv = (pos + 0.5) / size, k = smoothstep(start, end, distance(uv, center))
//   normal:     mix(c, v, k)
//   multiply:   mix(c, c v, k)
//   overlay:    mix(c, c < 0.5 ? 2 c v : 1 - 2 (1 - c)(1 - v), k)
//   soft_light: mix(c, c (1 - v) + v (c < 0.5 ? 2 c : 1 - 2 (1 - c)^2), k)
// alpha kept. p0..1 = center, p2 = start, p3 = end, p4..6 = colour, p7 = mode.
vec4 hb_vignette_blend(vec4 color, uint base) {
    vec2 center = vec2(hbp_center(0), hbp_center(1));
    float start = hbp_start;
    float end = hbp_end;
    vec3 v = vec3(hbp_color(0), hbp_color(1), hbp_color(2));
    int mode = int(hbp_mode);
    vec2 uv = (vec2(hb_pos) + 0.5) / vec2(hb_out_size);
    float d = distance(uv, center);
    float k;
    if (end > start) {
        float t = clamp((d - start) / (end - start), 0.0, 1.0);
        k = t * t * (3.0 - 2.0 * t);
    } else {
        k = step(start, d);
    }
    vec3 c = color.rgb;
    vec3 blended;
    if (mode == 1) {
        blended = c * v;
    } else if (mode == 2) {
        blended = mix(1.0 - 2.0 * (1.0 - c) * (1.0 - v), 2.0 * c * v, lessThan(c, vec3(0.5)));
    } else if (mode == 3) {
        vec3 lit = mix(1.0 - 2.0 * (1.0 - c) * (1.0 - c), 2.0 * c, lessThan(c, vec3(0.5)));
        blended = c * (1.0 - v) + v * lit;
    } else {
        blended = v;
    }
    return vec4(mix(c, blended, k), color.a);
}
