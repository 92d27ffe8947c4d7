// draw_box and draw_grid on the frame's own planes
// (Sources/Harbeth/Graph/PlaneBox.swift), as FFmpeg's drawbox and drawgrid:
// a grid (p[10] 1) draws a luma pixel p inside the frame when
//   (p.x - x) mod w < t or (p.y - y) mod h < t (remainders positive);
// a box draws a luma pixel p inside the frame when
//   box.x <= p.x < box.x + box.w, box.y <= p.y < box.y + box.h, and
//   p.y - box.y < t or box.y + box.h - 1 - p.y < t or p.x - box.x < t or
//   box.x + box.w - 1 - p.x < t;
// a chroma sample when one of its luma pixels is. A drawn sample becomes
// floor((1 - a) code + a C), C the colour's code in the frame's matrix and
// range (hb_rgb_to_yuv, rounded); with replace, C.
// p[0..5] = x, y, width, height, thickness, replace (whole pixels, the
// size the frame's where it was 0: DrawingFilters.packed); p[6..9] = colour;
// p[10] = 1 for a grid.
//
// An invocation writes one group of four samples of every plane down a
// run of rows (HB_BLOCK: one group and run of chroma, and the luma they
// cover), each group through hb_map_group (io/planes_samples.glsl).

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

bool hb_box_draws(ivec2 p, uint at) {
    ivec2 corner = ivec2(int(hb_p[at]), int(hb_p[at + 1u]));
    ivec2 size = ivec2(int(hb_p[at + 2u]), int(hb_p[at + 3u]));
    int thickness = int(hb_p[at + 4u]);
    ivec2 from = p - corner;
    if (hb_p[at + 10u] > 0.5) {
        ivec2 within = ivec2(mod(vec2(from), vec2(size)));
        return all(lessThan(p, hb_in_size)) && (within.x < thickness || within.y < thickness);
    }
    ivec2 to = corner + size - 1 - p;
    bool inside = all(greaterThanEqual(from, ivec2(0))) && all(greaterThanEqual(to, ivec2(0)))
        && all(lessThan(p, hb_in_size));
    return inside && (from.x < thickness || from.y < thickness || to.x < thickness || to.y < thickness);
}

// Whether sample `s` of a plane subsampled by `shift` has a drawn luma pixel.
bool hb_box_covers(ivec2 s, ivec2 shift, uint at) {
    ivec2 first = s << shift;
    for (int dy = 0; dy < (1 << shift.y); dy++) {
        for (int dx = 0; dx < (1 << shift.x); dx++) {
            if (hb_box_draws(first + ivec2(dx, dy), at)) return true;
        }
    }
    return false;
}

vec4 hb_map_group(int plane, int row, int g, vec4 codes) {
    uint at = hb_base(0);
    vec3 colour = (hb_rgb_to_yuv * vec4(hb_p[at + 6u], hb_p[at + 7u], hb_p[at + 8u], 1.0)).xyz;
    float code = floor(colour[plane] + 0.5);
    float alpha = hb_p[at + 9u];
    bool replace = hb_p[at + 5u] > 0.5;
    ivec2 shift = hb_plane_shift(plane);
    for (int k = 0; k < 4; k++) {
        if (hb_box_covers(ivec2(4 * g + k, row), shift, at)) {
            codes[k] = replace ? code : floor((1.0 - alpha) * codes[k] + alpha * code);
        }
    }
    return codes;
}
