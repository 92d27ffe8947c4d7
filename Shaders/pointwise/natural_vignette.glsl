// natural_vignette (FFmpeg's vignette): the cos^4 law of a lens.
//   xx = trunc(x - x0), yy = trunc(y - y0), d = hypot(xx, yy) / dmax,
//   f = d > 1 ? 0 : cos(angle d)^4, backward: 1 / f.
// On RGB: rgb f. On 8-bit planar YUV alone the planes apply it to the codes
// with FFmpeg's dither (io/planes_natural_vignette.glsl, through
// hb_natural_vignette_code below): dv is draw k of FFmpeg's generator
// (s' = 1664525 s + 1013904223 from 0) over 2^32, reached in at most 32
// steps from hbp_jumps (the generator run 2^i times, multiplier then
// increment, as float bits); the sum is compared in whole numbers, so the
// truncation is FFmpeg's: frac(a) + s / 2^32 >= 1 where s + floor(frac(a)
// 2^32) carries past 2^32.

float hb_natural_vignette_factor(ivec2 p, uint base) {
    int xx = int(float(p.x) - hbp_x0);
    int yy = int(float(p.y) - hbp_y0);
    float d = length(vec2(xx, yy)) / hbp_dmax;
    float c = cos(hbp_angle * d);
    float f = d > 1.0 ? 0.0 : (c * c) * (c * c);
    return hbp_backward != 0.0 ? 1.0 / f : f;
}

vec4 hb_natural_vignette(vec4 color, uint base) {
    return vec4(color.rgb * hb_natural_vignette_factor(hb_pos, base), color.a);
}

// Draw k of FFmpeg's dither generator.
uint hb_natural_vignette_draw(uint k, uint base) {
    uint state = 0u;
    for (int i = 0; i < 32 && (k >> uint(i)) != 0u; i++) {
        if (((k >> uint(i)) & 1u) != 0u) {
            uint a = floatBitsToUint(hbp_jumps(2 * i));
            uint c = floatBitsToUint(hbp_jumps(2 * i + 1));
            state = a * state + c;
        }
    }
    return state;
}

uint hb_natural_vignette_truncated(float a, uint draw) {
    // Past an int, or not a number (backward, where f is 0 and 1 / f is
    // infinite), FFmpeg's conversion to int gives INT_MIN on x86: 0 after
    // its clip.
    if (isnan(a) || a >= 2147483648.0 || a < 0.0) return 0u;
    float whole = floor(a);
    uint fraction = uint((a - whole) * 4294967296.0);
    uint carry = draw + fraction < draw ? 1u : 0u;
    return uint(min(whole + float(carry), 255.0));
}

// The plane pass's codes for a group of four samples `codes` (chroma about
// 127) whose first sample's luma pixel is `luma`, each `step` luma pixels
// along from the one before, the first taking draw k of the dither and
// the others the draws after it (io/planes_natural_vignette.glsl).
uvec4 hb_natural_vignette_codes(vec4 codes, bool chroma, ivec2 luma, int step, uint k, uint base) {
    bool dither = hbp_dither != 0.0;
    uint draw = dither ? hb_natural_vignette_draw(k, base) : 0u;
    uvec4 result;
    for (int i = 0; i < 4; i++) {
        float f = hb_natural_vignette_factor(luma + ivec2(i * step, 0), base);
        float code = i == 0 ? codes.x : (i == 1 ? codes.y : (i == 2 ? codes.z : codes.w));
        float a = chroma ? f * (code - 127.0) + 127.0 : f * code;
        uint value = hb_natural_vignette_truncated(a, draw);
        if (i == 0) result.x = value;
        if (i == 1) result.y = value;
        if (i == 2) result.z = value;
        if (i == 3) result.w = value;
        if (dither) draw = 1664525u * draw + 1013904223u;
    }
    return result;
}
