// avgblur (FFmpeg's) on the frame's own planes (Sources/Harbeth/Graph/
// PlaneAvgblur.swift), in whole numbers as FFmpeg 5.1 computes it: each
// plane's box of (2 rx + 1) x (2 ry + 1) samples, edges clamped, its sum
// divided and truncated. Running sums: a sample's sum from the one before,
// the sample entering the box added and the one leaving taken away.
//
// Per plane k, in hb_p from hb_base(0) + 4k (HB_PLANE_DATA): whether it blurs, rx, ry and
// the box's area. The intermediate planes hold one 32-bit word a sample
// (16-bit planes twice the frame's width). HB_DIRECTION 0, rows: an
// invocation walks whole rows, each sample's row sum (or, for a plane left
// alone, its code) into the intermediate planes. HB_DIRECTION 1, columns: an
// invocation walks a whole column of groups of four, the row sums' running
// sums over the area, truncated, into the output planes.

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

#if HB_DIRECTION == 0
void hb_walk_row(int plane, int row, int width, uint data) {
    int last = width - 1;
    int place = hb_out_planes[plane].x + row * hb_out_planes[plane].y;
    int entering = -1;
    uint enteringWord = 0u;
    int leaving = -1;
    uint leavingWord = 0u;
    if (hb_p[data] == 0.0) {
        for (int x = 0; x < width; x++) {
            hb_dst_put((place >> 2) + x, hb_walk_source(plane, row, x, entering, enteringWord));
        }
        return;
    }
    int r = int(hb_p[data + 1u]);
    uint sum = 0u;
    for (int i = -r; i <= r; i++) sum += hb_walk_source(plane, row, clamp(i, 0, last), entering, enteringWord);
    for (int x = 0; x < width; x++) {
        if (x > 0) {
            sum += hb_walk_source(plane, row, min(x + r, last), entering, enteringWord);
            sum -= hb_walk_source(plane, row, max(x - r - 1, 0), leaving, leavingWord);
        }
        hb_dst_put((place >> 2) + x, sum);
    }
}
#else
// Group g of a row of the intermediate planes: four words.
uvec4 hb_ab_group(int plane, int row, int g) {
    int word = (hb_in_planes[plane].x + row * hb_in_planes[plane].y + 16 * g) >> 2;
    return uvec4(hb_src_at(word), hb_src_at(word + 1), hb_src_at(word + 2), hb_src_at(word + 3));
}

void hb_walk_column(int plane, int g, int height, uint data) {
    int last = height - 1;
    if (hb_p[data] == 0.0) {
        for (int y = 0; y < height; y++) hb_put_codes(plane, y, g, vec4(hb_ab_group(plane, y, g)));
        return;
    }
    int r = int(hb_p[data + 2u]);
    uint area = uint(hb_p[data + 3u]);
    uvec4 sum = uvec4(0u);
    for (int i = -r; i <= r; i++) sum += hb_ab_group(plane, clamp(i, 0, last), g);
    for (int y = 0; y < height; y++) {
        if (y > 0) sum += hb_ab_group(plane, min(y + r, last), g) - hb_ab_group(plane, max(y - r - 1, 0), g);
        hb_put_codes(plane, y, g, vec4(sum / area));
    }
}
#endif
