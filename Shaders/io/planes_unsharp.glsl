// unsharp (FFmpeg's) on the frame's own 8-bit planes
// (Sources/Harbeth/Graph/PlaneUnsharp.swift), in its fixed point: for
// sample v of plane p, with p's sx, sy and amount (Y luma's, U and V
// chroma's, A alpha's; p[3 k ...] = sx, sy, trunc(65536 amount)),
//   b = 2 (sx + sy), sum = sum C(2 sx, i) C(2 sy, j) v[x - sx + i, y - sy + j]
//   (clamp-to-edge, at most 255 2^24), blur = (sum + 2^(b - 1)) >> b,
//   out = clip(v + (((v - blur) amount) >> 16), 0, 255);
// an amount of 0 gives the sample back.
//
// An invocation writes one group of four samples of every plane down a
// run of rows (HB_BLOCK: one group and run of chroma, and the luma they
// cover), each group through hb_map_group (io/planes_samples.glsl).

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

float hb_unsharp_sample(int plane, int x, int row, ivec2 last, int sx, int sy, int amount) {
    int v = int(hb_source_sample(plane, row, x, last.x));
    uint sum = 0u;
    uint wy = 1u;
    for (int j = 0; j <= 2 * sy; j++) {
        int y = clamp(row - sy + j, 0, last.y);
        uint wx = 1u;
        for (int i = 0; i <= 2 * sx; i++) {
            sum += wx * wy * uint(hb_source_sample(plane, y, x - sx + i, last.x));
            wx = wx * uint(2 * sx - i) / uint(i + 1);
        }
        wy = wy * uint(2 * sy - j) / uint(j + 1);
    }
    int bits = 2 * (sx + sy);
    int blur = int((sum + (1u << uint(bits - 1))) >> uint(bits));
    return float(clamp(v + (((v - blur) * amount) >> 16), 0, 255));
}

vec4 hb_map_group(int plane, int row, int g, vec4 codes) {
    uint at = hb_base(0) + uint(3 * (plane == 0 ? 0 : (plane < 3 ? 1 : 2)));
    int amount = int(hb_p[at + 2u]);
    if (amount == 0) return codes;
    ivec2 last = hb_plane_last(plane, hb_in_size);
    int sx = int(hb_p[at]);
    int sy = int(hb_p[at + 1u]);
    for (int k = 0; k < 4; k++) {
        codes[k] = hb_unsharp_sample(plane, 4 * g + k, row, last, sx, sy, amount);
    }
    return codes;
}
