// color_balance (GIMP Color Balance, as FFmpeg colorbalance): shifts each
// channel in the shadows, midtones and highlights, selected by lightness.
//   l = (max(r, g, b) + min(r, g, b)) / 2
//   ws = clamp((0.333 - l) / 0.25 + 0.5, 0, 1) * 0.7
//   wm = clamp((l - 0.333) / 0.25 + 0.5, 0, 1) * clamp((0.667 - l) / 0.25 + 0.5, 0, 1) * 0.7
//   wh = clamp((l - 0.667) / 0.25 + 0.5, 0, 1) * 0.7
//   rgb' = clamp(rgb + shadows ws + midtones wm + highlights wh, 0, 1)
//   preserve_lightness: rgb' keeps its HSL hue and saturation and takes l.
// p0..2 = shadows, p3..5 = midtones, p6..8 = highlights, p9 = preserve_lightness.
vec4 hb_color_balance(vec4 color, uint base) {
    vec3 shadows = vec3(hbp_shadows(0), hbp_shadows(1), hbp_shadows(2));
    vec3 midtones = vec3(hbp_midtones(0), hbp_midtones(1), hbp_midtones(2));
    vec3 highlights = vec3(hbp_highlights(0), hbp_highlights(1), hbp_highlights(2));
    float mx = max(color.r, max(color.g, color.b));
    float mn = min(color.r, min(color.g, color.b));
    float l = 0.5 * (mx + mn);
    float ws = clamp((0.333 - l) / 0.25 + 0.5, 0.0, 1.0) * 0.7;
    float wm = clamp((l - 0.333) / 0.25 + 0.5, 0.0, 1.0) * clamp((1.0 - 0.333 - l) / 0.25 + 0.5, 0.0, 1.0) * 0.7;
    float wh = clamp((l + 0.333 - 1.0) / 0.25 + 0.5, 0.0, 1.0) * 0.7;
    vec3 rgb = clamp(color.rgb + shadows * ws + midtones * wm + highlights * wh, 0.0, 1.0);
    if (hbp_preserve_lightness >= 0.5) {
        // Same hue and HSL saturation at lightness l: the colour's shape
        // (rgb - min) / chroma scaled to the chroma that saturation has at l.
        float newMax = max(rgb.r, max(rgb.g, rgb.b));
        float newMin = min(rgb.r, min(rgb.g, rgb.b));
        float chroma = newMax - newMin;
        float lightness = clamp(l, 0.0, 1.0);
        if (chroma > 0.0) {
            float saturation = chroma / (1.0 - abs(newMax + newMin - 1.0));
            float target = saturation * (1.0 - abs(2.0 * lightness - 1.0));
            rgb = lightness + target * ((rgb - newMin) / chroma - 0.5);
        } else {
            rgb = vec3(lightness);
        }
    }
    return vec4(rgb, color.a);
}
