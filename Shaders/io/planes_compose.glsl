// Compositions on the frames' own planes (Sources/Harbeth/Graph/
// PlaneComposition.swift): stacks, grids, opaque overlays and xfade
// transitions of videos in one layout. Every output sample is a sample of
// one source's plane, or a fill colour's code value, or (a transition)
// FFmpeg xfade's mix of two sources' samples; nothing is converted.
//
// HB_PLANES planes of HB_SAMPLE_BYTES-byte samples (1 or 2; 4 for RGBA
// pixels); planes 1 and 2 are subsampled by HB_SHIFT_X, HB_SHIFT_Y, plane
// 3 (alpha) is not. The sources lie one after another in the input
// buffer. Each invocation writes a span of HB_BLOCK_W x HB_BLOCK_H pixels,
// four of the layout's blocks along a row (whole 32-bit words of every
// plane; ShaderGenerator.compositionSpan).
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

// Where one plane of what shows over a whole span comes from: a source's
// plane (byte offset, bytes per row, size in samples, and where the
// source's corner lies on the canvas, in samples) or, with source < 0, a
// fill.
struct HBPlaneRead {
    int source;
    int offset;
    int stride;
    ivec2 size;
    ivec2 corner;
    uint fill;
};

HBPlaneRead hb_source_read(int source, int plane, ivec2 shift, ivec2 corner, uint fill) {
    uint s = hb_source_data(max(source, 0));
    uint k = s + 2u + 2u * uint(plane);
    return HBPlaneRead(
        source, hb_int(k), hb_int(k + 1u), (ivec2(hb_int(s), hb_int(s + 1u)) + (ivec2(1) << shift) - 1) >> shift,
        corner, fill);
}

