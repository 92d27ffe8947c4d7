// vibrance (Harbeth C7Vibrance, GPUImage VibranceFilter): saturates muted
// colours more than saturated ones.
//   average = (r + g + b) / 3, mx = max(r, g, b)
//   rgb' = mix(rgb, mx, (mx - average) * -3 v)
// p0 = vibrance, -1.2...1.2.
vec4 hb_vibrance(vec4 color, uint base) {
    float average = (color.r + color.g + color.b) / 3.0;
    float mx = max(color.r, max(color.g, color.b));
    float amount = (mx - average) * (-3.0 * hbp_vibrance);
    return vec4(mix(color.rgb, vec3(mx), amount), color.a);
}
