// resize on the frame's own planes (Sources/Harbeth/Graph/PlaneResize.swift):
// Y, U, V (and A) each from its size to its new size, as two separable
// passes, rows then columns, never converted to RGB. The mapping and taps
// are kernels/resize.glsl's, per plane: src = (dst + 0.5) in / out - 0.5,
// clamp to edge; HB_METHOD 0 bilinear (2 taps), 1 bicubic (Catmull-Rom
// a = -0.5, 4 taps), 2 nearest (floor((dst + 0.5) in / out)), 3 Lanczos
// (a = 3, 6 taps, normalised).
//
// HB_DIRECTION 0, rows: the source planes (HB_IN_BYTES-byte samples) to
// intermediate planes of the new width and the old height (16-bit,
// io/planes_samples.glsl, with room for the overshoot of the taps).
// HB_DIRECTION 1, columns: those to the output planes. An invocation
// writes one group of four samples of every plane down a run of rows
// (HB_BLOCK luma pixels), so the taps along the rows are worked out once.
//
// Along a row, the samples that a group's taps reach lie in HB_WORDS words
// (PlaneResize.words); away from the plane's ends those are loaded once a
// row and the taps pick their samples from them.

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

#if HB_METHOD == 0
#define HB_TAPS 2
#define HB_LEAD 0
#elif HB_METHOD == 1
#define HB_TAPS 4
#define HB_LEAD 1
#elif HB_METHOD == 2
#define HB_TAPS 1
#define HB_LEAD 0
#else
#define HB_TAPS 6
#define HB_LEAD 2
#endif

// The first tap's sample of output sample `dst` along an axis `inSize` to
// `outSize` long, and the taps' weights: the first four in `a`, the fifth
// and sixth (Lanczos) in `b`.
int hb_taps(int dst, int inSize, int outSize, out vec4 a, out vec2 b) {
    float source = (float(dst) + 0.5) * float(inSize) / float(outSize);
    b = vec2(0.0);
#if HB_METHOD == 2
    a = vec4(1.0, 0.0, 0.0, 0.0);
    return int(floor(source));
#else
    float centre = source - 0.5;
    int texel = int(floor(centre));
    float f = centre - float(texel);
#if HB_METHOD == 0
    a = vec4(1.0 - f, f, 0.0, 0.0);
#elif HB_METHOD == 1
    a = hb_cubic_weights(f);
#else
    a = vec4(hb_lanczos3(-2.0 - f), hb_lanczos3(-1.0 - f), hb_lanczos3(-f), hb_lanczos3(1.0 - f));
    b = vec2(hb_lanczos3(2.0 - f), hb_lanczos3(3.0 - f));
    float total = dot(a, vec4(1.0)) + b.x + b.y;
    a /= total;
    b /= total;
#endif
    return texel - HB_LEAD;
#endif
}

// The taps' sum over samples s0 ... s5 (those past HB_TAPS unused).
float hb_apply(vec4 a, vec2 b, vec4 s, vec2 more) {
#if HB_TAPS == 1
    return s.x;
#elif HB_TAPS == 2
    return a.x * s.x + a.y * s.y;
#elif HB_TAPS == 4
    return dot(a, s);
#else
    return dot(a, s) + dot(b, more);
#endif
}

#if HB_DIRECTION == 0
const int HB_PER_WORD = 4 / HB_IN_BYTES;
const int HB_WORD_SHIFT = HB_IN_BYTES == 1 ? 2 : 1;

// A row's words from the window's first, and the one holding sample k of
// the window (a ladder of selects: no indexing at run time).
uint hb_w0, hb_w1, hb_w2, hb_w3, hb_w4, hb_w5, hb_w6, hb_w7;

void hb_load_words(int first) {
    int last = hb_src_words() - 1;
    hb_w0 = hb_src_at(min(first, last));
    hb_w1 = HB_WORDS > 1 ? hb_src_at(min(first + 1, last)) : 0u;
    hb_w2 = HB_WORDS > 2 ? hb_src_at(min(first + 2, last)) : 0u;
    hb_w3 = HB_WORDS > 3 ? hb_src_at(min(first + 3, last)) : 0u;
    hb_w4 = HB_WORDS > 4 ? hb_src_at(min(first + 4, last)) : 0u;
    hb_w5 = HB_WORDS > 5 ? hb_src_at(min(first + 5, last)) : 0u;
    hb_w6 = HB_WORDS > 6 ? hb_src_at(min(first + 6, last)) : 0u;
    hb_w7 = HB_WORDS > 7 ? hb_src_at(min(first + 7, last)) : 0u;
}

