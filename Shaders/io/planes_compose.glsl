// Compositions on the frames' own planes (Sources/Harbeth/Graph/
// PlaneComposition.swift): stacks, grids, opaque overlays and xfade
// transitions of videos in one layout. Every output sample is a sample of
// one source's plane, or a fill colour's code value, or (a transition)
// FFmpeg xfade's mix of two sources' samples; nothing is converted.
//
// HB_PLANES planes of HB_SAMPLE_BYTES-byte samples (1 or 2; 4 for RGBA
// pixels); planes 1 and 2 are subsampled by HB_SHIFT_X, HB_SHIFT_Y, plane
// 3 (alpha) is not. The sources lie one after another in the input
// buffer. Each invocation writes one output block of HB_BLOCK_W x
// HB_BLOCK_H pixels (whole 32-bit words of every plane).
//
// The data (hb_p from hb_base(0), integers as their bits):
//   [0] layers L, [1] sources S, [2] transition (-1: none; else an index
//   of CompositionFilters.transitions), [3] its duration, [4] offset and
//   [5] the offset's remainder (seconds, floats); [6], [7] unused.
//   Per source (12 each, from [8]): luma width, height, then each plane's
//   byte offset and bytes per row.
//   Per layer (16 each, after the sources), bottom first: the rectangle
//   it covers x0, y0, x1, y1 and the canvas position of its source's
//   corner, in luma pixels (on the chroma grid); the source (-1: a fill);
//   unused; then per plane the fill's code value, its low and high 16
//   bits as float values.
// With HB_TRANSITION, sources 0 (A) and 1 (B) fill the canvas and each
// sample is picked at its luma position (common/xfade_transition.glsl).

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);
const int HB_PER_WORD = 4 / HB_SAMPLE_BYTES;
const uint HB_SAMPLE_MASK = HB_SAMPLE_BYTES == 4 ? 0xFFFFFFFFu : HB_SAMPLE_BYTES == 2 ? 0xFFFFu : 0xFFu;

uint hb_at;

int hb_int(uint index) { return floatBitsToInt(hb_p[index]); }
uint hb_source_data(int source) { return hb_at + 8u + 12u * uint(source); }
uint hb_layer_data(int layer) { return hb_at + 8u + 12u * uint(hb_int(hb_at + 1u)) + 16u * uint(layer); }

uint hb_src_word(int index) { return hb_src_at(clamp(index, 0, hb_src_words() - 1)); }

// The four bytes from byte `address` of the sources: two word loads and a
// funnel shift (indexes clamped into the buffer).
uint hb_src_bytes(int address) {
    uint shift = uint(address & 3) * 8u;
    uint low = hb_src_word(address >> 2);
    uint high = hb_src_word((address >> 2) + 1);
    return (low >> shift) | ((high << (31u - shift)) << 1u);
}

// The byte address of sample q of a source's plane, q clamped into it.
int hb_address(int source, int plane, ivec2 shift, ivec2 q) {
    uint s = hb_source_data(source);
    ivec2 size = (ivec2(hb_int(s), hb_int(s + 1u)) + (ivec2(1) << shift) - 1) >> shift;
    q = clamp(q, ivec2(0), size - 1);
    uint k = s + 2u + 2u * uint(plane);
    return hb_int(k) + q.y * hb_int(k + 1u) + q.x * HB_SAMPLE_BYTES;
}

// One sample (never across a word: samples are aligned to their size).
uint hb_sample(int source, int plane, ivec2 shift, ivec2 q) {
    int address = hb_address(source, plane, shift, q);
    return (hb_src_word(address >> 2) >> (uint(address & 3) * 8u)) & HB_SAMPLE_MASK;
}

// A sample repeated over a word.
uint hb_repeat(uint value) {
#if HB_SAMPLE_BYTES == 4
    return value;
#elif HB_SAMPLE_BYTES == 2
    return value | (value << 16);
#else
    return value * 0x01010101u;
#endif
}

#ifdef HB_TRANSITION
// FFmpeg xfade's mix of two samples, a m + b (1 - m) truncated, per byte
// of an RGBA pixel. `precise` keeps the products and the sum apart, as
// FFmpeg's C does.
uint hb_mix(uint a, uint b, float m) {
#if HB_SAMPLE_BYTES == 4
    uint mixed = 0u;
    for (int c = 0; c < 4; c++) {
        precise float value = float((a >> (8 * c)) & 0xFFu) * m + float((b >> (8 * c)) & 0xFFu) * (1.0 - m);
        mixed |= min(uint(value), 255u) << (8 * c);
    }
    return mixed;
#else
    precise float value = float(a) * m + float(b) * (1.0 - m);
    return min(uint(value), HB_SAMPLE_MASK);
#endif
}

