// natural_vignette (FFmpeg's vignette) on the frame's own 8-bit planes
// (Sources/Harbeth/Graph/PlaneNaturalVignette.swift), as FFmpeg computes
// it: each sample scaled by f (pointwise/natural_vignette.glsl) at its luma
// pixel (x << hsub, y << vsub), chroma about 127, FFmpeg's dither added and
// the sum truncated:
//   Y' = clip(trunc(f Y + dv)), U' = clip(trunc((f (U - 127) + 127) + dv)).
// dv is draw k of FFmpeg's generator, k the sample's place in FFmpeg's
// order: frame n's planes one after another, row by row. The code of each
// group comes from the RGB path's file (hb_natural_vignette_codes), which
// reads the filter's values by name: one jump to a group's first draw, the
// generator's steps to the others.
//
// An invocation writes one group of four samples of every plane down a
// run of rows, each group through hb_map_group (io/planes_samples.glsl).

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

vec4 hb_map_group(int plane, int row, int g, vec4 codes) {
    uint base = hb_base(0);
    ivec2 shift = hb_plane_shift(plane);
    ivec2 size = hb_plane_last(plane, hb_in_size) + 1;
    ivec2 chroma = hb_plane_last(1, hb_in_size) + 1;
    int lumaSamples = hb_in_size.x * hb_in_size.y;
    int chromaSamples = HB_PLANES > 1 ? chroma.x * chroma.y : 0;
    // Where this plane's draws start: the frame's, then the planes' before.
    uint first = uint(hb_frame_index) * uint(lumaSamples + 2 * chromaSamples)
        + uint(plane == 0 ? 0 : lumaSamples + (plane - 1) * chromaSamples);
    uvec4 result = hb_natural_vignette_codes(
        codes, plane != 0, ivec2((4 * g) << shift.x, row << shift.y), 1 << shift.x, first + uint(row * size.x + 4 * g),
        base);
    return vec4(result);
}