// The word at plane sample p of what shows over the whole span: one funnel
// load of its source's row (samples clamped into the plane), or the fill.
uint hb_span_word(HBPlaneRead read, ivec2 p) {
    if (read.source < 0) return hb_repeat(read.fill);
    ivec2 q = clamp(p - read.corner, ivec2(0), read.size - 1);
    return hb_src_bytes(read.offset + q.y * read.stride + q.x * HB_SAMPLE_BYTES);
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
// The side that shows over the whole span of luma pixels [b0, b1), moved
// by a whole number of pixels: (side, dx, dy) with side 0 (A) or 1 (B), or
// side -1. Before and after the transition that is A or B in place; during
// it, wipes and slides qualify where the picks at the span's first and
// last pixels agree (their picks are steps and translations, each the
// same over an interval of a row or a column).
ivec3 hb_span_side(ivec2 b0, ivec2 b1) {
    float duration = hb_p[hb_at + 3u];
    float elapsed = hb_xf_elapsed(hb_p[hb_at + 4u], hb_p[hb_at + 5u]);
    if (elapsed < 0.0) return ivec3(0, 0, 0);
    if (elapsed >= duration) return ivec3(1, 0, 0);
    int kind = hb_int(hb_at + 2u);
    if (kind < 1 || kind > 8) return ivec3(-1, 0, 0);
    float P = hb_xf_progress(elapsed, duration);
    ivec2 last = b1 - 1;
    HBTransitionPick first = hb_xf_pick(kind, b0, hb_out_size, P);
    HBTransitionPick end = hb_xf_pick(kind, last, hb_out_size, P);
    ivec2 moved = (first.m == 1.0 ? first.a : first.b) - b0;
    if (first.m != end.m || moved != (end.m == 1.0 ? end.a : end.b) - last) return ivec3(-1, 0, 0);
    return ivec3(first.m == 1.0 ? 0 : 1, moved);
}

// What plane `plane` of the span reads when one side shows over it all
// (hb_span_side); source -2 where none does, or where the move is not a
// whole number of a subsampled plane's samples (its samples mix two).
HBPlaneRead hb_span_read(ivec3 side, int plane, ivec2 shift) {
    ivec2 step = (ivec2(1) << shift) - 1;
    bool whole = side.x >= 0 && (side.y & step.x) == 0 && (side.z & step.y) == 0;
    HBPlaneRead read = hb_source_read(side.x, plane, shift, -(side.yz >> shift), 0u);
    read.source = whole ? side.x : -2;
    return read;
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
    uint word = 0u;
    for (int i = 0; i < HB_PER_WORD; i++) {
        ivec2 q = ivec2(p.x + i, p.y);
        word |= hb_layer_sample(hb_top_layer(q << shift), plane, shift, q) << (8 * HB_SAMPLE_BYTES * i);
    }
    return word;
}

// The layer that shows over the whole span of luma pixels [b0, b1), or -1
// where layers meet inside it (or none covers it). The loop's reads are
// the same for every invocation (one load each on lavapipe) and only the
// choices differ; the caller reads the chosen layer once per plane.
int hb_span_layer(ivec2 b0, ivec2 b1) {
    int top = -1;
    for (int layer = 0; layer < hb_int(hb_at); layer++) {
        uint l = hb_layer_data(layer);
        ivec4 rect = ivec4(hb_int(l), hb_int(l + 1u), hb_int(l + 2u), hb_int(l + 3u));
        bool covers = all(greaterThanEqual(b0, rect.xy)) && all(lessThanEqual(b1, rect.zw));
        bool meets = all(lessThan(b0, rect.zw)) && all(greaterThan(b1, rect.xy));
        top = covers ? layer : meets ? -1 : top;
    }
    return top;
}

// The same decision in the form the planes read: (layer, 0, 0), or -1.
ivec3 hb_span_side(ivec2 b0, ivec2 b1) { return ivec3(hb_span_layer(b0, b1), 0, 0); }

// What plane `plane` of the span reads when one layer shows over it all;
// source -2 where none does.
HBPlaneRead hb_span_read(ivec3 side, int plane, ivec2 shift) {
    uint l = hb_layer_data(max(side.x, 0));
    HBPlaneRead read = hb_source_read(
        hb_int(l + 6u), plane, shift, ivec2(hb_int(l + 4u), hb_int(l + 5u)) >> shift, hb_fill(l, plane));
    read.source = side.x < 0 ? -2 : read.source;
    return read;
}
#endif

// One plane's part of the span; called with constants, so its loops
// unroll. Words past the plane's row (a span may reach past the padding of
// the last block) are not written.
void hb_compose_plane(int plane, ivec2 shift, ivec2 base, ivec3 side) {
    ivec2 start = base >> shift;
    ivec2 size = HB_BLOCK >> shift;
    HBPlaneRead read = hb_span_read(side, plane, shift);
#ifdef HB_SUBGROUP_VOTE
    // lavapipe runs both sides of a branch its lanes disagree on; voted, the
    // common case (every lane's span shown whole) runs alone.
    if (subgroupAll(read.source >= -1)) {
        for (int j = 0; j < size.y; j++) {
            for (int w = 0; w < size.x / HB_PER_WORD; w++) {
                ivec2 p = ivec2(start.x + w * HB_PER_WORD, start.y + j);
                if (p.x * HB_SAMPLE_BYTES >= hb_out_planes[plane].y) break;
                int at = (hb_out_planes[plane].x + p.y * hb_out_planes[plane].y + p.x * HB_SAMPLE_BYTES) >> 2;
                hb_dst_put(at, hb_span_word(read, p));
            }
        }
        return;
    }
#endif
    for (int j = 0; j < size.y; j++) {
        for (int w = 0; w < size.x / HB_PER_WORD; w++) {
            ivec2 p = ivec2(start.x + w * HB_PER_WORD, start.y + j);
            if (p.x * HB_SAMPLE_BYTES >= hb_out_planes[plane].y) break;
            int at = (hb_out_planes[plane].x + p.y * hb_out_planes[plane].y + p.x * HB_SAMPLE_BYTES) >> 2;
            hb_dst_put(at, read.source >= -1 ? hb_span_word(read, p) : hb_compose_word(plane, shift, p));
        }
    }
}

void hb_store_block(ivec2 base) {
    hb_at = hb_base(0);
    // Most spans show one layer, or one side of a transition, whole: each
    // of their words is then one funnel load. The span is clipped to the
    // canvas, so spans at its edges qualify too (their padding takes the
    // clamped samples).
    ivec3 side = hb_span_side(base, min(base + HB_BLOCK, hb_out_size));
    hb_compose_plane(0, ivec2(0), base, side);
#if HB_PLANES > 1
    hb_compose_plane(1, ivec2(HB_SHIFT_X, HB_SHIFT_Y), base, side);
    hb_compose_plane(2, ivec2(HB_SHIFT_X, HB_SHIFT_Y), base, side);
#endif
#if HB_PLANES > 3
    hb_compose_plane(3, ivec2(0), base, side);
#endif
}
