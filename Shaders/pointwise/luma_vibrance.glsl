// luma_vibrance (FFmpeg 5.1's vibrance): each channel pushed away from a
// weighted luma, less where the colour is already saturated.
//   luma = r lr + g lg + b lb, sat = max(r, g, b) - min(r, g, b)
//   i_c = intensity * balance_c
//   c' = luma + (c - luma) (1 + i_c (1 - a sign(i_c) sat)), a = 1 with
//   alternate, -1 without
vec4 hb_luma_vibrance(vec4 color, uint base) {
    vec3 balance = vec3(hbp_balance(0), hbp_balance(1), hbp_balance(2));
    vec3 weights = vec3(hbp_luma(0), hbp_luma(1), hbp_luma(2));
    float luma = dot(color.rgb, weights);
    float saturation = max(color.r, max(color.g, color.b)) - min(color.r, min(color.g, color.b));
    vec3 intensity = hbp_intensity * balance;
    float alternate = hbp_alternate >= 0.5 ? 1.0 : -1.0;
    vec3 push = 1.0 + intensity * (1.0 - alternate * sign(intensity) * saturation);
    return vec4(luma + (color.rgb - luma) * push, color.a);
}
