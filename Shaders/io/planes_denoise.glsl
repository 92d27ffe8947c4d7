// denoise on the frame's own planes (Sources/Harbeth/Graph/PlaneDenoise.swift):
// non-local means on Y, U and V each at its own size, as FFmpeg's nlmeans
// works plane by plane. For each sample p, the weighted mean of the samples
// q in the r x r research window around it,
//   w(q) = exp(-SSD(p, q) / (h max)^2), h = 10 s / 255,
// SSD the sum of squared differences, in codes, between the p x p patches
// around p and q (clamped to the edge), `max` the largest code. As in
// FFmpeg 5.1's nlmeans, a weight under 1/255 counts for nothing and a q
// outside the plane is skipped. The patch and
// research radii are compiled in (HB_PATCH = p / 2, HB_RESEARCH = r / 2);
// p[0] = 1 / (h max)^2.
//
// An invocation works runs of HB_RUN rows of one group of four samples:
// it loads the run's patches once, then for each horizontal offset the
// columns the partners' patches span, and for each vertical offset sums
// each row's squared differences across the patch width once, shared by
// the HB_RUN patches that hold that row. The four samples of a group go
// side by side in a vec4. The vertical offsets are unrolled, the
// horizontal ones a loop: no table is indexed by the horizontal offset,
// which would make the compiler unroll that loop too (a 19 s compile at
// p = 5, r = 7).

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);
const int HB_RUN = 8;
// Rows of the run's patches, rows their partners span, and samples
// across the group's patches.
const int HB_ROWS = HB_RUN + 2 * HB_PATCH;
const int HB_SPAN = HB_ROWS + 2 * HB_RESEARCH;
const int HB_ACROSS = 4 + 2 * HB_PATCH;
// ln 255: lighter weights count for nothing.
const float HB_MEANINGFUL = 5.5412635;

// Four samples side by side from row i of a table, from column c.
#define HB_FOUR(table, i, c) vec4(table[i][c], table[i][(c) + 1], table[i][(c) + 2], table[i][(c) + 3])

void hb_denoise_run(int plane, int g, int y0, float scale) {
    ivec2 last = hb_plane_last(plane, hb_in_size);
    int rows = min(HB_RUN, last.y - y0 + 1);
    int x0 = 4 * g - HB_PATCH;
    // The run's patches: rows y0 - P ..., samples 4g - P ..., clamped.
    float centre[HB_ROWS][HB_ACROSS];
    for (int i = 0; i < HB_ROWS; i++) {
        int row = clamp(y0 + i - HB_PATCH, 0, last.y);
        for (int c = 0; c < HB_ACROSS; c++) {
            centre[i][c] = hb_source_sample(plane, row, x0 + c, last.x);
        }
    }
    vec4 sum[HB_RUN];
    vec4 total[HB_RUN];
    for (int j = 0; j < HB_RUN; j++) {
        sum[j] = vec4(0.0);
        total[j] = vec4(0.0);
    }
    for (int dx = -HB_RESEARCH; dx <= HB_RESEARCH; dx++) {
        // Which of the four samples' partners lie inside the plane across.
        vec4 columns = vec4(float(4 * g + dx)) + vec4(0.0, 1.0, 2.0, 3.0);
        vec4 inside = vec4(greaterThanEqual(columns, vec4(0.0))) * vec4(lessThanEqual(columns, vec4(float(last.x))));
        // The partners' patches for every vertical offset: rows from
        // y0 - P - R, samples from 4g - P + dx.
        float partner[HB_SPAN][HB_ACROSS];
        for (int i = 0; i < HB_SPAN; i++) {
            int row = clamp(y0 + i - HB_PATCH - HB_RESEARCH, 0, last.y);
            for (int c = 0; c < HB_ACROSS; c++) {
                partner[i][c] = hb_source_sample(plane, row, x0 + dx + c, last.x);
            }
        }
        for (int dy = 0; dy <= 2 * HB_RESEARCH; dy++) {
            vec4 across[HB_ROWS];
            for (int i = 0; i < HB_ROWS; i++) {
                vec4 s = vec4(0.0);
                for (int c = 0; c <= 2 * HB_PATCH; c++) {
                    vec4 d = HB_FOUR(centre, i, c) - HB_FOUR(partner, i + dy, c);
                    s += d * d;
                }
                across[i] = s;
            }
            for (int j = 0; j < HB_RUN; j++) {
                vec4 ssd = vec4(0.0);
                for (int t = 0; t <= 2 * HB_PATCH; t++) {
                    ssd += across[j + t];
                }
                int row = y0 + j + dy - HB_RESEARCH;
                vec4 distance = ssd * scale;
                vec4 w = exp(-distance) * vec4(lessThan(distance, vec4(HB_MEANINGFUL)))
                    * (row >= 0 && row <= last.y ? inside : vec4(0.0));
                sum[j] += w * HB_FOUR(partner, j + HB_PATCH + dy, HB_PATCH);
                total[j] += w;
            }
        }
    }
    for (int j = 0; j < HB_RUN; j++) {
        if (j < rows) {
            hb_put_codes(plane, y0 + j, g, sum[j] / total[j]);
        }
    }
}

// The block's runs of one plane: (4 << HB_SHIFT_X) x (HB_RUN << HB_SHIFT_Y)
// luma pixels, so one run of chroma.
void hb_plane_pass(int plane, ivec2 base) {
    uint at = hb_base(0);
    float scale = hb_p[at];
    ivec2 shift = hb_plane_shift(plane);
    ivec2 last = hb_plane_last(plane, hb_in_size);
    for (int i = 0; i < (HB_BLOCK_W >> shift.x) >> 2; i++) {
        int g = ((base.x >> shift.x) >> 2) + i;
        for (int r = 0; r < (HB_BLOCK_H >> shift.y) / HB_RUN; r++) {
            int y0 = (base.y >> shift.y) + r * HB_RUN;
            if (4 * g <= last.x && y0 <= last.y) {
                hb_denoise_run(plane, g, y0, scale);
            }
        }
    }
}
