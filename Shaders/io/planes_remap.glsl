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
layout(std430, set = 0, binding = 1) restrict readonly buffer HBSource { uint hb_src[]; };
layout(std430, set = 0, binding = 2) restrict writeonly buffer HBDestination { uint hb_dst[]; };

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);
const int HB_PER_WORD = 4 / HB_SAMPLE_BYTES;

uint hb_sample(int plane, ivec2 p) {
    uint index = uint(hb_in_planes[plane].x + p.y * hb_in_planes[plane].y + p.x * HB_SAMPLE_BYTES);
#if HB_SAMPLE_BYTES == 4
    return hb_src[index >> 2];
#elif HB_SAMPLE_BYTES == 2
    return (hb_src[index >> 2] >> ((index & 2u) << 3)) & 0xFFFFu;
#else
    return (hb_src[index >> 2] >> ((index & 3u) << 3)) & 0xFFu;
#endif
}

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
            hb_dst[uint(hb_out_planes[plane].x + (start.y + j) * hb_out_planes[plane].y + byteInRow) >> 2] = word;
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
