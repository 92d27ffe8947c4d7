// box_blur on a CPU-class device, vertical pass: the running sum of
// kernels/box_running_h.glsl down a run of HB_RUN pixels of a column.
// p0 = radius r. Borders clamp to the edge.
const int HB_RUN = 64;

void main() {
    ivec2 start = ivec2(int(gl_GlobalInvocationID.x), int(gl_GlobalInvocationID.y) * HB_RUN);
    if (start.x >= hb_out_size.x || start.y >= hb_out_size.y) {
        return;
    }
    uint base = hb_base(0);
    int radius = int(hbp_radius);
    float scale = 1.0 / float(2 * radius + 1);
    vec4 sum = vec4(0.0);
    for (int y = -radius; y <= radius; y++) {
        sum += hb_load(start + ivec2(0, y));
    }
    int end = min(start.y + HB_RUN, hb_out_size.y);
    for (int y = start.y; y < end; y++) {
        if (y > start.y) {
            sum += hb_load(ivec2(start.x, y + radius)) - hb_load(ivec2(start.x, y - radius - 1));
        }
        imageStore(hb_output, ivec2(start.x, y), sum * scale);
    }
}
