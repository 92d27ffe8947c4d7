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
//
// HB_RECURSIVE (a Gaussian or an unsharp mask of sigma above 5.33 on a CPU-class device,
// PlaneBlur.Recursive): each invocation walks whole rows, or a whole column
// of groups, forwards then backwards through two complex poles, so a
// sample costs the same whatever the sigma. Per plane the data holds, from
// hb_base(0) + k HB_PLANE_FLOATS: amount (unused), then a, b, z, c of each
// pole as (re, im). Rows keep their forward sums in the intermediate
// planes they write and read them back (HB_DST_READ); columns keep theirs
// in scratch planes at binding HB_SCRATCH_BINDING (4, or 5 after an unsharp
// mask's source), laid out as the intermediate planes at
// hb_out_planes[i].zw.

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

#if defined(HB_RECURSIVE) || defined(HB_RUNNING)
#ifdef HB_RECURSIVE
struct HBPole {
    vec2 a;
    vec2 b;
    vec2 z;
    vec2 c;
};

HBPole hb_pole(uint data, int k) {
    uint at = data + 1u + uint(8 * k);
    return HBPole(
        vec2(hb_p[at], hb_p[at + 1u]), vec2(hb_p[at + 2u], hb_p[at + 3u]), vec2(hb_p[at + 4u], hb_p[at + 5u]),
        vec2(hb_p[at + 6u], hb_p[at + 7u]));
}

vec2 hb_cmul(vec2 p, vec2 q) {
    return vec2(p.x * q.x - p.y * q.y, p.x * q.y + p.y * q.x);
}

// One sample forwards: the states take x, the causal half is returned.
float hb_forward(inout vec2 s, inout vec2 u, HBPole p, HBPole q, float x) {
    s = vec2(x, 0.0) + hb_cmul(p.z, s);
    u = vec2(x, 0.0) + hb_cmul(q.z, u);
    return 2.0 * (p.a.x * s.x - p.a.y * s.y + q.a.x * u.x - q.a.y * u.y);
}

// One sample backwards: the anticausal half from the samples after it,
// then the states take x.
float hb_backward(inout vec2 t, inout vec2 v, HBPole p, HBPole q, float x) {
    float y = 2.0 * (p.b.x * t.x - p.b.y * t.y + q.b.x * v.x - q.b.y * v.y);
    t = vec2(x, 0.0) + hb_cmul(p.z, t);
    v = vec2(x, 0.0) + hb_cmul(q.z, v);
    return y;
}

#if HB_DIRECTION == 0
// Group g of a row of the intermediate planes this pass wrote.
vec4 hb_written_group(int plane, int row, int g) {
    int word = (hb_out_planes[plane].x + row * hb_out_planes[plane].y + g * 8) >> 2;
    return hb_middle_decode(hb_dst_at(word), hb_dst_at(word + 1));
}

void hb_walk_row(int plane, int row, uint data) {
    HBPole p = hb_pole(data, 0);
    HBPole q = hb_pole(data, 1);
    int last = hb_plane_last(plane).x;
    int lastGroup = last >> 2;
    float edge = hb_source_group(plane, row, 0, last).x;
    vec2 s = p.c * edge;
    vec2 u = q.c * edge;
    for (int g = 0; g <= lastGroup; g++) {
        vec4 x = hb_source_group(plane, row, g, last);
        vec4 y;
        y.x = hb_forward(s, u, p, q, x.x);
        y.y = hb_forward(s, u, p, q, x.y);
        y.z = hb_forward(s, u, p, q, x.z);
        y.w = hb_forward(s, u, p, q, x.w);
        hb_put_middle(plane, row, g, y);
    }
    edge = hb_pick(hb_source_group(plane, row, lastGroup, last), last & 3);
    vec2 t = p.c * edge;
    vec2 v = q.c * edge;
    for (int g = lastGroup; g >= 0; g--) {
        vec4 x = hb_source_group(plane, row, g, last);
        vec4 y = hb_written_group(plane, row, g);
        // Samples past the row's end (in its last group) are skipped.
        int valid = last - 4 * g;
        if (valid >= 3) y.w += hb_backward(t, v, p, q, x.w);
        if (valid >= 2) y.z += hb_backward(t, v, p, q, x.z);
        if (valid >= 1) y.y += hb_backward(t, v, p, q, x.y);
        y.x += hb_backward(t, v, p, q, x.x);
        hb_put_middle(plane, row, g, y);
    }
}
#else

int hb_scratch_word(int plane, int row, int g) {
    return (hb_out_planes[plane].z + row * hb_out_planes[plane].w + g * 8) >> 2;
}

// Four columns at once: a pole's complex states are (re, im) vec4 pairs.
void hb_step(inout vec4 re, inout vec4 im, vec2 z, vec4 x) {
    vec4 next = x + z.x * re - z.y * im;
    im = z.x * im + z.y * re;
    re = next;
}

