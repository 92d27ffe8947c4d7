// Separable blurs on the frame's own planes (Sources/Harbeth/Graph/
// PlaneBlur.swift): box_blur, gaussian_blur and unsharp_mask written back in
// the frame's layout are two passes, rows then columns, on Y, U, V (and A)
// at their own sizes, never converted to RGB.
//
// HB_DIRECTION 0, rows: the source planes (HB_IN_BYTES-byte samples) to
// the 16-bit intermediate planes (io/planes_samples.glsl; HB_OFFSET 0,
// HB_SCALE 2^(16 - bit depth): an 8-bit sample keeps 8 bits of fraction).
// HB_DIRECTION 1, columns: the intermediate planes to the output planes
// (HB_OUT_BYTES-byte samples), rounded to the nearest code and clamped;
// with HB_SHARPEN, out = in + amount (in - blur) with `in` read from the
// source frame at binding 4, whose planes lie at hb_in_planes[i].zw.
//
// Samples go four at a time (a group: one word of 8-bit samples, two of
// 16-bit ones). The taps are generated for the compiled window radius
// HB_RADIUS (PlaneBlur.taps): hb_blur_row and hb_blur_column keep the
// window in variables and slide it along a run, so a group costs one load
// whatever the radius. Per plane k the data holds, from hb_base(0) +
// k (HB_RADIUS + 2): amount, then the weights w[0...HB_RADIUS] from the
// centre out (zero past the plane's own radius). Borders clamp to the edge.

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

#ifdef HB_SHARPEN
#ifdef HB_TEXEL_FRAMES
layout(set = 0, binding = 4) uniform highp usamplerBuffer hb_orig_texels;
uint hb_orig_at(int index) { return texelFetch(hb_orig_texels, index).x; }
#else
layout(std430, set = 0, binding = 4) restrict readonly buffer HBOriginal { uint hb_orig[]; };
uint hb_orig_at(int index) { return hb_orig[index]; }
#endif
#endif

ivec2 hb_plane_last(int plane) {
    return hb_plane_last(plane, hb_in_size);
}

#if HB_DIRECTION == 0
vec4 hb_group(int plane, int row, int g) {
    return hb_source_group(plane, row, g, hb_plane_last(plane).x);
}

void hb_put(int plane, int row, int g, vec4 sum) {
    hb_put_middle(plane, row, g, sum);
}
#else
vec4 hb_group(int plane, int row, int g) {
    return hb_middle_group(plane, row, g, hb_plane_last(plane).y);
}

// Writes a group of blurred samples to the output planes; with
// HB_SHARPEN, the source's samples plus amount times their difference.
void hb_put(int plane, int row, int g, vec4 blur, float amount) {
    vec4 value = blur;
#ifdef HB_SHARPEN
    int at = (hb_in_planes[plane].z + row * hb_in_planes[plane].w + g * 4 * HB_OUT_BYTES) >> 2;
    vec4 source = hb_unpack(hb_orig_at(at), HB_OUT_BYTES == 2 ? hb_orig_at(at + 1) : 0u, HB_OUT_BYTES);
    value = source + amount * (source - blur);
#endif
    hb_put_codes(plane, row, g, value);
}
#endif

// Generated after this file (PlaneBlur.taps): a run of `count` groups
// along a row from group `first`, or of `count` rows down column group
// `g` from row `first`; `data` is the plane's data.
void hb_blur_row(int plane, int row, int first, int count, uint data);
void hb_blur_column(int plane, int g, int first, int count, uint data);

// One block: a run of groups along a row (rows), or of rows down one
// column of groups (columns), in every plane.
void hb_plane_pass(int plane, ivec2 base) {
    uint at = hb_base(0);
    ivec2 shift = hb_plane_shift(plane);
    ivec2 start = base >> shift;
    ivec2 size = HB_BLOCK >> shift;
    ivec2 last = hb_plane_last(plane);
    uint data = at + uint(plane * (HB_RADIUS + 2));
#if HB_DIRECTION == 0
    int groups = min(size.x >> 2, (last.x >> 2) - (start.x >> 2) + 1);
    for (int j = 0; j < size.y; j++) {
        if (start.y + j <= last.y) {
            hb_blur_row(plane, start.y + j, start.x >> 2, groups, data);
        }
    }
#else
    int rows = min(size.y, last.y - start.y + 1);
    for (int i = 0; i < size.x >> 2; i++) {
        if (start.x + i * 4 <= last.x) {
            hb_blur_column(plane, (start.x >> 2) + i, start.y, rows, data);
        }
    }
#endif
}
