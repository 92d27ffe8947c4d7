// eq on the frame's own 8-bit planes (Sources/Harbeth/Graph/PlaneEq.swift):
// each code of plane p becomes entry `code` of p's table, FFmpeg's eq's
// table for that plane (Y, U, V: 256 entries each from hb_data_at(base)),
// so the output is FFmpeg's bit for bit.
//
// An invocation writes one group of four samples of every plane down a
// run of rows (HB_BLOCK: one group and run of chroma, and the luma they
// cover), each group through hb_map_group (io/planes_samples.glsl).

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

vec4 hb_map_group(int plane, int row, int g, vec4 codes) {
    uint table = hb_base(0) + uint(256 * plane);
    return vec4(
        hb_data_at(table + uint(codes.x)), hb_data_at(table + uint(codes.y)), hb_data_at(table + uint(codes.z)),
        hb_data_at(table + uint(codes.w)));
}
