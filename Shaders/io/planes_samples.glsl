// Helpers of the passes that filter the planes' samples (io/planes_blur.glsl,
// io/planes_resize.glsl, io/planes_neighbours.glsl, io/planes_denoise.glsl,
// io/planes_deband.glsl, io/planes_boxblur.glsl and others): planes 1 and 2 are
// subsampled by HB_SHIFT_X, HB_SHIFT_Y, plane 3 (alpha) is not; samples go
// four at a time (a group: one word of 8-bit samples, two of 16-bit ones).
// Each pass defines hb_plane_pass, its part of the block in one plane;
// hb_store_block runs it for every plane.

void hb_plane_pass(int plane, ivec2 base);

#ifdef HB_SCRATCH_BINDING
// Scratch planes, read and written (a recursive blur's columns, boxblur's
// columns): the planes buffer at binding HB_SCRATCH_BINDING, as words.
#ifdef HB_TEXEL_FRAMES
layout(set = 0, binding = HB_SCRATCH_BINDING, r32ui) uniform restrict highp uimageBuffer hb_scratch_texels;
uint hb_scratch_at(int index) { return imageLoad(hb_scratch_texels, index).x; }
void hb_scratch_put(int index, uint value) { imageStore(hb_scratch_texels, index, uvec4(value)); }
#else
layout(std430, set = 0, binding = HB_SCRATCH_BINDING) restrict buffer HBScratch { uint hb_scratch[]; };
uint hb_scratch_at(int index) { return hb_scratch[index]; }
void hb_scratch_put(int index, uint value) { hb_scratch[index] = value; }
#endif
#endif

void hb_store_block(ivec2 base) {
    hb_plane_pass(0, base);
#if HB_PLANES > 1
    hb_plane_pass(1, base);
    hb_plane_pass(2, base);
#endif
#if HB_PLANES > 3
    hb_plane_pass(3, base);
#endif
}

ivec2 hb_plane_shift(int plane) {
    return plane == 1 || plane == 2 ? ivec2(HB_SHIFT_X, HB_SHIFT_Y) : ivec2(0);
}

// The last sample of a plane of a frame `size` pixels large.
ivec2 hb_plane_last(int plane, ivec2 size) {
    ivec2 shift = hb_plane_shift(plane);
    return ((size + (ivec2(1) << shift) - 1) >> shift) - 1;
}

// A group of four samples from its word (8-bit) or words (16-bit).
vec4 hb_unpack(uint first, uint second, int bytes) {
    if (bytes == 1) {
        return vec4((uvec4(first) >> uvec4(0u, 8u, 16u, 24u)) & 0xFFu);
    }
    return vec4(float(first & 0xFFFFu), float(first >> 16), float(second & 0xFFFFu), float(second >> 16));
}

float hb_pick(vec4 v, int i) {
    return i == 0 ? v.x : (i == 1 ? v.y : (i == 2 ? v.z : v.w));
}

// Samples 4g ... 4g + 3 of a source row (HB_IN_BYTES-byte samples),
// clamped to the row's `last` sample: groups left of the row repeat its
// first, past its end its last.
vec4 hb_source_group(int plane, int row, int g, int last) {
    int lastGroup = last >> 2;
    int at = clamp(g, 0, lastGroup);
    int word = (hb_in_planes[plane].x + row * hb_in_planes[plane].y + at * 4 * HB_IN_BYTES) >> 2;
    vec4 v = hb_unpack(hb_src_at(word), HB_IN_BYTES == 2 ? hb_src_at(word + 1) : 0u, HB_IN_BYTES);
    if (g != at || 4 * g + 3 > last) {
        ivec4 index = clamp(ivec4(4 * g) + ivec4(0, 1, 2, 3), ivec4(0), ivec4(last)) - 4 * at;
        v = vec4(hb_pick(v, index.x), hb_pick(v, index.y), hb_pick(v, index.z), hb_pick(v, index.w));
    }
    return v;
}

// Sample x of a source row, x clamped to the row's `lastX`, in codes.
float hb_source_sample(int plane, int row, int x, int lastX) {
    uint index = uint(hb_in_planes[plane].x + row * hb_in_planes[plane].y + clamp(x, 0, lastX) * HB_IN_BYTES);
    uint bits = uint(8 * HB_IN_BYTES);
    return float((hb_src_at(int(index >> 2)) >> ((index & 3u) * 8u)) & ((1u << bits) - 1u));
}

uint hb_code(float value) {
    return uint(clamp(value + 0.5, 0.0, HB_OUT_MAX));
}

