// temperature (Harbeth C7Temperature's steps, with the warm mix scaled by
// the temperature itself so 0 leaves the image alone):
//   tint: YIQ's Q += tint * 0.05226, clamped to +-0.5226
//   warm = overlay(rgb, (0.93, 0.54, 0)); values outside 0...1 continue
//          the overlay's end segments (v * 2w below 0, 1 + 2(1 - w)(v - 1) above 1)
//   rgb' = mix(rgb, warm, temperature); negative values cool
//   color_shift > 0: r, b += 0.2 s, g -= 0.1 s; < 0: g, b -= 0.2 s, r += 0.1 s
//   out = mix(in, rgb', intensity); alpha kept
// p0 = temperature, p1 = tint, p2 = colour shift, p3 = intensity.
vec4 hb_temperature(vec4 color, uint base) {
    const mat3 toYIQ = mat3(0.299, 0.596, 0.212, 0.587, -0.274, -0.523, 0.114, -0.322, 0.311);
    const mat3 fromYIQ = mat3(1.0, 1.0, 1.0, 0.956, -0.272, -1.105, 0.621, -0.647, 1.702);
    const vec3 warmFilter = vec3(0.93, 0.54, 0.0);
    vec3 yiq = toYIQ * color.rgb;
    yiq.z = clamp(yiq.z + hbp_tint * 0.05226, -0.5226, 0.5226);
    vec3 c = fromYIQ * yiq;
    vec3 warm;
    for (int i = 0; i < 3; i++) {
        float v = c[i];
        float w = warmFilter[i];
        if (v < 0.0) {
            warm[i] = v * 2.0 * w;
        } else if (v < 0.5) {
            warm[i] = 2.0 * v * w;
        } else if (v <= 1.0) {
            warm[i] = 1.0 - 2.0 * (1.0 - v) * (1.0 - w);
        } else {
            warm[i] = 1.0 + 2.0 * (1.0 - w) * (v - 1.0);
        }
    }
    vec3 adjusted = mix(c, warm, hbp_temperature);
    float shift = hbp_color_shift;
    if (shift > 0.0) {
        adjusted += vec3(0.2, -0.1, 0.2) * shift;
    } else if (shift < 0.0) {
        adjusted += vec3(0.1, -0.2, -0.2) * shift;
    }
    return vec4(mix(color.rgb, adjusted, hbp_intensity), color.a);
}
