// granularity (Harbeth C7Granularity): monochrome film grain, a new
// pattern for every millisecond of frame time (so every frame).
//   n = hb_hash01((x + 65536 y) xor hb_hash(key)), key = round(1000 t)
//   rgb' = rgb + (n - 0.5) grain; alpha kept
// (Harbeth subtracts n grain from all four channels, darkening the frame,
// with a sine hash of the position that never moves.)
// p0 = grain.
vec4 hb_granularity(vec4 color, uint base) {
    uint key = uint(int(floor(hb_time * 1000.0 + 0.5)));
    float n = hb_hash01((uint(hb_pos.x) + 65536u * uint(hb_pos.y)) ^ hb_hash(key));
    return vec4(color.rgb + (n - 0.5) * hbp_grain, color.a);
}
