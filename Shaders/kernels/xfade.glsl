// xfade: FFmpeg xfade's transitions from the frame (A) to a second video
// (B) of the same size, in RGBA, each pixel where
// common/xfade_transition.glsl picks it (included before this file). Ours
// mixes RGBA where FFmpeg mixes planes; a linear mix is the same either
// way. (Two plain videos of one layout mix on their planes instead:
// io/planes_compose.glsl.)
// p0 = transition (index into CompositionFilters.transitions), p1 =
// duration, p2 = offset (seconds) as a float, p3 = the offset's
// remainder. Before the offset the frame shows unchanged, from offset +
// duration the second video.
vec4 hb_xfade(ivec2 pos, uint base, sampler2D next) {
    float elapsed = hb_xf_elapsed(hbp_offset, hbp_offset_remainder);
    ivec2 last = textureSize(next, 0) - 1;
    // Outside the transition FFmpeg passes a frame through unchanged.
    if (elapsed < 0.0) return hb_load(pos);
    if (elapsed >= hbp_duration) return texelFetch(next, clamp(pos, ivec2(0), last), 0);
    float P = hb_xf_progress(elapsed, hbp_duration);
    HBTransitionPick pick = hb_xf_pick(int(hbp_transition), pos, hb_out_size, P);
    vec4 a = hb_load(pick.a);
    vec4 b = texelFetch(next, clamp(pick.b, ivec2(0), last), 0);
    return a * pick.m + b * (1.0 - pick.m);
}
