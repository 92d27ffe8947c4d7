// curves: one 256-entry table per channel, made when the value is packed
// from the channel's monotone cubic curve followed by the master curve
// (Fritsch-Carlson; see ToneCurve.swift). Values outside 0...1 take the
// table's ends; between entries the table is interpolated linearly
// (common/table_lookup.glsl). p0..255 = red table, p256..511 = green,
// p512..767 = blue.
vec4 hb_curves(vec4 color, uint base) {
    return vec4(
        hb_table_lookup(hbo_red, 256u, color.r),
        hb_table_lookup(hbo_green, 256u, color.g),
        hb_table_lookup(hbo_blue, 256u, color.b),
        color.a);
}
