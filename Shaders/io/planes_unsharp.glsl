// unsharp (FFmpeg's) on the frame's own 8-bit planes
// (Sources/Harbeth/Graph/PlaneUnsharp.swift), in its fixed point: for
// sample v of plane p, with p's sx, sy and amount (Y luma's, U and V
// chroma's, A alpha's; p[3 k ...] = sx, sy, trunc(65536 amount)),
//   b = 2 (sx + sy), sum = sum C(2 sx, i) C(2 sy, j) v[x - sx + i, y - sy + j]
//   (clamp-to-edge, at most 255 2^24), blur = (sum + 2^(b - 1)) >> b,
//   out = clip(v + (((v - blur) amount) >> 16), 0, 255);
// an amount of 0 gives the sample back. The mask is separable and its
// sums are whole numbers, so each row's horizontal sums are made once
// and the vertical ones read them: the same sums in any order.
//
// An invocation writes one group of four samples of every plane down a
// run of rows (HB_BLOCK: one group and run of chroma, and the luma they
// cover).

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

// The most rows a group's horizontal sums span: its run and 2 sy <= 24.
const int HB_UNSHARP_ROWS = HB_BLOCK_H + 24;

// Samples x ... x + 3 of a source row, each clamped to the row.
vec4 hb_unsharp_window(int plane, int row, int x, int lastX) {
    int g = x >> 2;
    int offset = x & 3;
    vec4 a = hb_source_group(plane, row, g, lastX);
    if (offset == 0) return a;
    vec4 b = hb_source_group(plane, row, g + 1, lastX);
    return vec4(
        hb_pick(a, offset), offset + 1 < 4 ? hb_pick(a, offset + 1) : hb_pick(b, offset - 3),
        offset + 2 < 4 ? hb_pick(a, offset + 2) : hb_pick(b, offset - 2), hb_pick(b, offset - 1));
}

void hb_plane_pass(int plane, ivec2 base) {
    uint at = hb_base(0) + uint(3 * (plane == 0 ? 0 : (plane < 3 ? 1 : 2)));
    int sx = int(hb_p[at]);
    int sy = int(hb_p[at + 1u]);
    int amount = int(hb_p[at + 2u]);
    uint bits = uint(2 * (sx + sy));
    ivec2 shift = hb_plane_shift(plane);
    ivec2 last = hb_plane_last(plane, hb_in_size);
    int rows = HB_BLOCK_H >> shift.y;
    int y0 = base.y >> shift.y;
    for (int i = 0; i < (HB_BLOCK_W >> shift.x) >> 2; i++) {
        int g = ((base.x >> shift.x) >> 2) + i;
        if (4 * g > last.x || y0 > last.y) continue;
        if (amount == 0) {
            for (int r = 0; r < rows && y0 + r <= last.y; r++) {
                hb_put_codes(plane, y0 + r, g, hb_source_group(plane, y0 + r, g, last.x));
            }
            continue;
        }
        // Each row's horizontal sums for the group's four samples.
        uvec4 across[HB_UNSHARP_ROWS];
        for (int k = 0; k < rows + 2 * sy; k++) {
            int y = clamp(y0 - sy + k, 0, last.y);
            uvec4 sum = uvec4(0u);
            uint wx = 1u;
            for (int t = 0; t <= 2 * sx; t++) {
                sum += wx * uvec4(hb_unsharp_window(plane, y, 4 * g - sx + t, last.x));
                wx = wx * uint(2 * sx - t) / uint(t + 1);
            }
            across[k] = sum;
        }
        for (int r = 0; r < rows && y0 + r <= last.y; r++) {
            uvec4 total = uvec4(0u);
            uint wy = 1u;
            for (int j = 0; j <= 2 * sy; j++) {
                total += wy * across[r + j];
                wy = wy * uint(2 * sy - j) / uint(j + 1);
            }
            ivec4 blur = ivec4((total + (1u << (bits - 1u))) >> bits);
            ivec4 v = ivec4(hb_source_group(plane, y0 + r, g, last.x));
            hb_put_codes(plane, y0 + r, g, vec4(clamp(v + (((v - blur) * amount) >> 16), 0, 255)));
        }
    }
}