void hb_walk_column(int plane, int g, uint data) {
    HBPole p = hb_pole(data, 0);
    HBPole q = hb_pole(data, 1);
    int last = hb_plane_last(plane).y;
    vec4 edge = hb_middle_group(plane, 0, g, last);
    vec4 sr = p.c.x * edge, si = p.c.y * edge, ur = q.c.x * edge, ui = q.c.y * edge;
    for (int row = 0; row <= last; row++) {
        vec4 x = hb_middle_group(plane, row, g, last);
        hb_step(sr, si, p.z, x);
        hb_step(ur, ui, q.z, x);
        uvec2 words = hb_middle_encode(2.0 * (p.a.x * sr - p.a.y * si + q.a.x * ur - q.a.y * ui));
        int word = hb_scratch_word(plane, row, g);
        hb_scratch_put(word, words.x);
        hb_scratch_put(word + 1, words.y);
    }
    edge = hb_middle_group(plane, last, g, last);
    sr = p.c.x * edge;
    si = p.c.y * edge;
    ur = q.c.x * edge;
    ui = q.c.y * edge;
    for (int row = last; row >= 0; row--) {
        int word = hb_scratch_word(plane, row, g);
        vec4 y = hb_middle_decode(hb_scratch_at(word), hb_scratch_at(word + 1));
        y += 2.0 * (p.b.x * sr - p.b.y * si + q.b.x * ur - q.b.y * ui);
        hb_put(plane, row, g, y, hb_p[data]);
        vec4 x = hb_middle_group(plane, row, g, last);
        hb_step(sr, si, p.z, x);
        hb_step(ur, ui, q.z, x);
    }
}
#endif
#elif defined(HB_RUNNING)
// Running sums (PlaneBlur.RunningSum): per plane the data holds, after the
// amount, the box's whole samples either side, the edge sample's weight
// and 1 / width.

// Samples first ... first + 3 from the groups a and b that hold them (first
// lies in a, k = first & 3).
vec4 hb_from(vec4 a, vec4 b, int k) {
    return k == 0 ? a : (k == 1 ? vec4(a.yzw, b.x) : (k == 2 ? vec4(a.zw, b.xy) : vec4(a.w, b.xyz)));
}

#if HB_DIRECTION == 0
void hb_walk_row(int plane, int row, uint data) {
    int whole = int(hb_p[data + 1u]);
    float edge = hb_p[data + 2u];
    float inverse = hb_p[data + 3u];
    int last = hb_plane_last(plane).x;
    int lastGroup = last >> 2;
    // The sum at sample 0: samples -whole ... whole, clamped.
    float sum = 0.0;
    for (int g = (-whole) >> 2; g <= whole >> 2; g++) {
        vec4 at = vec4(4 * g) + vec4(0.0, 1.0, 2.0, 3.0);
        vec4 inside = step(vec4(float(-whole)), at) * step(at, vec4(float(whole)));
        sum += dot(hb_source_group(plane, row, g, last), inside);
    }
    // The samples entering (from whole + 1) and leaving (from -whole) as
    // runs of four: each group's second word is the next group's first.
    int enter = whole + 1;
    int leave = -whole;
    vec4 enterNext = hb_source_group(plane, row, enter >> 2, last);
    vec4 leaveNext = hb_source_group(plane, row, leave >> 2, last);
    float before = hb_source_group(plane, row, 0, last).x;
    for (int g = 0; g <= lastGroup; g++) {
        vec4 enterFirst = enterNext;
        vec4 leaveFirst = leaveNext;
        enterNext = hb_source_group(plane, row, (enter >> 2) + g + 1, last);
        leaveNext = hb_source_group(plane, row, (leave >> 2) + g + 1, last);
        vec4 entering = hb_from(enterFirst, enterNext, enter & 3);
        vec4 leaving = hb_from(leaveFirst, leaveNext, leave & 3);
        vec4 outside = vec4(before, leaving.xyz);
        vec4 y;
        y.x = (sum + edge * (outside.x + entering.x)) * inverse;
        sum += entering.x - leaving.x;
        y.y = (sum + edge * (outside.y + entering.y)) * inverse;
        sum += entering.y - leaving.y;
        y.z = (sum + edge * (outside.z + entering.z)) * inverse;
        sum += entering.z - leaving.z;
        y.w = (sum + edge * (outside.w + entering.w)) * inverse;
        sum += entering.w - leaving.w;
        before = leaving.w;
        hb_put_middle(plane, row, g, y);
    }
}
#else
// Four columns at once, down the rows.
void hb_walk_column(int plane, int g, uint data) {
    int whole = int(hb_p[data + 1u]);
    float edge = hb_p[data + 2u];
    float inverse = hb_p[data + 3u];
    int last = hb_plane_last(plane).y;
    vec4 sum = vec4(0.0);
    for (int row = -whole; row <= whole; row++) {
        sum += hb_middle_group(plane, row, g, last);
    }
    vec4 before = hb_middle_group(plane, 0, g, last);
    for (int row = 0; row <= last; row++) {
        vec4 entering = hb_middle_group(plane, row + whole + 1, g, last);
        vec4 leaving = hb_middle_group(plane, row - whole, g, last);
        hb_put(plane, row, g, (sum + edge * (before + entering)) * inverse, hb_p[data]);
        sum += entering - leaving;
        before = leaving;
    }
}
#endif
#endif

// Whole rows, or whole columns of groups, of the block in one plane.
void hb_plane_pass(int plane, ivec2 base) {
    uint data = hb_base(0) + uint(plane * HB_PLANE_FLOATS);
    ivec2 shift = hb_plane_shift(plane);
    ivec2 start = base >> shift;
    ivec2 size = HB_BLOCK >> shift;
    ivec2 last = hb_plane_last(plane);
#if HB_DIRECTION == 0
    for (int j = 0; j < size.y; j++) {
        if (start.y + j <= last.y) {
            hb_walk_row(plane, start.y + j, data);
        }
    }
#else
    for (int i = 0; i < size.x >> 2; i++) {
        if (start.x + i * 4 <= last.x) {
            hb_walk_column(plane, (start.x >> 2) + i, data);
        }
    }
#endif
}
#else
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
    uint data = at + uint(plane * HB_PLANE_FLOATS);
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
#endif
