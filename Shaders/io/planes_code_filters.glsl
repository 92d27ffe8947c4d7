// FFmpeg's neighbour filters on the frame's own planes (Sources/Harbeth/
// Graph/PlaneCodeFilters.swift), on the codes as FFmpeg computes them: each
// sample the smallest (HB_CODE_FILTER 0, erosion) or largest (1, dilation)
// of itself and the neighbours whose bit of `coordinates` is 1, or the
// mean of its 8 neighbours rounded down, if below it (2, deflate) or above
// it (3, inflate); moved by at most its plane's threshold; rows past the
// edge repeat it, columns mirror it. HB_CODE_FILTER 4 to 8 are FFmpeg's edge
// operators (vf_convolution): prewitt, sobel, scharr, roberts, kirsch over
// the 3x3 square (mirrored at the top and left, -1 is 1, and at the bottom
// and right, w is w - 1), the gradient's size times the plane's scale plus
// its delta, cut to a whole code; a plane whose scale is negative is
// copied (FFmpeg's planes). HB_CODE_FILTER 9 is FFmpeg's convolution, 10
// its limiter.
// Per plane k, in hb_p from hb_base(0) + 2k: the plane's threshold and
// coordinates.
//
// An invocation writes one group of four samples of every plane down a
// run of rows (HB_BLOCK), each group through hb_map_group.

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

#if HB_CODE_FILTER == 10
// FFmpeg's limiter: per plane k, in hb_p from hb_base(0) + 2k, the
// smallest and largest code kept (0 and the largest code for a plane
// `planes` leaves out).
vec4 hb_map_group(int plane, int row, int g, vec4 codes) {
    uint data = hb_base(0) + uint(2 * plane);
    return clamp(codes, hb_p[data], hb_p[data + 1u]);
}
#elif HB_CODE_FILTER == 9
// FFmpeg's convolution: per plane k, in hb_p from hb_base(0) + 53k, the
// radius, the mode (0 square, 1 row, 2 column), 1 / the matrix's sum, the
// bias and 49 matrix entries; the samples mirrored at the edges (-1 is 1;
// w is w - 1 for a 3x3 square, w - 2 otherwise, as FFmpeg 5.1 reads
// them); trunc(sum * that + bias + 0.5), clamped.
vec4 hb_map_group(int plane, int row, int g, vec4 codes) {
    uint data = hb_base(0) + uint(53 * plane);
    int radius = int(hb_p[data]);
    int mode = int(hb_p[data + 1u]);
    float reciprocal = hb_p[data + 2u];
    float bias = hb_p[data + 3u];
    ivec2 last = hb_plane_last(plane, hb_in_size);
    int side = 2 * radius + 1;
    int count = mode == 0 ? side * side : side;
    // FFmpeg 5.1 mirrors a 3x3 square's right and bottom edges with the
    // edge sample repeated (w is w - 1), the others without (w is w - 2).
    int past = mode == 0 && radius == 1 ? 1 : 0;
    vec4 result;
    for (int i = 0; i < 4; i++) {
        int x = 4 * g + i;
        int sum = 0;
        for (int k = 0; k < count; k++) {
            ivec2 offset = mode == 0 ? ivec2(k % side, k / side) - radius
                : (mode == 1 ? ivec2(k - radius, 0) : ivec2(0, k - radius));
            int ax = abs(x + offset.x);
            int ay = abs(row + offset.y);
            ax = ax > last.x ? 2 * last.x + past - ax : ax;
            ay = ay > last.y ? 2 * last.y + past - ay : ay;
            sum += int(hb_source_sample(plane, ay, ax, last.x)) * int(hb_p[data + 4u + uint(k)]);
        }
        precise float value = float(sum) * reciprocal + bias + 0.5;
        float made = clamp(trunc(value), 0.0, HB_OUT_MAX);
        result[i] = made;
    }
    return result;
}
#elif HB_CODE_FILTER >= 4
// Sample (x + dx, row + dy) of `plane` as FFmpeg's convolution reads it.
float hb_edge_at(int plane, int row, int x, int dx, int dy, ivec2 last) {
    int ax = abs(x + dx);
    int ay = abs(row + dy);
    ax = ax > last.x ? 2 * last.x + 1 - ax : ax;
    ay = ay > last.y ? 2 * last.y + 1 - ay : ay;
    return hb_source_sample(plane, ay, ax, last.x);
}

