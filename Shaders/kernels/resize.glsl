// resize: scales to the output size. p0 = method: 0 bilinear (the
// sampler's), 1 bicubic (Catmull-Rom, a = -0.5, as FFmpeg's bicubic with
// its default parameters is close to), 2 nearest, 3 Lanczos (a = 3: six
// taps per axis weighted sinc(x) sinc(x / 3), normalised to sum to 1; the
// kernel is not widened when shrinking). Pixel centres map centre to
// centre: src = (dst + 0.5) * in / out - 0.5. Clamp to edge.
vec4 hb_resize_cubic_row(ivec2 texel, vec4 wx) {
    return hb_load(texel + ivec2(-1, 0)) * wx.x + hb_load(texel) * wx.y
         + hb_load(texel + ivec2(1, 0)) * wx.z + hb_load(texel + ivec2(2, 0)) * wx.w;
}

vec4 hb_resize_lanczos(vec2 centre) {
    ivec2 texel = ivec2(floor(centre));
    vec2 f = centre - vec2(texel);
    float wx[6];
    float wy[6];
    float sumX = 0.0;
    float sumY = 0.0;
    for (int i = 0; i < 6; i++) {
        wx[i] = hb_lanczos3(float(i - 2) - f.x);
        wy[i] = hb_lanczos3(float(i - 2) - f.y);
        sumX += wx[i];
        sumY += wy[i];
    }
    vec4 result = vec4(0.0);
    for (int j = 0; j < 6; j++) {
        vec4 row = vec4(0.0);
        for (int i = 0; i < 6; i++) {
            row += hb_load(texel + ivec2(i - 2, j - 2)) * wx[i];
        }
        result += row * wy[j];
    }
    return result / (sumX * sumY);
}

vec4 hb_resize(ivec2 pos, uint base) {
    int method = int(hbp_method);
    vec2 scale = vec2(hb_in_size) / vec2(hb_out_size);
    vec2 source = (vec2(pos) + 0.5) * scale;
    if (method == 0) {
        return hb_sample(source);
    }
    vec2 centre = source - 0.5;
    if (method == 2) {
        return hb_load(ivec2(floor(source)));
    }
    if (method == 3) {
        return hb_resize_lanczos(centre);
    }
    ivec2 texel = ivec2(floor(centre));
    vec2 f = centre - vec2(texel);
    vec4 wx = hb_cubic_weights(f.x);
    vec4 wy = hb_cubic_weights(f.y);
    return hb_resize_cubic_row(texel + ivec2(0, -1), wx) * wy.x
         + hb_resize_cubic_row(texel, wx) * wy.y
         + hb_resize_cubic_row(texel + ivec2(0, 1), wx) * wy.z
         + hb_resize_cubic_row(texel + ivec2(0, 2), wx) * wy.w;
}
