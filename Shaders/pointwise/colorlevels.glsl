// colorlevels (FFmpeg's): each of red, green, blue and alpha through its
// 256-entry table of FFmpeg's codes (ColorLevelsFilter.table), looked up at
// the value's code and interpolated linearly between codes; hbp_tables(256
// k ...) is channel k's.
float hb_colorlevels_lookup(uint table, float value) {
    float x = clamp(value, 0.0, 1.0) * 255.0;
    float i = min(floor(x), 254.0);
    uint at = table + uint(i);
    return mix(hb_data_at(at), hb_data_at(at + 1u), x - i);
}

vec4 hb_colorlevels(vec4 color, uint base) {
    return vec4(
        hb_colorlevels_lookup(hbo_tables, color.r), hb_colorlevels_lookup(hbo_tables + 256u, color.g),
        hb_colorlevels_lookup(hbo_tables + 512u, color.b), hb_colorlevels_lookup(hbo_tables + 768u, color.a));
}
