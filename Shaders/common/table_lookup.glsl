// A table of n values in hb_data from `table` (curves, colorlevels,
// lookup_1d): the value at v is read between entries i and i + 1 with
// x = clamp(v, 0, 1) (n - 1), i = min(floor(x), n - 2), linearly.
float hb_table_lookup(uint table, uint n, float value) {
    float x = clamp(value, 0.0, 1.0) * float(n - 1u);
    float i = min(floor(x), float(n - 2u));
    uint at = table + uint(i);
    return mix(hb_data_at(at), hb_data_at(at + 1u), x - i);
}