uint hb_compose_word(int plane, ivec2 shift, ivec2 p) {
    float duration = hb_p[hb_at + 3u];
    float elapsed = hb_xf_elapsed(hb_p[hb_at + 4u], hb_p[hb_at + 5u]);
    // Outside the transition FFmpeg passes a frame through unchanged.
    if (elapsed < 0.0) return hb_src_bytes(hb_address(0, plane, shift, p));
    if (elapsed >= duration) return hb_src_bytes(hb_address(1, plane, shift, p));
    float P = hb_xf_progress(elapsed, duration);
    int kind = hb_int(hb_at + 2u);
    uint word = 0u;
    if (kind == 0) {
        // A fade mixes the samples in place: a word of each.
        uint a = hb_src_bytes(hb_address(0, plane, shift, p));
        uint b = hb_src_bytes(hb_address(1, plane, shift, p));
        for (int i = 0; i < HB_PER_WORD; i++) {
            uint bits = uint(8 * HB_SAMPLE_BYTES * i);
            word |= hb_mix((a >> bits) & HB_SAMPLE_MASK, (b >> bits) & HB_SAMPLE_MASK, P) << bits;
        }
        return word;
    }
    ivec2 span = ivec2(1) << shift;
    for (int i = 0; i < HB_PER_WORD; i++) {
        ivec2 q = ivec2(p.x + i, p.y);
        uint value;
        if (span == ivec2(1)) {
            HBTransitionPick pick = hb_xf_pick(kind, q, hb_out_size, P);
            if (pick.m == 1.0) {
                value = hb_sample(0, plane, shift, pick.a);
            } else if (pick.m == 0.0) {
                value = hb_sample(1, plane, shift, pick.b);
            } else {
                value = hb_mix(hb_sample(0, plane, shift, pick.a), hb_sample(1, plane, shift, pick.b), pick.m);
            }
        } else {
            // A subsampled chroma sample is the mean of what the transition
            // makes at each luma pixel it covers: the chroma of an edge, or
            // of a slide by an odd count, lies between the two sides'.
            float total = 0.0;
            for (int dy = 0; dy < span.y; dy++) {
                for (int dx = 0; dx < span.x; dx++) {
                    ivec2 luma = min((q << shift) + ivec2(dx, dy), hb_out_size - 1);
                    HBTransitionPick pick = hb_xf_pick(kind, luma, hb_out_size, P);
                    float a = pick.m == 0.0 ? 0.0 : float(hb_sample(0, plane, shift, pick.a >> shift));
                    float b = pick.m == 1.0 ? 0.0 : float(hb_sample(1, plane, shift, pick.b >> shift));
                    total += a * pick.m + b * (1.0 - pick.m);
                }
            }
            value = uint(total / float(span.x * span.y) + 0.5);
        }
        word |= value << (8 * HB_SAMPLE_BYTES * i);
    }
    return word;
}
#else
// The top layer that covers luma position `luma`; -1 for none.
int hb_top_layer(ivec2 luma) {
    for (int layer = hb_int(hb_at) - 1; layer >= 0; layer--) {
        uint l = hb_layer_data(layer);
        if (luma.x >= hb_int(l) && luma.y >= hb_int(l + 1u) && luma.x < hb_int(l + 2u) && luma.y < hb_int(l + 3u)) {
            return layer;
        }
    }
    return -1;
}

uint hb_fill(uint l, int plane) {
    uint k = l + 8u + 2u * uint(plane);
    return uint(hb_p[k]) | (uint(hb_p[k + 1u]) << 16);
}

// The sample at p of a layer's plane.
uint hb_layer_sample(int layer, int plane, ivec2 shift, ivec2 p) {
    if (layer < 0) return 0u;
    uint l = hb_layer_data(layer);
    int source = hb_int(l + 6u);
    if (source < 0) return hb_fill(l, plane);
    return hb_sample(source, plane, shift, p - (ivec2(hb_int(l + 4u), hb_int(l + 5u)) >> shift));
}

uint hb_compose_word(int plane, ivec2 shift, ivec2 p) {
    // Layers at least 8 pixels wide (PlaneComposition makes sure): one
    // that covers both ends of a word covers the word, so a word of one
    // layer is one funnel load of its source's row.
    int layer = hb_top_layer(p << shift);
    if (layer >= 0 && layer == hb_top_layer(ivec2(p.x + HB_PER_WORD - 1, p.y) << shift)) {
        uint l = hb_layer_data(layer);
        int source = hb_int(l + 6u);
        if (source < 0) return hb_repeat(hb_fill(l, plane));
        ivec2 q = p - (ivec2(hb_int(l + 4u), hb_int(l + 5u)) >> shift);
        return hb_src_bytes(hb_address(source, plane, shift, q));
    }
    uint word = 0u;
    for (int i = 0; i < HB_PER_WORD; i++) {
        ivec2 q = ivec2(p.x + i, p.y);
        word |= hb_layer_sample(hb_top_layer(q << shift), plane, shift, q) << (8 * HB_SAMPLE_BYTES * i);
    }
    return word;
}
#endif

// One plane's part of the block; called with constants, so its loops
// unroll.
void hb_compose_plane(int plane, ivec2 shift, ivec2 base) {
    ivec2 start = base >> shift;
    ivec2 size = HB_BLOCK >> shift;
    for (int j = 0; j < size.y; j++) {
        for (int w = 0; w < size.x / HB_PER_WORD; w++) {
            ivec2 p = ivec2(start.x + w * HB_PER_WORD, start.y + j);
            uint at = uint(hb_out_planes[plane].x + p.y * hb_out_planes[plane].y + p.x * HB_SAMPLE_BYTES);
            hb_dst_put(int(at >> 2), hb_compose_word(plane, shift, p));
        }
    }
}

void hb_store_block(ivec2 base) {
    hb_at = hb_base(0);
    hb_compose_plane(0, ivec2(0), base);
#if HB_PLANES > 1
    hb_compose_plane(1, ivec2(HB_SHIFT_X, HB_SHIFT_Y), base);
    hb_compose_plane(2, ivec2(HB_SHIFT_X, HB_SHIFT_Y), base);
#endif
#if HB_PLANES > 3
    hb_compose_plane(3, ivec2(0), base);
#endif
}
