// FFmpeg xfade's transitions as where each output pixel looks: the pixel
// of the first video (A) at `a`, of the second (B) at `b`, and the weight
// `m` of A in the mix A m + B (1 - m). Shared by the RGBA kernel
// (kernels/xfade.glsl) and the one on the planes (io/planes_compose.glsl),
// which picks at each sample's luma position and reads its own planes.
//
// As in FFmpeg the progress
//   P = clip(1 - (t - offset) / duration, 0, 1)
// runs from 1 (all A) to 0 (all B), and positions use FFmpeg's integer
// halves (w / 2) and truncations, so a pixel picks the side FFmpeg's does.
// Indices: CompositionFilters.transitions.
struct HBTransitionPick {
    ivec2 a;
    ivec2 b;
    float m;
};

// t - offset from both values split into a float and its remainder: the
// difference is exact before it is rounded, as FFmpeg's integer
// timestamps make it, so P lands on the same float as FFmpeg's.
float hb_xf_elapsed(float offset, float offsetRemainder) {
    return (hb_time - offset) + (hb_time_remainder - offsetRemainder);
}

float hb_xf_progress(float elapsed, float duration) {
    return duration > 0.0 ? clamp(1.0 - elapsed / duration, 0.0, 1.0) : (elapsed < 0.0 ? 1.0 : 0.0);
}

float hb_xf_smoothstep(float edge0, float edge1, float x) {
    float s = clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0);
    return s * s * (3.0 - 2.0 * s);
}

// FFmpeg's frand: a hash of the position in 0..1.
float hb_xf_random(ivec2 p) {
    float r = sin(float(p.x) * 12.9898 + float(p.y) * 78.233) * 43758.545;
    return r - floor(r);
}

// x modulo n, never negative.
int hb_xf_wrap(int x, int n) { return x - n * int(floor(float(x) / float(n))); }

HBTransitionPick hb_xf_same(ivec2 q, float m) { return HBTransitionPick(q, q, m); }

// The pick of transition `kind` at pixel `pos` of a `size` frame.
HBTransitionPick hb_xf_pick(int kind, ivec2 pos, ivec2 size, float P) {
    int w = size.x;
    int h = size.y;
    float x = float(pos.x);
    float y = float(pos.y);
    float fw = float(w);
    float fh = float(h);
    switch (kind) {
    case 0:  // fade
        return hb_xf_same(pos, P);
    case 1:  // wipeleft
        return hb_xf_same(pos, pos.x > int(fw * P) ? 0.0 : 1.0);
    case 2:  // wiperight
        return hb_xf_same(pos, pos.x > int(fw * (1.0 - P)) ? 1.0 : 0.0);
    case 3:  // wipeup
        return hb_xf_same(pos, pos.y > int(fh * P) ? 0.0 : 1.0);
    case 4:  // wipedown
        return hb_xf_same(pos, pos.y > int(fh * (1.0 - P)) ? 1.0 : 0.0);
    case 5:    // slideleft
    case 6: {  // slideright
        int zx = (kind == 5 ? int(-P * fw) : int(P * fw)) + pos.x;
        return hb_xf_same(ivec2(hb_xf_wrap(zx, w), pos.y), zx >= 0 && zx < w ? 0.0 : 1.0);
    }
    case 7:    // slideup
    case 8: {  // slidedown
        int zy = (kind == 7 ? int(-P * fh) : int(P * fh)) + pos.y;
        return hb_xf_same(ivec2(pos.x, hb_xf_wrap(zy, h)), zy >= 0 && zy < h ? 0.0 : 1.0);
    }
    case 9:     // circleopen
    case 10: {  // circleclose
        float z = length(vec2(float(w / 2), float(h / 2)));
        float edge = length(vec2(float(pos.x - w / 2), float(pos.y - h / 2))) / z;
        if (kind == 9) return hb_xf_same(pos, hb_xf_smoothstep(0.0, 1.0, edge + (P - 0.5) * 3.0));
        return hb_xf_same(pos, 1.0 - hb_xf_smoothstep(0.0, 1.0, edge + (0.5 - P) * 3.0));
    }
    case 11: {  // radial
        float edge = atan(float(pos.x - w / 2), float(pos.y - h / 2)) - (P - 0.5) * (3.14159265358979 * 2.5);
        return hb_xf_same(pos, 1.0 - hb_xf_smoothstep(0.0, 1.0, edge));
    }
    case 12:  // dissolve
        return hb_xf_same(pos, hb_xf_random(pos) * 2.0 + P * 2.0 - 1.5 >= 0.5 ? 1.0 : 0.0);
    case 13: {  // pixelize
        float dist = ceil(min(P, 1.0 - P) * 50.0) / 50.0;
        float square = 2.0 * dist * float(min(w, h)) / 20.0;
        ivec2 q = pos;
        if (dist > 0.0) {
            q = ivec2(
                int(min((floor(x / square) + 0.5) * square, float(w - 1))),
                int(min((floor(y / square) + 0.5) * square, float(h - 1))));
        }
        return hb_xf_same(q, P);
    }
    case 14:  // smoothleft
        return hb_xf_same(pos, 1.0 - hb_xf_smoothstep(0.0, 1.0, 1.0 + x / fw - P * 2.0));
    case 15:  // smoothright
        return hb_xf_same(pos, 1.0 - hb_xf_smoothstep(0.0, 1.0, 1.0 + (fw - 1.0 - x) / fw - P * 2.0));
    case 16:  // smoothup
        return hb_xf_same(pos, 1.0 - hb_xf_smoothstep(0.0, 1.0, 1.0 + y / fh - P * 2.0));
    case 17:  // smoothdown
        return hb_xf_same(pos, 1.0 - hb_xf_smoothstep(0.0, 1.0, 1.0 + (fh - 1.0 - y) / fh - P * 2.0));
    case 18:  // diagtl
        return hb_xf_same(pos, 1.0 - hb_xf_smoothstep(0.0, 1.0, 1.0 + x / fw * y / fh - P * 2.0));
    case 19:  // diagtr
        return hb_xf_same(pos, 1.0 - hb_xf_smoothstep(0.0, 1.0, 1.0 + (fw - 1.0 - x) / fw * y / fh - P * 2.0));
    case 20:  // diagbl
        return hb_xf_same(pos, 1.0 - hb_xf_smoothstep(0.0, 1.0, 1.0 + x / fw * (fh - 1.0 - y) / fh - P * 2.0));
    default:  // diagbr
        return hb_xf_same(
            pos, 1.0 - hb_xf_smoothstep(0.0, 1.0, 1.0 + (fw - 1.0 - x) / fw * (fh - 1.0 - y) / fh - P * 2.0));
    }
}