uint hb_word(int index) {
    uint word = hb_w0;
    word = HB_WORDS > 1 && index >= 1 ? hb_w1 : word;
    word = HB_WORDS > 2 && index >= 2 ? hb_w2 : word;
    word = HB_WORDS > 3 && index >= 3 ? hb_w3 : word;
    word = HB_WORDS > 4 && index >= 4 ? hb_w4 : word;
    word = HB_WORDS > 5 && index >= 5 ? hb_w5 : word;
    word = HB_WORDS > 6 && index >= 6 ? hb_w6 : word;
    word = HB_WORDS > 7 && index >= 7 ? hb_w7 : word;
    return word;
}

// The 32 bits from bit `shift` of words `index` and `index + 1`.
uint hb_funnel(int index, uint shift) {
    uint low = hb_word(index);
    uint high = hb_word(index + 1);
    return shift == 0u ? low : (low >> shift) | (high << (32u - shift));
}

// The sample at the window's offset k and the five after it.
void hb_window_samples(int k, out vec4 s, out vec2 more) {
#if HB_IN_BYTES == 1
    uint shift = uint(k & 3) * 8u;
    uint first = hb_funnel(k >> 2, shift);
    s = vec4((uvec4(first) >> uvec4(0u, 8u, 16u, 24u)) & 0xFFu);
    more = vec2(0.0);
#if HB_TAPS > 4
    uint next = hb_funnel((k >> 2) + 1, shift);
    more = vec2(float(next & 0xFFu), float((next >> 8) & 0xFFu));
#endif
#else
    uint shift = uint(k & 1) * 16u;
    uint p0 = hb_funnel(k >> 1, shift);
    uint p1 = HB_TAPS > 2 ? hb_funnel((k >> 1) + 1, shift) : 0u;
    s = vec4(float(p0 & 0xFFFFu), float(p0 >> 16), float(p1 & 0xFFFFu), float(p1 >> 16));
    more = vec2(0.0);
#if HB_TAPS > 4
    uint p2 = hb_funnel((k >> 1) + 2, shift);
    more = vec2(float(p2 & 0xFFFFu), float(p2 >> 16));
#endif
#endif
}

// Sample x of a source row, clamped to the row (the plane's ends).
float hb_row_sample(int plane, int row, int x, int last) {
    uint index = uint(hb_in_planes[plane].x + row * hb_in_planes[plane].y + clamp(x, 0, last) * HB_IN_BYTES);
    uint bits = uint(8 * HB_IN_BYTES);
    return float((hb_src_at(int(index >> 2)) >> ((index & 3u) * 8u)) & ((1u << bits) - 1u));
}

// The taps' sum for one output sample whose first tap is at x, near the
// row's ends: each sample clamped.
float hb_apply_clamped(int plane, int row, int x, int last, vec4 a, vec2 b) {
    vec4 s = vec4(
        hb_row_sample(plane, row, x, last), hb_row_sample(plane, row, x + 1, last),
        hb_row_sample(plane, row, x + 2, last), hb_row_sample(plane, row, x + 3, last));
    vec2 more = vec2(hb_row_sample(plane, row, x + 4, last), hb_row_sample(plane, row, x + 5, last));
    return hb_apply(a, b, s, more);
}

