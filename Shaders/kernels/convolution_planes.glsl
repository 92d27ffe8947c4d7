// FFmpeg's convolution (vf_convolution) on RGB, in 8-bit codes: green,
// blue and red as FFmpeg's planes 0, 1, 2 of planar RGB, each with its
// plane's matrix (square, row or column) over the samples mirrored at the
// edges (-1 is 1; w is w - 1 for a 3x3 square, w - 2 otherwise); trunc(sum * 1 / the matrix's sum + bias +
// 0.5), clamped; the alpha kept. On 8- to 12-bit planar YUV alone the
// planes run it on the codes instead (io/planes_code_filters.glsl).
// Parameters: per plane (53 floats) radius, mode (0 square, 1 row, 2
// column), 1 / the matrix's sum, bias, 49 matrix entries.

float hb_convolution_channel(ivec2 pos, int channel, int plane, uint base) {
    int at = 53 * plane;
    int radius = int(hbp_planes(at));
    int mode = int(hbp_planes(at + 1));
    ivec2 last = hb_in_size - 1;
    int side = 2 * radius + 1;
    int count = mode == 0 ? side * side : side;
    // FFmpeg 5.1 mirrors a 3x3 square's right and bottom edges with the
    // edge sample repeated (w is w - 1), the others without (w is w - 2).
    int past = mode == 0 && radius == 1 ? 1 : 0;
    int sum = 0;
    for (int k = 0; k < count; k++) {
        ivec2 offset = mode == 0 ? ivec2(k % side, k / side) - radius
            : (mode == 1 ? ivec2(k - radius, 0) : ivec2(0, k - radius));
        ivec2 tap = abs(pos + offset);
        tap = mix(tap, 2 * last + past - tap, greaterThan(tap, last));
        int code = int(round(clamp(hb_load(tap)[channel], 0.0, 1.0) * 255.0));
        sum += code * int(hbp_planes(at + 4 + k));
    }
    precise float value = float(sum) * hbp_planes(at + 2) + hbp_planes(at + 3) + 0.5;
    return clamp(trunc(value), 0.0, 255.0) / 255.0;
}

vec4 hb_convolution_planes(ivec2 pos, uint base) {
    // Red, green, blue are FFmpeg's planes 2, 0, 1.
    return vec4(
        hb_convolution_channel(pos, 0, 2, base), hb_convolution_channel(pos, 1, 0, base),
        hb_convolution_channel(pos, 2, 1, base), hb_load(pos).a);
}
