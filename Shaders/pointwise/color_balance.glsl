// color_balance (FFmpeg 5.1 colorbalance's model): shifts each channel in
// the shadows, midtones and highlights, selected by l = max + min of the
// pixel's r, g, b (twice its HSL lightness, as FFmpeg reads it).
//   ws = clamp((0.333 - l) * 4 + 0.5, 0, 1) * 0.7
//   wm = clamp((l - 0.333) * 4 + 0.5, 0, 1) * clamp((0.667 - l) * 4 + 0.5, 0, 1) * 0.7
//   wh = clamp((l - 0.667) * 4 + 0.5, 0, 1) * 0.7
//   rgb' = clamp(rgb + shadows ws + midtones wm + highlights wh, 0, 1)
// preserve_lightness: rgb' takes HSL lightness l / 2 with its own hue and
// chroma (max - min), and no saturation where it touches 0 or 1.
vec4 hb_color_balance(vec4 color, uint base) {
    vec3 shadows = vec3(hbp_shadows(0), hbp_shadows(1), hbp_shadows(2));
    vec3 midtones = vec3(hbp_midtones(0), hbp_midtones(1), hbp_midtones(2));
    vec3 highlights = vec3(hbp_highlights(0), hbp_highlights(1), hbp_highlights(2));
    float l = max(color.r, max(color.g, color.b)) + min(color.r, min(color.g, color.b));
    float ws = clamp((0.333 - l) * 4.0 + 0.5, 0.0, 1.0) * 0.7;
    float wm = clamp((l - 0.333) * 4.0 + 0.5, 0.0, 1.0) * clamp((1.0 - l - 0.333) * 4.0 + 0.5, 0.0, 1.0) * 0.7;
    float wh = clamp((l + 0.333 - 1.0) * 4.0 + 0.5, 0.0, 1.0) * 0.7;
    vec3 rgb = clamp(color.rgb + shadows * ws + midtones * wm + highlights * wh, 0.0, 1.0);
    if (hbp_preserve_lightness >= 0.5) {
        float lightness = 0.5 * l;
        float newMax = max(rgb.r, max(rgb.g, rgb.b));
        float newMin = min(rgb.r, min(rgb.g, rgb.b));
        float chroma = newMax - newMin;
        float hue = 0.0;
        if (chroma > 0.0) {
            if (newMax == rgb.r) {
                hue = 60.0 * ((rgb.g - rgb.b) / chroma);
            } else if (newMax == rgb.g) {
                hue = 60.0 * (2.0 + (rgb.b - rgb.r) / chroma);
            } else {
                hue = 60.0 * (4.0 + (rgb.r - rgb.g) / chroma);
            }
            if (hue < 0.0) hue += 360.0;
        }
        float room = 1.0 - abs(2.0 * lightness - 1.0);
        float saturation = (newMax == 1.0 || newMin == 0.0 || room <= 0.0) ? 0.0 : chroma / room;
        float a = saturation * min(lightness, 1.0 - lightness);
        vec3 k = mod(vec3(0.0, 8.0, 4.0) + hue / 30.0, 12.0);
        rgb = clamp(lightness - a * max(min(min(k - 3.0, 9.0 - k), 1.0), -1.0), 0.0, 1.0);
    }
    return vec4(rgb, color.a);
}
