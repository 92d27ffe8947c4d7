// vignette (Harbeth C7Vignette, GPUImage VignetteFilter): mixes towards a
// colour with the distance from a centre, in coordinates normalised to
// 0...1 on each axis at pixel centres.
//   uv = (pos + 0.5) / size, d = distance(uv, center)
//   rgb' = mix(rgb, color, smoothstep(start, end, d)); a hard edge at start
//   when end <= start.
// p0..1 = center, p2 = start, p3 = end, p4..6 = colour.
vec4 hb_vignette(vec4 color, uint base) {
    vec2 center = vec2(hbp_center(0), hbp_center(1));
    float start = hbp_start;
    float end = hbp_end;
    vec3 tone = vec3(hbp_color(0), hbp_color(1), hbp_color(2));
    vec2 uv = (vec2(hb_pos) + 0.5) / vec2(hb_out_size);
    float d = distance(uv, center);
    float amount;
    if (end > start) {
        float t = clamp((d - start) / (end - start), 0.0, 1.0);
        amount = t * t * (3.0 - 2.0 * t);
    } else {
        amount = step(start, d);
    }
    return vec4(mix(color.rgb, tone, amount), color.a);
}
