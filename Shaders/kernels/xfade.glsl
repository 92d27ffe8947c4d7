// xfade: FFmpeg xfade's transitions from the frame (A) to a second video
// (B) of the same size. As in FFmpeg, the progress
//   P = clip(1 - (t - offset) / duration, 0, 1)
// runs from 1 (all A) to 0 (all B), mix(a, b, m) = a m + b (1 - m), and
// positions use FFmpeg's integer halves (w / 2) and truncations, so a
// pixel picks the same side FFmpeg's does. Ours mixes RGBA where FFmpeg
// mixes the planes; a linear mix is the same either way.
// p0 = transition (index into CompositionFilters.transitions), p1 =
// duration, p2 = offset (seconds) as a float, p3 = the offset's
// remainder. Before the offset the frame shows unchanged, from offset +
// duration the second video.
float hb_xf_smoothstep(float edge0, float edge1, float x) {
    float s = clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0);
    return s * s * (3.0 - 2.0 * s);
}

vec4 hb_xf_mix(vec4 a, vec4 b, float m) { return a * m + b * (1.0 - m); }

// FFmpeg's frand: a hash of the position in 0..1.
float hb_xf_random(ivec2 p) {
    float r = sin(float(p.x) * 12.9898 + float(p.y) * 78.233) * 43758.545;
    return r - floor(r);
}

// x modulo n, never negative.
int hb_xf_wrap(int x, int n) { return x - n * int(floor(float(x) / float(n))); }

vec4 hb_xfade(ivec2 pos, uint base, sampler2D next) {
    int kind = int(hbp_transition);
    float duration = hbp_duration;
    // t - offset from both values split into a float and its remainder:
    // the difference is exact before it is rounded, as FFmpeg's integer
    // timestamps make it, so P lands on the same float as FFmpeg's.
    float elapsed = (hb_time - hbp_offset) + (hb_time_remainder - hbp_offset_remainder);
    float P = duration > 0.0 ? clamp(1.0 - elapsed / duration, 0.0, 1.0) : (elapsed < 0.0 ? 1.0 : 0.0);
    ivec2 last = textureSize(next, 0) - 1;
#define HB_A(q) hb_load(q)
#define HB_B(q) texelFetch(next, clamp(q, ivec2(0), last), 0)
    int w = hb_out_size.x;
    int h = hb_out_size.y;
    float x = float(pos.x);
    float y = float(pos.y);
    float fw = float(w);
    float fh = float(h);
    vec4 a = HB_A(pos);
    vec4 b = HB_B(pos);
    // Outside the transition FFmpeg passes a frame through unchanged.
    if (elapsed < 0.0) return a;
    if (elapsed >= duration) return b;
    switch (kind) {
    case 0:  // fade
        return hb_xf_mix(a, b, P);
    case 1:  // wipeleft
        return pos.x > int(fw * P) ? b : a;
    case 2:  // wiperight
        return pos.x > int(fw * (1.0 - P)) ? a : b;
    case 3:  // wipeup
        return pos.y > int(fh * P) ? b : a;
    case 4:  // wipedown
        return pos.y > int(fh * (1.0 - P)) ? a : b;
    case 5:    // slideleft
    case 6: {  // slideright
        int zx = (kind == 5 ? int(-P * fw) : int(P * fw)) + pos.x;
        ivec2 q = ivec2(hb_xf_wrap(zx, w), pos.y);
        return zx >= 0 && zx < w ? HB_B(q) : HB_A(q);
    }
    case 7:    // slideup
    case 8: {  // slidedown
        int zy = (kind == 7 ? int(-P * fh) : int(P * fh)) + pos.y;
        ivec2 q = ivec2(pos.x, hb_xf_wrap(zy, h));
        return zy >= 0 && zy < h ? HB_B(q) : HB_A(q);
    }
    case 9:     // circleopen
    case 10: {  // circleclose
        float z = length(vec2(float(w / 2), float(h / 2)));
        float edge = length(vec2(float(pos.x - w / 2), float(pos.y - h / 2))) / z;
        if (kind == 9) return hb_xf_mix(a, b, hb_xf_smoothstep(0.0, 1.0, edge + (P - 0.5) * 3.0));
        return hb_xf_mix(b, a, hb_xf_smoothstep(0.0, 1.0, edge + (0.5 - P) * 3.0));
    }
    case 11: {  // radial
        float edge = atan(float(pos.x - w / 2), float(pos.y - h / 2)) - (P - 0.5) * (3.14159265358979 * 2.5);
        return hb_xf_mix(b, a, hb_xf_smoothstep(0.0, 1.0, edge));
    }
    case 12:  // dissolve
        return hb_xf_random(pos) * 2.0 + P * 2.0 - 1.5 >= 0.5 ? a : b;
    case 13: {  // pixelize
        float dist = ceil(min(P, 1.0 - P) * 50.0) / 50.0;
        float square = 2.0 * dist * float(min(w, h)) / 20.0;
        ivec2 q = pos;
        if (dist > 0.0) {
            q = ivec2(
                int(min((floor(x / square) + 0.5) * square, float(w - 1))),
                int(min((floor(y / square) + 0.5) * square, float(h - 1))));
        }
        return hb_xf_mix(HB_A(q), HB_B(q), P);
    }
    case 14:  // smoothleft
        return hb_xf_mix(b, a, hb_xf_smoothstep(0.0, 1.0, 1.0 + x / fw - P * 2.0));
    case 15:  // smoothright
        return hb_xf_mix(b, a, hb_xf_smoothstep(0.0, 1.0, 1.0 + (fw - 1.0 - x) / fw - P * 2.0));
    case 16:  // smoothup
        return hb_xf_mix(b, a, hb_xf_smoothstep(0.0, 1.0, 1.0 + y / fh - P * 2.0));
    case 17:  // smoothdown
        return hb_xf_mix(b, a, hb_xf_smoothstep(0.0, 1.0, 1.0 + (fh - 1.0 - y) / fh - P * 2.0));
    case 18:  // diagtl
        return hb_xf_mix(b, a, hb_xf_smoothstep(0.0, 1.0, 1.0 + x / fw * y / fh - P * 2.0));
    case 19:  // diagtr
        return hb_xf_mix(b, a, hb_xf_smoothstep(0.0, 1.0, 1.0 + (fw - 1.0 - x) / fw * y / fh - P * 2.0));
    case 20:  // diagbl
        return hb_xf_mix(b, a, hb_xf_smoothstep(0.0, 1.0, 1.0 + x / fw * (fh - 1.0 - y) / fh - P * 2.0));
    default:  // diagbr
        return hb_xf_mix(b, a, hb_xf_smoothstep(0.0, 1.0, 1.0 + (fw - 1.0 - x) / fw * (fh - 1.0 - y) / fh - P * 2.0));
    }
#undef HB_A
#undef HB_B
}
