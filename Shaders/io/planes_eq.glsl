// eq on the frame's own 8-bit planes (Sources/Harbeth/Graph/PlaneEq.swift):
// each code of plane p becomes entry `code` of p's table, FFmpeg's eq's
// table for that plane (Y, U, V: 256 entries each from hb_data_at(base)),
// so the output is FFmpeg's bit for bit.
//
// An invocation writes one group of four samples of every plane down a
// run of rows (HB_BLOCK: one group and run of chroma, and the luma they
// cover).

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

void hb_plane_pass(int plane, ivec2 base) {
    uint table = hb_base(0) + uint(256 * plane);
    ivec2 shift = hb_plane_shift(plane);
    ivec2 last = hb_plane_last(plane, hb_in_size);
    for (int i = 0; i < (HB_BLOCK_W >> shift.x) >> 2; i++) {
        int g = ((base.x >> shift.x) >> 2) + i;
        for (int r = 0; r < HB_BLOCK_H >> shift.y; r++) {
            int row = (base.y >> shift.y) + r;
            if (4 * g <= last.x && row <= last.y) {
                vec4 codes = hb_source_group(plane, row, g, last.x);
                vec4 v = vec4(
                    hb_data_at(table + uint(codes.x)), hb_data_at(table + uint(codes.y)),
                    hb_data_at(table + uint(codes.z)), hb_data_at(table + uint(codes.w)));
                hb_put_codes(plane, row, g, v);
            }
        }
    }
}
