// sharpen on the frame's own planes (Sources/Harbeth/Graph/PlaneSharpen.swift):
// the 4-neighbour Laplacian added back to each plane at its own size,
//   out = in (1 + 4 s) - s (left + right + top + bottom),
// as kernels/sharpen.glsl does to RGB; clamp-to-edge borders, results
// rounded to the nearest code and clamped. p[k] = plane k's s (0 for
// alpha, which the RGB path leaves alone too).
//
// An invocation writes one group of four samples of every plane (two of
// luma where chroma is halved across) down a run of HB_BLOCK_H rows,
// sliding the rows above and below along.

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

void hb_sharpen_group(int plane, int g, int y0, float amount) {
    ivec2 last = hb_plane_last(plane, hb_in_size);
    int rows = min(HB_BLOCK_H >> hb_plane_shift(plane).y, last.y - y0 + 1);
    vec4 above = hb_source_group(plane, max(y0 - 1, 0), g, last.x);
    vec4 centre = hb_source_group(plane, y0, g, last.x);
    for (int j = 0; j < rows; j++) {
        int row = y0 + j;
        vec4 below = hb_source_group(plane, min(row + 1, last.y), g, last.x);
        // The neighbours across: the samples either side of the group,
        // clamped to the row.
        float before = hb_source_group(plane, row, g - 1, last.x).w;
        float after = hb_source_group(plane, row, g + 1, last.x).x;
        vec4 left = vec4(before, centre.xyz);
        vec4 right = vec4(centre.yzw, after);
        hb_put_codes(plane, row, g, centre * (1.0 + 4.0 * amount) - (left + right + above + below) * amount);
        above = centre;
        centre = below;
    }
}

void hb_plane_pass(int plane, ivec2 base) {
    uint at = hb_base(0);
    ivec2 shift = hb_plane_shift(plane);
    int lastX = hb_plane_last(plane, hb_in_size).x;
    for (int i = 0; i < (HB_BLOCK_W >> shift.x) >> 2; i++) {
        int g = ((base.x >> shift.x) >> 2) + i;
        if (4 * g <= lastX) {
            hb_sharpen_group(plane, g, base.y >> shift.y, hb_p[at + uint(plane)]);
        }
    }
}
