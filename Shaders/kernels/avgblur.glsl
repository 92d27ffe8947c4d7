// avgblur (FFmpeg's) on RGB: the mean of each channel over a box rx either
// side (hb_avgblur_h), then ry above and below (hb_avgblur_v), edges
// clamped; the channels whose bit of hbp_mask is 1 (red 1, green 2, blue 4,
// alpha 8) are blurred, the others kept. On 8- to 12-bit planar YUV alone
// the planes sum whole numbers and truncate as FFmpeg does instead
// (io/planes_avgblur.glsl).

vec4 hb_avgblur_kept(uint base) {
    int mask = int(hbp_mask);
    return vec4((mask & 1) != 0 ? 0.0 : 1.0, (mask & 2) != 0 ? 0.0 : 1.0, (mask & 4) != 0 ? 0.0 : 1.0,
        (mask & 8) != 0 ? 0.0 : 1.0);
}

vec4 hb_avgblur_h(ivec2 pos, uint base) {
    int r = int(hbp_rx);
    vec4 sum = vec4(0.0);
    for (int i = -r; i <= r; i++) sum += hb_load(pos + ivec2(i, 0));
    return mix(sum / float(2 * r + 1), hb_load(pos), hb_avgblur_kept(base));
}

vec4 hb_avgblur_v(ivec2 pos, uint base) {
    int r = int(hbp_ry);
    vec4 sum = vec4(0.0);
    for (int i = -r; i <= r; i++) sum += hb_load(pos + ivec2(0, i));
    return mix(sum / float(2 * r + 1), hb_load(pos), hb_avgblur_kept(base));
}
