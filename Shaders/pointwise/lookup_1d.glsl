// lookup_1d (Harbeth C7LookupTable1D) and multi_zone_lookup (Harbeth
// C7MultiZoneLookup): per-channel tables of N entries from lookup images,
// read in hb_data and interpolated linearly (x = clamp(v, 0, 1) (N - 1);
// common/table_lookup.glsl).
// hb_lookup_1d: mix(rgb, (R(r), G(g), B(b)), intensity).
//   data: intensity, N, three unused zone values, then the red, green and blue tables.
// hb_multi_zone_lookup: three sets of tables (shadows, midtones,
//   highlights) weighted by luma l (0.2125, 0.7154, 0.0721): with
//   s = min(shadow, highlight - 0.01), h = max(highlight, s + 0.01), w = transition,
//   l <= s: shadows; l >= h: highlights; l <= s + w: shadows -> midtones by
//   (l - s) / w; l >= h - w: midtones -> highlights by (l - h + w) / w;
//   between: midtones (Harbeth divides by 2w, which jumps at the zone's
//   edge). mix(rgb, weighted, intensity).
//   data: intensity, N, shadow, highlight, transition, then the three sets.
vec3 hb_lookup_1d_apply(uint tables, uint n, vec3 c) {
    return vec3(
        hb_table_lookup(tables, n, c.r), hb_table_lookup(tables + n, n, c.g),
        hb_table_lookup(tables + 2u * n, n, c.b));
}

vec4 hb_lookup_1d(vec4 color, uint base) {
    uint n = uint(hbp_entries);
    return vec4(mix(color.rgb, hb_lookup_1d_apply(hbo_tables, n, color.rgb), hbp_intensity), color.a);
}

vec4 hb_multi_zone_lookup(vec4 color, uint base) {
    uint n = uint(hbp_entries);
    float shadow = min(hbp_shadow, hbp_highlight - 0.01);
    float highlight = max(hbp_highlight, shadow + 0.01);
    float width = hbp_transition;
    float l = hb_luma(color.rgb);
    vec3 weights;
    if (l <= shadow) {
        weights = vec3(1.0, 0.0, 0.0);
    } else if (l >= highlight) {
        weights = vec3(0.0, 0.0, 1.0);
    } else if (l <= shadow + width) {
        float t = (l - shadow) / width;
        weights = vec3(1.0 - t, t, 0.0);
    } else if (l >= highlight - width) {
        float t = (l - highlight + width) / width;
        weights = vec3(0.0, 1.0 - t, t);
    } else {
        weights = vec3(0.0, 1.0, 0.0);
    }
    uint tables = hbo_tables;
    vec3 zoned = weights.x * hb_lookup_1d_apply(tables, n, color.rgb)
        + weights.y * hb_lookup_1d_apply(tables + 3u * n, n, color.rgb)
        + weights.z * hb_lookup_1d_apply(tables + 6u * n, n, color.rgb);
    return vec4(mix(color.rgb, zoned, hbp_intensity), color.a);
}
