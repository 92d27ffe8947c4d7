// FFmpeg's edge operators (vf_convolution) on RGB, in 8-bit codes: each
// channel as FFmpeg's plane of planar RGB (green 0, blue 1, red 2),
// filtered where its bit of hbp_planes is 1, else kept; alpha kept. Over the 3x3
// square c0...c8 (mirrored at the edges: -1 is 1, w is w - 1), the
// gradient of hbp_operator (4 prewitt, 5 sobel, 6 scharr, 7 roberts, 8
// kirsch) times hbp_scale plus hbp_delta, cut to a whole code and clamped.
// On 8- to 12-bit planar YUV alone the planes run it on the codes instead
// (io/planes_code_filters.glsl).

vec4 hb_edge_operator_at(ivec2 pos, int dx, int dy) {
    ivec2 at = abs(pos + ivec2(dx, dy));
    ivec2 last = hb_in_size - 1;
    at = mix(at, 2 * last + 1 - at, greaterThan(at, last));
    return round(clamp(hb_load(at), 0.0, 1.0) * 255.0);
}

vec4 hb_edge_operator(ivec2 pos, uint base) {
    int operation = int(hbp_operator);
    vec4 c[9];
    for (int k = 0; k < 9; k++) c[k] = hb_edge_operator_at(pos, k % 3 - 1, k / 3 - 1);
    vec4 gradient;
    if (operation == 8) {
        const int ring[8] = int[8](0, 1, 2, 3, 5, 6, 7, 8);
        vec4 best = vec4(-1.0e9);
        for (int turn = 0; turn < 8; turn++) {
            vec4 sum = vec4(0.0);
            for (int k = 0; k < 8; k++) sum += c[ring[k]] * ((k - turn + 8) % 8 < 3 ? 5.0 : -3.0);
            best = max(best, sum);
        }
        gradient = abs(best);
    } else {
        vec4 a, b;
        if (operation == 4) {
            a = -c[0] - c[1] - c[2] + c[6] + c[7] + c[8];
            b = -c[0] + c[2] - c[3] + c[5] - c[6] + c[8];
        } else if (operation == 5) {
            a = -c[0] - 2.0 * c[1] - c[2] + c[6] + 2.0 * c[7] + c[8];
            b = -c[0] + c[2] - 2.0 * c[3] + 2.0 * c[5] - c[6] + c[8];
        } else if (operation == 6) {
            a = (-47.0 * c[0] - 162.0 * c[1] - 47.0 * c[2] + 47.0 * c[6] + 162.0 * c[7] + 47.0 * c[8]) / 256.0;
            b = (-47.0 * c[0] + 47.0 * c[2] - 162.0 * c[3] + 162.0 * c[5] - 47.0 * c[6] + 47.0 * c[8]) / 256.0;
        } else {
            a = c[0] - c[1];
            b = c[4] - c[3];
        }
        gradient = sqrt(a * a + b * b);
    }
    vec4 made = clamp(trunc(gradient * hbp_scale + hbp_delta), 0.0, 255.0) / 255.0;
    // Red, green, blue are FFmpeg's planes 2, 0, 1. The alpha is kept: an
    // opaque frame's would be 0 everywhere after it, and the RGB path does
    // not know whether the frame had one.
    int planes = int(hbp_planes);
    bvec4 filtered = bvec4((planes & 4) != 0, (planes & 1) != 0, (planes & 2) != 0, false);
    return mix(hb_load(pos), made, filtered);
}
