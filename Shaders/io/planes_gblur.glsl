// gblur (FFmpeg's) on the frame's own planes (Sources/Harbeth/Graph/
// PlaneGblur.swift): each plane in its own samples, as floats, through the
// recursive filter FFmpeg runs, in its order: steps times along each row,
//   p[0] *= b, p[x] += nu p[x - 1] rightwards, p[w - 1] *= b,
//   p[x - 1] += nu p[x] leftwards,
// then the same down each column with the vertical nu and b, then
// out = trunc(clip(p postscale, 0, max)).
//
// Per plane k, in the data buffer from hb_base(0) + 7k (HB_PLANE_DATA): whether it blurs,
// steps, nu, b, nuV, bV, postscale. A plane that does not blur is copied.
//
// The intermediate planes hold one float a sample (16-bit planes twice the
// frame's width, a float in each pair of samples). HB_DIRECTION 0, rows: an
// invocation walks whole rows, the first rightward walk from the source's
// samples into the intermediate planes, the rest in place there (through
// the destination, HB_DST_READ). HB_DIRECTION 1, columns: an invocation walks a whole column
// of groups of four, in place in the intermediate planes (the planes buffer
// at HB_SCRATCH_BINDING, at hb_in_planes[k].xy), then writes the codes.

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

float hb_gb(uint data, uint i) {
    return hb_data_at(data + i);
}

#if HB_DIRECTION == 0
int hb_gb_word(int plane, int row, int x) {
    return (hb_out_planes[plane].x + row * hb_out_planes[plane].y + 4 * x) >> 2;
}

float hb_gb_get(int plane, int row, int x) {
    return uintBitsToFloat(hb_dst_at(hb_gb_word(plane, row, x)));
}

void hb_gb_put(int plane, int row, int x, float value) {
    hb_dst_put(hb_gb_word(plane, row, x), floatBitsToUint(value));
}

void hb_walk_row(int plane, int row, int width, uint data) {
    int last = width - 1;
    int cached = -1;
    uint word = 0u;
    if (hb_gb(data, 0u) == 0.0) {
        for (int x = 0; x < width; x++) {
            hb_gb_put(plane, row, x, float(hb_walk_source(plane, row, x, cached, word)));
        }
        return;
    }
    int steps = int(hb_gb(data, 1u));
    float nu = hb_gb(data, 2u);
    float b = hb_gb(data, 3u);
    for (int step = 0; step < steps; step++) {
        // The first step's rightward walk reads the source itself.
        bool first = step == 0;
        float p = (first ? float(hb_walk_source(plane, row, 0, cached, word)) : hb_gb_get(plane, row, 0)) * b;
        hb_gb_put(plane, row, 0, p);
        for (int x = 1; x < width; x++) {
            p = (first ? float(hb_walk_source(plane, row, x, cached, word)) : hb_gb_get(plane, row, x)) + nu * p;
            hb_gb_put(plane, row, x, p);
        }
        p = p * b;
        hb_gb_put(plane, row, last, p);
        for (int x = last; x > 0; x--) {
            p = hb_gb_get(plane, row, x - 1) + nu * p;
            hb_gb_put(plane, row, x - 1, p);
        }
    }
}
#else
int hb_gb_word(int plane, int row, int x) {
    return (hb_in_planes[plane].x + row * hb_in_planes[plane].y + 4 * x) >> 2;
}

vec4 hb_gb_get(int plane, int row, int g) {
    int word = hb_gb_word(plane, row, 4 * g);
    return uintBitsToFloat(uvec4(
        hb_scratch_at(word), hb_scratch_at(word + 1), hb_scratch_at(word + 2), hb_scratch_at(word + 3)));
}

void hb_gb_put(int plane, int row, int g, vec4 value) {
    int word = hb_gb_word(plane, row, 4 * g);
    uvec4 bits = floatBitsToUint(value);
    hb_scratch_put(word, bits.x);
    hb_scratch_put(word + 1, bits.y);
    hb_scratch_put(word + 2, bits.z);
    hb_scratch_put(word + 3, bits.w);
}

void hb_walk_column(int plane, int g, int height, uint data) {
    int last = height - 1;
    if (hb_gb(data, 0u) != 0.0) {
        int steps = int(hb_gb(data, 1u));
        float nu = hb_gb(data, 4u);
        float b = hb_gb(data, 5u);
        for (int step = 0; step < steps; step++) {
            vec4 p = hb_gb_get(plane, 0, g) * b;
            hb_gb_put(plane, 0, g, p);
            for (int y = 1; y < height; y++) {
                p = hb_gb_get(plane, y, g) + nu * p;
                hb_gb_put(plane, y, g, p);
            }
            p = p * b;
            hb_gb_put(plane, last, g, p);
            for (int y = last; y > 0; y--) {
                p = hb_gb_get(plane, y - 1, g) + nu * p;
                hb_gb_put(plane, y - 1, g, p);
            }
        }
    }
    float scale = hb_gb(data, 0u) != 0.0 ? hb_gb(data, 6u) : 1.0;
    for (int y = 0; y < height; y++) {
        vec4 value = clamp(hb_gb_get(plane, y, g) * scale, 0.0, HB_OUT_MAX);
        hb_put_codes(plane, y, g, roundEven(value));
    }
}
#endif
