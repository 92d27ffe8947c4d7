// colorlevels (FFmpeg's): each of red, green, blue and alpha through its
// 256-entry table of FFmpeg's codes (ColorLevelsFilter.table), looked up at
// the value's code and interpolated linearly between codes
// (common/table_lookup.glsl); hbp_tables(256 k ...) is channel k's.

vec4 hb_colorlevels(vec4 color, uint base) {
    return vec4(
        hb_table_lookup(hbo_tables, 256u, color.r), hb_table_lookup(hbo_tables + 256u, 256u, color.g),
        hb_table_lookup(hbo_tables + 512u, 256u, color.b), hb_table_lookup(hbo_tables + 768u, 256u, color.a));
}
