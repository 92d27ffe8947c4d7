// 3x3 neighbourhood filters on the frame's own planes
// (Sources/Harbeth/Graph/PlaneNeighbours.swift), each plane at its own
// size, clamp-to-edge borders, results rounded to the nearest code and
// clamped. p[k] is plane k's amount, 0 for alpha, which the RGB path
// leaves alone too (a zero amount gives the sample back).
//
// HB_NEIGHBOURS 0, sharpen: the 4-neighbour Laplacian added back,
//   out = in (1 + 4 s) - s (left + right + top + bottom),
// as kernels/sharpen.glsl does to RGB.
// HB_NEIGHBOURS 1, cas (contrast-adaptive sharpening), as FFmpeg's cas
// does per plane and kernels/cas.glsl does to RGB, in codes: over the
// square a b c / d e f / g h i,
//   mn = min(b, d, e, f, h) + min(a..i), mx = max(b, d, e, f, h) + max(a..i),
//   amp = sqrt(clamp(min(mn, 2 max - mx) / mx, 0, 1)), w = -amp k,
//   out = ((b + d + f + h) w + e) / (1 + 4 w), k = 1 / mix(16, 4.01, strength).
//
// An invocation writes one group of four samples of every plane (two of
// luma where chroma is halved across) down a run of HB_BLOCK_H rows,
// sliding the rows above and below along, each with the samples either
// side of the group.

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

// Group g of a row, and the samples before and after it, clamped to the row.
struct hb_row3 {
    vec4 v;
    float before;
    float after;
};

hb_row3 hb_row3_at(int plane, int row, int g, int lastX) {
    hb_row3 r;
    r.v = hb_source_group(plane, row, g, lastX);
    r.before = hb_source_group(plane, row, g - 1, lastX).w;
    r.after = hb_source_group(plane, row, g + 1, lastX).x;
    return r;
}

// Each sample's left and right neighbours, four side by side.
vec4 hb_left(hb_row3 r) {
    return vec4(r.before, r.v.xyz);
}

vec4 hb_right(hb_row3 r) {
    return vec4(r.v.yzw, r.after);
}

vec4 hb_neighbours(hb_row3 above, hb_row3 centre, hb_row3 below, float amount) {
#if HB_NEIGHBOURS == 0
    return centre.v * (1.0 + 4.0 * amount) - (hb_left(centre) + hb_right(centre) + above.v + below.v) * amount;
#else
    vec4 a = hb_left(above), b = above.v, c = hb_right(above);
    vec4 d = hb_left(centre), e = centre.v, f = hb_right(centre);
    vec4 g = hb_left(below), h = below.v, i = hb_right(below);
    vec4 crossMin = min(min(min(b, d), min(e, f)), h);
    vec4 crossMax = max(max(max(b, d), max(e, f)), h);
    vec4 mn = crossMin + min(min(min(crossMin, a), min(c, g)), i);
    vec4 mx = crossMax + max(max(max(crossMax, a), max(c, g)), i);
    vec4 amp = sqrt(clamp(min(mn, 2.0 * HB_OUT_MAX - mx) / max(mx, vec4(1e-6)), 0.0, 1.0));
    vec4 w = -amp * amount;
    return ((b + d + f + h) * w + e) / (1.0 + 4.0 * w);
#endif
}

void hb_neighbours_group(int plane, int g, int y0, float amount) {
    ivec2 last = hb_plane_last(plane, hb_in_size);
    int rows = min(HB_BLOCK_H >> hb_plane_shift(plane).y, last.y - y0 + 1);
    hb_row3 above = hb_row3_at(plane, max(y0 - 1, 0), g, last.x);
    hb_row3 centre = hb_row3_at(plane, y0, g, last.x);
    for (int j = 0; j < rows; j++) {
        int row = y0 + j;
        hb_row3 below = hb_row3_at(plane, min(row + 1, last.y), g, last.x);
        hb_put_codes(plane, row, g, hb_neighbours(above, centre, below, amount));
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
            hb_neighbours_group(plane, g, base.y >> shift.y, hb_p[at + uint(plane)]);
        }
    }
}