// The operator's value at (x, row), before scale and delta.
float hb_edge_operator(int plane, int row, int x, ivec2 last) {
    float c[9];
    for (int k = 0; k < 9; k++) c[k] = hb_edge_at(plane, row, x, k % 3 - 1, k / 3 - 1, last);
#if HB_CODE_FILTER == 8
    // kirsch: the largest of FFmpeg's eight kernels, 5 on three samples in
    // a row of this order of the square's (not quite around it), -3 on the
    // other five.
    const int ring[8] = int[8](0, 1, 2, 3, 5, 6, 7, 8);
    float best = -1.0e9;
    for (int turn = 0; turn < 8; turn++) {
        float sum = 0.0;
        for (int k = 0; k < 8; k++) {
            int step = (k - turn + 8) % 8;
            sum += c[ring[k]] * (step < 3 ? 5.0 : -3.0);
        }
        best = max(best, sum);
    }
    return abs(best);
#else
#if HB_CODE_FILTER == 4
    float a = -c[0] - c[1] - c[2] + c[6] + c[7] + c[8];
    float b = -c[0] + c[2] - c[3] + c[5] - c[6] + c[8];
#elif HB_CODE_FILTER == 5
    float a = -c[0] - 2.0 * c[1] - c[2] + c[6] + 2.0 * c[7] + c[8];
    float b = -c[0] + c[2] - 2.0 * c[3] + 2.0 * c[5] - c[6] + c[8];
#elif HB_CODE_FILTER == 6
    float a = (-47.0 * c[0] - 162.0 * c[1] - 47.0 * c[2] + 47.0 * c[6] + 162.0 * c[7] + 47.0 * c[8]) / 256.0;
    float b = (-47.0 * c[0] + 47.0 * c[2] - 162.0 * c[3] + 162.0 * c[5] - 47.0 * c[6] + 47.0 * c[8]) / 256.0;
#else
    float a = c[0] - c[1];
    float b = c[4] - c[3];
#endif
    return sqrt(a * a + b * b);
#endif
}

vec4 hb_map_group(int plane, int row, int g, vec4 codes) {
    uint data = hb_base(0) + uint(2 * plane);
    float scale = hb_p[data];
    float delta = hb_p[data + 1u];
    if (scale < 0.0) return codes;
    ivec2 last = hb_plane_last(plane, hb_in_size);
    vec4 result;
    for (int i = 0; i < 4; i++) {
        float value = clamp(trunc(hb_edge_operator(plane, row, 4 * g + i, last) * scale + delta), 0.0, HB_OUT_MAX);
        result[i] = value;
    }
    return result;
}
#else
vec4 hb_map_group(int plane, int row, int g, vec4 codes) {
    uint data = hb_base(0) + uint(2 * plane);
    float threshold = hb_p[data];
    int coordinates = int(hb_p[data + 1u]);
    ivec2 last = hb_plane_last(plane, hb_in_size);
    vec4 result;
    for (int i = 0; i < 4; i++) {
        int x = 4 * g + i;
        float v = hb_pick(codes, i);
        float best = v;
        float sum = 0.0;
        for (int k = 0; k < 8; k++) {
            if ((coordinates & (1 << k)) == 0) continue;
            int dx = k == 0 || k == 3 || k == 5 ? -1 : (k == 1 || k == 6 ? 0 : 1);
            int dy = k < 3 ? -1 : (k < 5 ? 0 : 1);
            int nx = x + dx;
            nx = nx < 0 ? -nx : (nx > last.x ? 2 * last.x - nx : nx);
            float n = hb_source_sample(plane, clamp(row + dy, 0, last.y), nx, last.x);
#if HB_CODE_FILTER == 1
            best = max(best, n);
#elif HB_CODE_FILTER == 0
            best = min(best, n);
#else
            sum += n;
#endif
        }
#if HB_CODE_FILTER == 2
        best = max(min(floor(sum / 8.0), v), max(v - threshold, 0.0));
#elif HB_CODE_FILTER == 3
        best = min(max(floor(sum / 8.0), v), min(v + threshold, HB_OUT_MAX));
#elif HB_CODE_FILTER == 1
        best = min(best, min(v + threshold, HB_OUT_MAX));
#else
        best = max(best, max(v - threshold, 0.0));
#endif
        result[i] = best;
    }
    return result;
}
#endif
