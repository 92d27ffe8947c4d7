// gblur (FFmpeg's) on RGB: rows (hb_gblur_h), then columns (hb_gblur_v),
// each the recursive filter's response on an endless line as weights from
// the centre out (GblurFilter.response), clamp-to-edge; the channels whose
// bit of hbp_mask is 1 (red 1, green 2, blue 4, alpha 8) are blurred, the
// others kept. hbp_reach(0): how far the rows' weights reach, hbp_reach(1)
// the columns'; hbp_weights: the rows', then the columns'. On 8- to
// 12-bit planar YUV alone the planes run the recursive filter itself
// instead (io/planes_gblur.glsl).

vec4 hb_gblur_kept(uint base) {
    int mask = int(hbp_mask);
    return vec4((mask & 1) != 0 ? 0.0 : 1.0, (mask & 2) != 0 ? 0.0 : 1.0, (mask & 4) != 0 ? 0.0 : 1.0,
        (mask & 8) != 0 ? 0.0 : 1.0);
}

vec4 hb_gblur_h(ivec2 pos, uint base) {
    int reach = int(hbp_reach(0));
    vec4 sum = hbp_weights(0) * hb_load(pos);
    for (int i = 1; i <= reach; i++) {
        sum += hbp_weights(i) * (hb_load(pos + ivec2(i, 0)) + hb_load(pos - ivec2(i, 0)));
    }
    return mix(sum, hb_load(pos), hb_gblur_kept(base));
}

vec4 hb_gblur_v(ivec2 pos, uint base) {
    int rows = int(hbp_reach(0));
    int reach = int(hbp_reach(1));
    vec4 sum = hbp_weights(rows + 1) * hb_load(pos);
    for (int i = 1; i <= reach; i++) {
        sum += hbp_weights(rows + 1 + i) * (hb_load(pos + ivec2(0, i)) + hb_load(pos - ivec2(0, i)));
    }
    return mix(sum, hb_load(pos), hb_gblur_kept(base));
}
