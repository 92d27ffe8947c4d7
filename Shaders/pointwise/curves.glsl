// curves: one 256-entry table per channel, made when the value is packed
// from the channel's monotone cubic curve followed by the master curve
// (Fritsch-Carlson; see ToneCurve.swift). Values outside 0...1 take the
// table's ends; between entries the table is interpolated linearly.
// p0..255 = red table, p256..511 = green, p512..767 = blue.
float hb_curves_lookup(uint table, float value) {
    float x = clamp(value, 0.0, 1.0) * 255.0;
    float i = min(floor(x), 254.0);
    uint at = table + uint(i);
    return mix(hb_data_at(at), hb_data_at(at + 1u), x - i);
}

vec4 hb_curves(vec4 color, uint base) {
    return vec4(
        hb_curves_lookup(hbo_red, color.r),
        hb_curves_lookup(hbo_green, color.g),
        hb_curves_lookup(hbo_blue, color.b),
        color.a);
}