// Writes four samples, rounded to codes, as a group of output plane
// `plane` at `row` (HB_OUT_BYTES-byte samples).
void hb_put_codes(int plane, int row, int g, vec4 value) {
    int word = (hb_out_planes[plane].x + row * hb_out_planes[plane].y + g * 4 * HB_OUT_BYTES) >> 2;
#if HB_OUT_BYTES == 1
    hb_dst_put(word, hb_code(value.x) | (hb_code(value.y) << 8) | (hb_code(value.z) << 16) | (hb_code(value.w) << 24));
#else
    hb_dst_put(word, hb_code(value.x) | (hb_code(value.y) << 16));
    hb_dst_put(word + 1, hb_code(value.z) | (hb_code(value.w) << 16));
#endif
}

// Intermediate planes hold 16-bit samples: (value + HB_OFFSET) * HB_SCALE,
// a group in two words.
uvec2 hb_middle_encode(vec4 value) {
    uvec4 q = uvec4(clamp((value + HB_OFFSET) * HB_SCALE + 0.5, 0.0, 65535.0));
    return uvec2(q.x | (q.y << 16), q.z | (q.w << 16));
}

vec4 hb_middle_decode(uint first, uint second) {
    return hb_unpack(first, second, 2) * (1.0 / HB_SCALE) - HB_OFFSET;
}

void hb_put_middle(int plane, int row, int g, vec4 value) {
    uvec2 words = hb_middle_encode(value);
    int word = (hb_out_planes[plane].x + row * hb_out_planes[plane].y + g * 8) >> 2;
    hb_dst_put(word, words.x);
    hb_dst_put(word + 1, words.y);
}

// Group g of an intermediate plane's row (the row clamped to `lastRow`).
vec4 hb_middle_group(int plane, int row, int g, int lastRow) {
    int y = clamp(row, 0, lastRow);
    int word = (hb_in_planes[plane].x + y * hb_in_planes[plane].y + g * 8) >> 2;
    return hb_middle_decode(hb_src_at(word), hb_src_at(word + 1));
}

#ifdef HB_MAPS_GROUPS
// A pass that maps each group of four samples on its own (eq, draw_box)
// defines hb_map_group; this walks the block: one group and run
// of rows of each plane (HB_BLOCK, the plane's share of it), each group of
// the source through hb_map_group into the output.
vec4 hb_map_group(int plane, int row, int g, vec4 codes);

void hb_plane_pass(int plane, ivec2 base) {
    ivec2 shift = hb_plane_shift(plane);
    ivec2 last = hb_plane_last(plane, hb_in_size);
    for (int i = 0; i < (HB_BLOCK_W >> shift.x) >> 2; i++) {
        int g = ((base.x >> shift.x) >> 2) + i;
        for (int r = 0; r < HB_BLOCK_H >> shift.y; r++) {
            int row = (base.y >> shift.y) + r;
            if (4 * g <= last.x && row <= last.y) {
                hb_put_codes(plane, row, g, hb_map_group(plane, row, g, hb_source_group(plane, row, g, last.x)));
            }
        }
    }
}
#endif

#ifdef HB_WALKS_LINES
// A pass that walks whole lines of each plane (boxblur, gblur, avgblur)
// defines hb_walk_row, one row of `width` samples (HB_DIRECTION 0), and
// hb_walk_column, one column of groups of `height` rows (HB_DIRECTION 1);
// each plane's data starts at hb_base(0) + HB_PLANE_DATA * plane. This
// walks the block: whole rows of one chroma row (and the luma rows it
// covers), or a whole column of one chroma group (and its luma groups).
void hb_walk_row(int plane, int row, int width, uint data);
void hb_walk_column(int plane, int g, int height, uint data);

void hb_plane_pass(int plane, ivec2 base) {
    uint data = hb_base(0) + uint(HB_PLANE_DATA * plane);
    ivec2 shift = hb_plane_shift(plane);
    ivec2 start = base >> shift;
    ivec2 size = ivec2(HB_BLOCK_W, HB_BLOCK_H) >> shift;
#if HB_DIRECTION == 0
    ivec2 last = hb_plane_last(plane, hb_in_size);
    for (int j = 0; j < size.y; j++) {
        int row = start.y + j;
        if (row <= last.y) hb_walk_row(plane, row, last.x + 1, data);
    }
#else
    ivec2 last = hb_plane_last(plane, hb_out_size);
    for (int i = 0; i < size.x >> 2; i++) {
        int g = (start.x >> 2) + i;
        if (4 * g <= last.x) hb_walk_column(plane, g, last.y + 1, data);
    }
#endif
}

// Sample x of a source row, for a walk that reads its samples in order: the
// word read last is kept (`cached`, `word`), so a word is loaded once for
// its samples, not once for each.
uint hb_walk_source(int plane, int row, int x, inout int cached, inout uint word) {
    int at = hb_in_planes[plane].x + row * hb_in_planes[plane].y + x * HB_IN_BYTES;
    int index = at >> 2;
    if (index != cached) {
        cached = index;
        word = hb_src_at(index);
    }
    return (word >> (uint(at & 3) * 8u)) & ((1u << uint(8 * HB_IN_BYTES)) - 1u);
}
#endif
