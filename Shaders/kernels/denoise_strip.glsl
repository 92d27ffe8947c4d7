// denoise (non-local means) as a whole kernel with the patch and research
// radii compiled in (HB_PATCH = p / 2, HB_RESEARCH = r / 2): the same sums
// as kernels/denoise.glsl, in the same order of offsets, for a strip of
// HB_STRIP pixels down a column per invocation (weights under 1/255 and
// partners outside the frame count for nothing, as there).
//
// kernels/denoise.glsl fetches 2 p^2 texels for each of the r^2 offsets of
// each pixel (882 at p = 3, r = 7), and on lavapipe a texel fetch costs far
// more than the arithmetic. Here the patches around the strip's pixels are
// loaded once, and for each horizontal offset the columns their partners
// span: (2P + 1)(HB_STRIP + 2P + 2R) fetches serve a column of offsets for
// the whole strip (35 a pixel at p = 3, r = 7). A patch's sum of squared
// differences is then the sum of 2P + 1 row sums, each shared by the
// 2P + 1 pixels of the strip whose patches hold that row.
//
// The vertical offsets and the strip are unrolled (their indices are
// constants, so the arrays stay in registers); the horizontal offsets stay
// a loop, which keeps the code small. Measured on lavapipe at 720p, p = 3,
// r = 7: strips of 16 take 0.20 s a frame, of 8 0.25 s, of 32 0.49 s
// (spilled registers); the loops of kernels/denoise.glsl 2.6 s.
// p0 = s, p1 = p, p2 = r, as kernels/denoise.glsl.
const int HB_STRIP = 16;
const int HB_ROWS = HB_STRIP + 2 * HB_PATCH;
const int HB_SPAN = HB_ROWS + 2 * HB_RESEARCH;
const int HB_WIDE = 2 * HB_PATCH + 1;

void main() {
    ivec2 origin = ivec2(int(gl_GlobalInvocationID.x), int(gl_GlobalInvocationID.y) * HB_STRIP);
    if (origin.x >= hb_out_size.x || origin.y >= hb_out_size.y) {
        return;
    }
    uint base = hb_base(0);
    float h = 10.0 * hbp_s / 255.0;
    float scale = 1.0 / (h * h);
    // The patches around the strip's pixels: columns x - P ... x + P, rows
    // y - P ... y + HB_STRIP - 1 + P.
    vec3 centre[HB_WIDE][HB_ROWS];
    for (int c = 0; c < HB_WIDE; c++) {
        for (int i = 0; i < HB_ROWS; i++) {
            centre[c][i] = hb_load(origin + ivec2(c - HB_PATCH, i - HB_PATCH)).rgb;
        }
    }
    vec3 sum[HB_STRIP];
    vec3 total[HB_STRIP];
    for (int j = 0; j < HB_STRIP; j++) {
        sum[j] = vec3(0.0);
        total[j] = vec3(0.0);
    }
    for (int dx = -HB_RESEARCH; dx <= HB_RESEARCH; dx++) {
        if (origin.x + dx < 0 || origin.x + dx >= hb_out_size.x) {
            continue;
        }
        // The partners' patches for every vertical offset: columns
        // x + dx - P ... x + dx + P, rows from y - P - R.
        vec3 partner[HB_WIDE][HB_SPAN];
        for (int c = 0; c < HB_WIDE; c++) {
            for (int i = 0; i < HB_SPAN; i++) {
                partner[c][i] = hb_load(origin + ivec2(dx + c - HB_PATCH, i - HB_PATCH - HB_RESEARCH)).rgb;
            }
        }
        for (int dy = 0; dy <= 2 * HB_RESEARCH; dy++) {
            // Each row's squared differences summed across the patch width.
            vec3 rows[HB_ROWS];
            for (int i = 0; i < HB_ROWS; i++) {
                vec3 row = vec3(0.0);
                for (int c = 0; c < HB_WIDE; c++) {
                    vec3 d = centre[c][i] - partner[c][i + dy];
                    row += d * d;
                }
                rows[i] = row;
            }
            for (int j = 0; j < HB_STRIP; j++) {
                vec3 ssd = vec3(0.0);
                for (int k = 0; k < HB_WIDE; k++) {
                    ssd += rows[j + k];
                }
                int row = origin.y + j + dy - HB_RESEARCH;
                vec3 distance = ssd * scale;
                vec3 w = exp(-distance) * vec3(lessThan(distance, vec3(5.5412635)))
                    * (row >= 0 && row < hb_out_size.y ? 1.0 : 0.0);
                sum[j] += w * partner[HB_PATCH][j + HB_PATCH + dy];
                total[j] += w;
            }
        }
    }
    for (int j = 0; j < HB_STRIP; j++) {
        ivec2 pos = origin + ivec2(0, j);
        if (pos.y < hb_out_size.y) {
            imageStore(hb_output, pos, vec4(sum[j] / total[j], hb_load(pos).a));
        }
    }
}
