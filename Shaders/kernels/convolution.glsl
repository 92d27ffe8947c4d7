// convolution (Harbeth C7ConvolutionMatrix3x3, and 5x5): a user kernel
// applied to RGB as a correlation, row by row from the top,
//   out = sum(k[j][i] * in(x + i - r, y + j - r)) / divisor + bias,
// alpha unchanged. Clamp-to-edge borders.
// p0 = side (3 or 5), p1 = 1 / divisor, p2 = bias, p3... = the kernel.
vec4 hb_convolution(ivec2 pos, uint base) {
    int side = int(hbp_side);
    int radius = side / 2;
    vec3 sum = vec3(0.0);
    for (int j = 0; j < side; j++) {
        for (int i = 0; i < side; i++) {
            sum += hbp_kernel(j * side + i) * hb_load(pos + ivec2(i - radius, j - radius)).rgb;
        }
    }
    return vec4(sum * hbp_scale + hbp_bias, hb_load(pos).a);
}
