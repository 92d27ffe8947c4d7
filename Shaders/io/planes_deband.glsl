// deband on the frame's own planes (Sources/Harbeth/Graph/PlaneDeband.swift):
// libplacebo's debanding of each plane of its source, Y, U and V each at its
// own size, in codes. For sample s at (x, y) of a plane:
//   for i = 1...iterations: d = random * radius * i luma pixels, a = random
//   * 2 pi, o = d (cos a, sin a) and o' = (-o.y, o.x), each divided by the
//   plane's subsampling; the mean m of the bilinear samples of the source
//   plane at p + o, p - o, p + o', p - o' (p = (x, y) + 0.5, clamp to
//   edge) replaces s when |s - m| <= threshold max / (16384 i);
//   then s + (random - 0.5) grain max / 8192, rounded and clamped.
// The random numbers are kernels/deband.glsl's, hb_hash01((x + 4096 y) xor
// hb_hash(key + 1000 plane + stream)) with (x, y) in the plane and key =
// round(1000 t); streams 2i and 2i + 1 for the distance and angle of
// iteration i, 100 for the grain: the luma plane's are the RGB path's.
// p[0] = iterations, p[1] = threshold, p[2] = radius, p[3] = grain.
//
// An invocation writes one group of four samples of every plane down a
// run of rows (HB_BLOCK: one group and run of chroma, and the luma they
// cover).

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

// Sample `at` of a source plane, clamped to the plane, in codes.
float hb_deband_at(int plane, ivec2 at, ivec2 last) {
    return hb_source_sample(plane, clamp(at.y, 0, last.y), at.x, last.x);
}

// The source plane at q (plane pixels, centres at + 0.5), bilinear.
float hb_deband_bilinear(int plane, vec2 q, ivec2 last) {
    vec2 f = q - 0.5;
    vec2 lo = floor(f);
    vec2 t = f - lo;
    ivec2 a = ivec2(lo);
    float top = mix(hb_deband_at(plane, a, last), hb_deband_at(plane, a + ivec2(1, 0), last), t.x);
    float bottom = mix(hb_deband_at(plane, a + ivec2(0, 1), last), hb_deband_at(plane, a + ivec2(1, 1), last), t.x);
    return mix(top, bottom, t.y);
}

float hb_deband_random(ivec2 pos, uint streams, uint stream) {
    return hb_hash01((uint(pos.x) + 4096u * uint(pos.y)) ^ hb_hash(streams + stream));
}

float hb_deband_sample(int plane, ivec2 pos, ivec2 last, vec2 scale, uint streams, uint at) {
    int iterations = int(hb_p[at]);
    float threshold = hb_p[at + 1u] * HB_OUT_MAX / 16384.0;
    float radius = hb_p[at + 2u];
    vec2 p = vec2(pos) + 0.5;
    float value = hb_deband_at(plane, pos, last);
    for (int i = 1; i <= iterations; i++) {
        float distance = hb_deband_random(pos, streams, uint(2 * i)) * radius * float(i);
        float angle = hb_deband_random(pos, streams, uint(2 * i + 1)) * 6.283185307179586;
        vec2 o = distance * vec2(cos(angle), sin(angle));
        vec2 across = vec2(-o.y, o.x) * scale;
        o *= scale;
        float average = 0.25 * (hb_deband_bilinear(plane, p + o, last) + hb_deband_bilinear(plane, p - o, last)
            + hb_deband_bilinear(plane, p + across, last) + hb_deband_bilinear(plane, p - across, last));
        if (abs(value - average) <= threshold / float(i)) {
            value = average;
        }
    }
    return value + (hb_deband_random(pos, streams, 100u) - 0.5) * hb_p[at + 3u] * HB_OUT_MAX / 8192.0;
}

void hb_plane_pass(int plane, ivec2 base) {
    uint at = hb_base(0);
    ivec2 shift = hb_plane_shift(plane);
    ivec2 last = hb_plane_last(plane, hb_in_size);
    vec2 scale = 1.0 / vec2(ivec2(1) << shift);
    uint streams = uint(int(floor(hb_time * 1000.0 + 0.5))) + 1000u * uint(plane);
    for (int i = 0; i < (HB_BLOCK_W >> shift.x) >> 2; i++) {
        int g = ((base.x >> shift.x) >> 2) + i;
        for (int r = 0; r < HB_BLOCK_H >> shift.y; r++) {
            int row = (base.y >> shift.y) + r;
            if (4 * g <= last.x && row <= last.y) {
                vec4 v;
                for (int k = 0; k < 4; k++) {
                    v[k] = hb_deband_sample(plane, ivec2(min(4 * g + k, last.x), row), last, scale, streams, at);
                }
                hb_put_codes(plane, row, g, v);
            }
        }
    }
}
