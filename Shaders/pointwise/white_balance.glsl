// white_balance (Harbeth C7WhiteBalance, GPUImage WhiteBalanceFilter):
//   yiq = rows (0.299 0.587 0.114) (0.596 -0.274 -0.322) (0.212 -0.523 0.311) * rgb
//   Q = clamp(Q + tint / 100 * 0.05226, -0.5226, 0.5226)
//   rgb1 = rows (1 0.956 0.621) (1 -0.272 -0.647) (1 -1.105 1.702) * yiq
//   warm = overlay(rgb1, (0.93, 0.54, 0)): 2 v w below 0.5, 1 - 2 (1 - v)(1 - w) from 0.5
//   rgb' = mix(rgb1, warm, k), k = 0.0004 (T - 5000) below 5000 K, 0.00006 (T - 5000) above
// The overlay's two formulas continue linearly outside 0...1, as Harbeth's does.
// Harbeth and GPUImage build these matrices with column-major constructors,
// so their code multiplies by the transposes; here they are the YIQ rows
// they spell (the round trip is the identity either way at tint 0).
// p0 = the tint's shift of Q, p1 = k (both computed when the value is packed).
vec4 hb_white_balance(vec4 color, uint base) {
    vec3 yiq = vec3(
        dot(color.rgb, vec3(0.299, 0.587, 0.114)),
        dot(color.rgb, vec3(0.596, -0.274, -0.322)),
        dot(color.rgb, vec3(0.212, -0.523, 0.311)));
    yiq.z = clamp(yiq.z + hbp_tint_shift, -0.5226, 0.5226);
    vec3 rgb = vec3(
        dot(yiq, vec3(1.0, 0.956, 0.621)),
        dot(yiq, vec3(1.0, -0.272, -0.647)),
        dot(yiq, vec3(1.0, -1.105, 1.702)));
    const vec3 warm = vec3(0.93, 0.54, 0.0);
    vec3 below = 2.0 * rgb * warm;
    vec3 above = 1.0 - 2.0 * (1.0 - rgb) * (1.0 - warm);
    vec3 warmed = mix(below, above, step(0.5, rgb));
    return vec4(mix(rgb, warmed, hbp_warmth), color.a);
}
