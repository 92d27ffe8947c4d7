// gaussian_blur, vertical pass, as a whole kernel: each invocation writes
// a strip of 8 pixels of a column from one column of 8 + 2r loaded texels, so a
// texel is fetched about (8 + 2r) / 8 times instead of 2r + 1. On lavapipe
// a texel fetch costs far more than the multiply-adds, and shared memory
// (barriers) costs more still, so the reuse lives in each invocation.
// Same data as kernels/gaussian_blur.glsl (radius, then w[0...r]); the
// radius is also compiled in as HB_RADIUS, so the loops unroll and the row
// stays in registers (a row indexed at run time lives in memory on lavapipe).
const int HB_STRIP = 8;

void main() {
    ivec2 origin = ivec2(int(gl_GlobalInvocationID.x), int(gl_GlobalInvocationID.y) * HB_STRIP);
    if (origin.x >= hb_out_size.x || origin.y >= hb_out_size.y) {
        return;
    }
    uint base = hb_base(0);
    const int radius = HB_RADIUS;
    vec4 row[HB_STRIP + 2 * HB_RADIUS];
    for (int i = 0; i < HB_STRIP + 2 * radius; i++) {
        row[i] = hb_load(origin + ivec2(0, i - radius));
    }
    for (int j = 0; j < HB_STRIP; j++) {
        vec4 sum = row[j + radius] * hbp_weights(0);
        for (int x = 1; x <= radius; x++) {
            sum += (row[j + radius - x] + row[j + radius + x]) * hbp_weights(x);
        }
        if (origin.y + j < hb_out_size.y) {
            imageStore(hb_output, origin + ivec2(0, j), sum);
        }
    }
}
