// colorize (FFmpeg colorize, in RGB): the colour of HSL (hue, saturation,
// lightness) with the frame's luminance mixed in.
//   k = hsl_to_rgb(hue, saturation, lightness), Yk = luma(k), Y = luma(rgb)
//   (BT.709 weights); y = mix(Yk, Y, mix); rgb' = k + (y - Yk): the
//   colour's chroma at luminance y.
// p0 = hue (degrees), p1 = saturation, p2 = lightness, p3 = mix.
float hb_colorize_channel(float p, float q, float t) {
    t = fract(t);
    if (t < 1.0 / 6.0) return p + (q - p) * 6.0 * t;
    if (t < 0.5) return q;
    if (t < 2.0 / 3.0) return p + (q - p) * (2.0 / 3.0 - t) * 6.0;
    return p;
}

vec4 hb_colorize(vec4 color, uint base) {
    float h = hbp_hue / 360.0, s = hbp_saturation, l = hbp_lightness;
    float q = l < 0.5 ? l * (1.0 + s) : l + s - l * s;
    float p = 2.0 * l - q;
    vec3 k = vec3(hb_colorize_channel(p, q, h + 1.0 / 3.0), hb_colorize_channel(p, q, h),
        hb_colorize_channel(p, q, h - 1.0 / 3.0));
    const vec3 weights = vec3(0.2126, 0.7152, 0.0722);
    float yk = dot(k, weights);
    float y = mix(yk, dot(color.rgb, weights), hbp_mix);
    return vec4(k + (y - yk), color.a);
}