void hb_resize_group(int plane, int g, int y0) {
    ivec2 shift = hb_plane_shift(plane);
    ivec2 last = hb_plane_last(plane, hb_out_size);
    int lastIn = hb_plane_last(plane, hb_in_size).x;
    int rows = min(HB_BLOCK_H >> shift.y, last.y - y0 + 1);
    // Each sample's first tap and weights, and the window they share.
    vec4 a0, a1, a2, a3;
    vec2 b0, b1, b2, b3;
    ivec4 first = ivec4(
        hb_taps(4 * g, lastIn + 1, last.x + 1, a0, b0), hb_taps(4 * g + 1, lastIn + 1, last.x + 1, a1, b1),
        hb_taps(4 * g + 2, lastIn + 1, last.x + 1, a2, b2), hb_taps(4 * g + 3, lastIn + 1, last.x + 1, a3, b3));
    int window = first.x >> HB_WORD_SHIFT;
    ivec4 offset = first - (window << HB_WORD_SHIFT);
    bool inside = first.x >= 0 && first.w + HB_TAPS - 1 <= lastIn;
    for (int j = 0; j < rows; j++) {
        int row = y0 + j;
        vec4 value;
        if (inside) {
            hb_load_words(((hb_in_planes[plane].x + row * hb_in_planes[plane].y) >> 2) + window);
            vec4 s;
            vec2 more;
            hb_window_samples(offset.x, s, more);
            value.x = hb_apply(a0, b0, s, more);
            hb_window_samples(offset.y, s, more);
            value.y = hb_apply(a1, b1, s, more);
            hb_window_samples(offset.z, s, more);
            value.z = hb_apply(a2, b2, s, more);
            hb_window_samples(offset.w, s, more);
            value.w = hb_apply(a3, b3, s, more);
        } else {
            value = vec4(
                hb_apply_clamped(plane, row, first.x, lastIn, a0, b0),
                hb_apply_clamped(plane, row, first.y, lastIn, a1, b1),
                hb_apply_clamped(plane, row, first.z, lastIn, a2, b2),
                hb_apply_clamped(plane, row, first.w, lastIn, a3, b3));
        }
        hb_put_middle(plane, row, g, value);
    }
}
#else
void hb_resize_group(int plane, int g, int y0) {
    ivec2 shift = hb_plane_shift(plane);
    ivec2 last = hb_plane_last(plane, hb_out_size);
    int lastIn = hb_plane_last(plane, hb_in_size).y;
    int rows = min(HB_BLOCK_H >> shift.y, last.y - y0 + 1);
    // The rows the taps read slide down with the output rows (every lane
    // of a workgroup's row walks the same rows): a window of HB_TAPS
    // groups, moved on as the first tap moves, so an input row is loaded
    // once, not once per tap.
    vec4 a;
    vec2 b;
    int first = hb_taps(y0, lastIn + 1, last.y + 1, a, b);
    int top = first;
    vec4 r0 = hb_middle_group(plane, top, g, lastIn);
    vec4 r1 = HB_TAPS > 1 ? hb_middle_group(plane, top + 1, g, lastIn) : vec4(0.0);
    vec4 r2 = HB_TAPS > 2 ? hb_middle_group(plane, top + 2, g, lastIn) : vec4(0.0);
    vec4 r3 = HB_TAPS > 3 ? hb_middle_group(plane, top + 3, g, lastIn) : vec4(0.0);
    vec4 r4 = HB_TAPS > 4 ? hb_middle_group(plane, top + 4, g, lastIn) : vec4(0.0);
    vec4 r5 = HB_TAPS > 5 ? hb_middle_group(plane, top + 5, g, lastIn) : vec4(0.0);
    for (int j = 0; j < rows; j++) {
        first = hb_taps(y0 + j, lastIn + 1, last.y + 1, a, b);
        while (top < first) {
            top++;
            r0 = r1;
            r1 = r2;
            r2 = r3;
            r3 = r4;
            r4 = r5;
            vec4 entering = hb_middle_group(plane, top + HB_TAPS - 1, g, lastIn);
#if HB_TAPS == 1
            r0 = entering;
#elif HB_TAPS == 2
            r1 = entering;
#elif HB_TAPS == 4
            r3 = entering;
#else
            r5 = entering;
#endif
        }
        vec4 value = a.x * r0;
#if HB_TAPS > 1
        value += a.y * r1;
#endif
#if HB_TAPS > 2
        value += a.z * r2 + a.w * r3;
#endif
#if HB_TAPS > 4
        value += b.x * r4 + b.y * r5;
#endif
        hb_put_codes(plane, y0 + j, g, value);
    }
}
#endif

// The block's groups of one plane (two of luma where chroma is halved
// across).
void hb_plane_pass(int plane, ivec2 base) {
    ivec2 shift = hb_plane_shift(plane);
    int lastX = hb_plane_last(plane, hb_out_size).x;
    for (int i = 0; i < (HB_BLOCK_W >> shift.x) >> 2; i++) {
        int g = ((base.x >> shift.x) >> 2) + i;
        if (4 * g <= lastX) {
            hb_resize_group(plane, g, base.y >> shift.y);
        }
    }
}
