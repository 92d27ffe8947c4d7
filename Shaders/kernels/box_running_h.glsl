// box_blur on a CPU-class device, horizontal pass, as a whole kernel: a
// running sum. Each invocation walks a run of HB_RUN pixels of a row: it
// sums the first window of 2r + 1 texels, then for each next pixel adds the
// texel entering the window and takes away the one leaving it, so a pixel
// costs two fetches and two adds whatever the radius (the plain kernel's
// 2r + 1 fetches are what a CPU pays most for). Same data as
// kernels/box_blur.glsl: p0 = radius r. Borders clamp to the edge.
const int HB_RUN = 64;

void main() {
    ivec2 start = ivec2(int(gl_GlobalInvocationID.x) * HB_RUN, int(gl_GlobalInvocationID.y));
    if (start.x >= hb_out_size.x || start.y >= hb_out_size.y) {
        return;
    }
    uint base = hb_base(0);
    int radius = int(hbp_radius);
    float scale = 1.0 / float(2 * radius + 1);
    vec4 sum = vec4(0.0);
    for (int x = -radius; x <= radius; x++) {
        sum += hb_load(start + ivec2(x, 0));
    }
    int end = min(start.x + HB_RUN, hb_out_size.x);
    for (int x = start.x; x < end; x++) {
        if (x > start.x) {
            sum += hb_load(ivec2(x + radius, start.y)) - hb_load(ivec2(x - radius - 1, start.y));
        }
        imageStore(hb_output, ivec2(x, start.y), sum * scale);
    }
}
