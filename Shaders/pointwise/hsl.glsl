// hsl (Harbeth C7HSL's conversions; GIMP Hue-Saturation's rules for
// saturation and lightness): in HSL of the colour clamped to 0...1,
//   h' = (h + hue) mod 360
//   s' = clamp(s * (1 + saturation), 0, 1)
//   l' = l * (1 + lightness) when lightness < 0, else l + lightness * (1 - l)
// then back to RGB; alpha unchanged.
// p0 = hue in degrees, -180...180; p1 = saturation, -1...1; p2 = lightness, -1...1.
vec4 hb_hsl(vec4 color, uint base) {
    vec3 rgb = clamp(color.rgb, 0.0, 1.0);
    float mx = max(rgb.r, max(rgb.g, rgb.b));
    float mn = min(rgb.r, min(rgb.g, rgb.b));
    float delta = mx - mn;
    float l = 0.5 * (mx + mn);
    float h = 0.0;
    float s = 0.0;
    if (delta > 0.0) {
        s = delta / (1.0 - abs(2.0 * l - 1.0));
        if (mx == rgb.r) {
            h = 60.0 * mod((rgb.g - rgb.b) / delta, 6.0);
        } else if (mx == rgb.g) {
            h = 60.0 * ((rgb.b - rgb.r) / delta + 2.0);
        } else {
            h = 60.0 * ((rgb.r - rgb.g) / delta + 4.0);
        }
    }
    h = mod(h + hbp_hue, 360.0);
    s = clamp(s * (1.0 + hbp_saturation), 0.0, 1.0);
    float adjust = hbp_lightness;
    l = adjust < 0.0 ? l * (1.0 + adjust) : l + adjust * (1.0 - l);
    // HSL to RGB: channel n (0 red, 8 green, 4 blue) is
    // l - a * clamp(min(k - 3, 9 - k), -1, 1), k = (n + h / 30) mod 12, a = s * min(l, 1 - l).
    float a = s * min(l, 1.0 - l);
    vec3 k = mod(vec3(0.0, 8.0, 4.0) + h / 30.0, 12.0);
    vec3 result = l - a * clamp(min(k - 3.0, 9.0 - k), -1.0, 1.0);
    return vec4(result, color.a);
}
