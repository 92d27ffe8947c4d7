// FFmpeg's neighbour filters on the frame's own planes (Sources/Harbeth/
// Graph/PlaneMorphology.swift), on the codes as FFmpeg computes them: each
// sample the smallest (HB_MORPHOLOGY 0, erosion) or largest (1, dilation)
// of itself and the neighbours whose bit of `coordinates` is 1, or the
// mean of its 8 neighbours rounded down, if below it (2, deflate) or above
// it (3, inflate); moved by at most its plane's threshold; rows past the
// edge repeat it, columns mirror it.
// Per plane k, in hb_p from hb_base(0) + 2k: the plane's threshold and
// coordinates.
//
// An invocation writes one group of four samples of every plane down a
// run of rows (HB_BLOCK), each group through hb_map_group.

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

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
#if HB_MORPHOLOGY == 1
            best = max(best, n);
#elif HB_MORPHOLOGY == 0
            best = min(best, n);
#else
            sum += n;
#endif
        }
#if HB_MORPHOLOGY == 2
        best = max(min(floor(sum / 8.0), v), max(v - threshold, 0.0));
#elif HB_MORPHOLOGY == 3
        best = min(max(floor(sum / 8.0), v), min(v + threshold, HB_OUT_MAX));
#elif HB_MORPHOLOGY == 1
        best = min(best, min(v + threshold, HB_OUT_MAX));
#else
        best = max(best, max(v - threshold, 0.0));
#endif
        if (i == 0) result.x = best;
        if (i == 1) result.y = best;
        if (i == 2) result.z = best;
        if (i == 3) result.w = best;
    }
    return result;
}
