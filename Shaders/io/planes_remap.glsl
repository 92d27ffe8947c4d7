// Flips, transposes and quarter turns on the frame's own planes
// (Sources/Harbeth/Graph/PlaneRemap.swift): every output sample of a plane
// is one input sample of the same plane, moved, never converted, as
// FFmpeg's hflip, vflip and transpose move them.
//
// HB_PLANES planes of HB_SAMPLE_BYTES-byte samples (1 or 2; 4 for RGBA
// pixels); planes 1 and 2 are subsampled by HB_SHIFT_X, HB_SHIFT_Y, plane
// 3 (alpha) is not. Each invocation writes one output block of
// HB_BLOCK_W x HB_BLOCK_H pixels (whole 32-bit words of every plane).
// p[8 k ... 8 k + 5] = plane k's map from an output sample (x, y) to its
// input sample (a x + b y + c, d x + e y + f); p[8 k + 6], p[8 k + 7] = the
// low and high 16 bits of the sample that fills the plane outside the
// input, with HB_FILL (a pad); without it, the edge is clamped.

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);
const int HB_PER_WORD = 4 / HB_SAMPLE_BYTES;

uint hb_sample(int plane, ivec2 p) {
    uint index = uint(hb_in_planes[plane].x + p.y * hb_in_planes[plane].y + p.x * HB_SAMPLE_BYTES);
#if HB_SAMPLE_BYTES == 4
    return hb_src_at(int(index >> 2));
#elif HB_SAMPLE_BYTES == 2
    return (hb_src_at(int(index >> 2)) >> ((index & 2u) << 3)) & 0xFFFFu;
#else
    return (hb_src_at(int(index >> 2)) >> ((index & 3u) << 3)) & 0xFFu;
#endif
}

#if defined(HB_ROWS) && HB_SAMPLE_BYTES == 1
// With HB_ROWS every plane's map keeps rows as rows (b = d = 0, a and e
// are 1 or -1: flips, half turns, pads), so the four bytes of an output
// word are four neighbours of one source row: two word loads and a funnel
// shift, reversed where a = -1, instead of four loads of a byte each.
// Indexes are clamped into the buffer: bytes read past a row only fill
// the padding past the frame's edge (or, with HB_FILL, are replaced).
uint hb_src_word_at(int index) {
    return hb_src_at(clamp(index, 0, hb_src_words() - 1));
}

// The samples x, x + a, x + 2a, x + 3a of `row`, in the bytes of a word.
uint hb_row_word(int plane, int row, int x, int a) {
    int address = hb_in_planes[plane].x + row * hb_in_planes[plane].y + (a > 0 ? x : x - 3);
    uint shift = uint(address & 3) * 8u;
    uint low = hb_src_word_at(address >> 2);
    uint high = hb_src_word_at((address >> 2) + 1);
    uint word = (low >> shift) | ((high << (31u - shift)) << 1u);
    uint reversed = (word >> 24) | ((word >> 8) & 0xFF00u) | ((word << 8) & 0xFF0000u) | (word << 24);
    return a > 0 ? word : reversed;
}
#endif

// One plane's part of the block; called with constants, so its loops
// unroll.
void hb_remap_plane(int plane, ivec2 shift, ivec2 base, uint at) {
    ivec2 start = base >> shift;
    ivec2 size = HB_BLOCK >> shift;
    // The input plane's last sample: padding pixels of the block read it.
    ivec2 last = ((hb_in_size + (ivec2(1) << shift) - 1) >> shift) - 1;
    uint k = at + uint(plane * 8);
    ivec3 row0 = ivec3(hb_p[k], hb_p[k + 1u], hb_p[k + 2u]);
    ivec3 row1 = ivec3(hb_p[k + 3u], hb_p[k + 4u], hb_p[k + 5u]);
#ifdef HB_FILL
    uint fill = uint(hb_p[k + 6u]) | (uint(hb_p[k + 7u]) << 16);
#endif
#if defined(HB_ROWS) && HB_SAMPLE_BYTES == 1
    for (int j = 0; j < size.y; j++) {
        int row = row1.y * (start.y + j) + row1.z;
        for (int w = 0; w < size.x / 4; w++) {
            int x = row0.x * (start.x + w * 4) + row0.z;
            uint word = hb_row_word(plane, clamp(row, 0, last.y), x, row0.x);
#ifdef HB_FILL
            // Bytes whose sample is outside the input take the fill.
            uint inside = 0u;
            for (int i = 0; i < 4; i++) {
                int column = x + row0.x * i;
                bool within = column >= 0 && column <= last.x && row >= 0 && row <= last.y;
                inside |= (within ? 0xFFu : 0u) << (8 * i);
            }
            word = (word & inside) | ((fill * 0x01010101u) & ~inside);
#endif
            hb_dst_put((hb_out_planes[plane].x + (start.y + j) * hb_out_planes[plane].y + start.x + w * 4) >> 2, word);
        }
    }
    return;
#endif
    for (int j = 0; j < size.y; j++) {
        for (int w = 0; w < size.x / HB_PER_WORD; w++) {
            uint word = 0u;
            for (int i = 0; i < HB_PER_WORD; i++) {
                ivec2 p = ivec2(start.x + w * HB_PER_WORD + i, start.y + j);
                ivec2 moved = ivec2(row0.x * p.x + row0.y * p.y + row0.z, row1.x * p.x + row1.y * p.y + row1.z);
                ivec2 source = clamp(moved, ivec2(0), last);
#ifdef HB_FILL
                uint value = moved == source ? hb_sample(plane, source) : fill;
#else
                uint value = hb_sample(plane, source);
#endif
                word |= value << (8 * HB_SAMPLE_BYTES * i);
            }
            int byteInRow = (start.x + w * HB_PER_WORD) * HB_SAMPLE_BYTES;
            hb_dst_put((hb_out_planes[plane].x + (start.y + j) * hb_out_planes[plane].y + byteInRow) >> 2, word);
        }
    }
}

void hb_store_block(ivec2 base) {
    uint at = hb_base(0);
    hb_remap_plane(0, ivec2(0), base, at);
#if HB_PLANES > 1
    hb_remap_plane(1, ivec2(HB_SHIFT_X, HB_SHIFT_Y), base, at);
    hb_remap_plane(2, ivec2(HB_SHIFT_X, HB_SHIFT_Y), base, at);
#endif
#if HB_PLANES > 3
    hb_remap_plane(3, ivec2(0), base, at);
#endif
}
