// blend (Harbeth C7Blend and its modes): composites a second image over
// the frame with a blend mode B(Cb, Cs), Cb the frame's colour and Cs the
// image's, as W3C Compositing and Blending Level 1 defines them:
//   Cs' = (1 - ab) Cs + ab B(Cb, Cs),  as = image alpha * opacity
//   ao = as + ab (1 - as),  Co = (as Cs' + (1 - as) ab Cb) / ao
// (for an opaque frame: Co = mix(Cb, B, as), ao = 1). Modes, by index:
//   0 normal Cs                1 dissolve: Cs where hash(p) < as, else Cb
//   2 darken min               3 multiply Cb Cs
//   4 color_burn 1 - min(1, (1 - Cb) / Cs)   5 linear_burn max(Cb + Cs - 1, 0)
//   6 darker_color: the colour of lower Rec.601 luma
//   7 lighten max              8 screen Cb + Cs - Cb Cs
//   9 color_dodge min(1, Cb / (1 - Cs))      10 linear_dodge min(Cb + Cs, 1)
//   11 add Cb + Cs             12 lighter_color: the colour of higher luma
//   13 overlay hard_light(Cs, Cb)
//   14 soft_light (W3C, with D(Cb) = sqrt or the cubic below 1/4)
//   15 hard_light: Cs <= 1/2 ? 2 Cb Cs : screen(Cb, 2 Cs - 1)
//   16 vivid_light: Cs <= 1/2 ? color_burn(Cb, 2 Cs) : color_dodge(Cb, 2 Cs - 1)
//   17 linear_light clamp(Cb + 2 Cs - 1)   18 pin_light: Cs <= 1/2 ? min(Cb, 2 Cs) : max(Cb, 2 Cs - 1)
//   19 hard_mix: 1 where Cb + Cs >= 1 (less half an 8-bit step, so exact
//      sums of 8-bit values do not depend on rounding), else 0
//   20 difference |Cb - Cs|    21 exclusion Cb + Cs - 2 Cb Cs
//   22 subtract Cb - Cs        23 divide min(1, Cb / Cs)
//   24 hue, 25 saturation, 26 color, 27 luminosity: W3C's SetLum/SetSat
//      with Lum = 0.3 R + 0.59 G + 0.11 B (as Harbeth's C7BlendHue)
//   28 mask: the frame's alpha becomes mix(ab, mean(Cs) as_image, opacity)
//   29 chroma_key: the frame shows the image where its chroma is near the
//      key's, 1 - smoothstep(similarity, similarity + smoothness, d) with d
//      the (Cr, Cb) distance, Harbeth C7BlendChromaKey's formula
// add, subtract are not clamped: nothing is clamped between filters.
// The image is placed by p2 (fit): 0 stretch to the frame, 1 fit inside
// (aspect kept), 2 fill (aspect kept, cropped), 3 centre unscaled; it is
// sampled bilinearly (clamped to its edge) and is transparent outside.
// p0 = mode, p1 = opacity, p2 = fit, p3...p5 = key RGB, p6 = similarity,
// p7 = smoothness.

// The image's colour at output pixel hb_pos, placed by `fit`. The image
// is the pass's auxiliary input `image` (hb_aux_size, hb_aux_bilinear: a
// sampled image, or a node input the pass loads itself).
vec4 hb_blend_source(int image, int fit) {
    vec2 frame = vec2(hb_out_size);
    vec2 size = vec2(hb_aux_size(image));
    vec2 p = vec2(hb_pos) + 0.5;
    vec2 source;
    if (fit == 0) {
        source = p * (size / frame);
    } else if (fit == 3) {
        source = p - vec2((ivec2(frame) - ivec2(size)) / 2);
    } else {
        vec2 ratio = frame / size;
        float scale = fit == 1 ? min(ratio.x, ratio.y) : max(ratio.x, ratio.y);
        source = (p - (frame - size * scale) * 0.5) / scale;
    }
    if (any(lessThan(source, vec2(0.0))) || any(greaterThan(source, size))) {
        return vec4(0.0);
    }
    return hb_aux_bilinear(image, source);
}

float hb_blend_lum(vec3 c) {
    return dot(c, vec3(0.3, 0.59, 0.11));
}

vec3 hb_blend_clip_color(vec3 c) {
    float l = hb_blend_lum(c);
    float n = min(min(c.r, c.g), c.b);
    float x = max(max(c.r, c.g), c.b);
    if (n < 0.0) {
        c = l + (c - l) * l / max(l - n, 1e-6);
    }
    if (x > 1.0) {
        c = l + (c - l) * (1.0 - l) / max(x - l, 1e-6);
    }
    return c;
}

vec3 hb_blend_set_lum(vec3 c, float l) {
    return hb_blend_clip_color(c + (l - hb_blend_lum(c)));
}

float hb_blend_sat(vec3 c) {
    return max(max(c.r, c.g), c.b) - min(min(c.r, c.g), c.b);
}

vec3 hb_blend_set_sat(vec3 c, float s) {
    float n = min(min(c.r, c.g), c.b);
    float range = max(max(c.r, c.g), c.b) - n;
    return range > 0.0 ? (c - n) * s / range : vec3(0.0);
}

vec3 hb_blend_color_burn(vec3 b, vec3 s) {
    vec3 burnt = 1.0 - min(vec3(1.0), (1.0 - b) / max(s, 1e-12));
    return mix(mix(burnt, vec3(0.0), lessThanEqual(s, vec3(0.0))), vec3(1.0), greaterThanEqual(b, vec3(1.0)));
}

vec3 hb_blend_color_dodge(vec3 b, vec3 s) {
    vec3 dodged = min(vec3(1.0), b / max(1.0 - s, 1e-12));
    return mix(mix(dodged, vec3(1.0), greaterThanEqual(s, vec3(1.0))), vec3(0.0), lessThanEqual(b, vec3(0.0)));
}

vec3 hb_blend_screen(vec3 b, vec3 s) {
    return b + s - b * s;
}

vec3 hb_blend_hard_light(vec3 b, vec3 s) {
    return mix(hb_blend_screen(b, 2.0 * s - 1.0), 2.0 * b * s, lessThanEqual(s, vec3(0.5)));
}

vec3 hb_blend_soft_light(vec3 b, vec3 s) {
    vec3 d = mix(sqrt(max(b, 0.0)), ((16.0 * b - 12.0) * b + 4.0) * b, lessThanEqual(b, vec3(0.25)));
    vec3 light = b + (2.0 * s - 1.0) * (d - b);
    vec3 dark = b - (1.0 - 2.0 * s) * b * (1.0 - b);
    return mix(light, dark, lessThanEqual(s, vec3(0.5)));
}

float hb_blend_luma601(vec3 c) {
    return dot(c, vec3(0.299, 0.587, 0.114));
}

vec3 hb_blend_mode(int mode, vec3 b, vec3 s) {
    switch (mode) {
    case 2: return min(b, s);
    case 3: return b * s;
    case 4: return hb_blend_color_burn(b, s);
    case 5: return max(b + s - 1.0, 0.0);
    case 6: return hb_blend_luma601(s) < hb_blend_luma601(b) ? s : b;
    case 7: return max(b, s);
    case 8: return hb_blend_screen(b, s);
    case 9: return hb_blend_color_dodge(b, s);
    case 10: return min(b + s, 1.0);
    case 11: return b + s;
    case 12: return hb_blend_luma601(s) > hb_blend_luma601(b) ? s : b;
    case 13: return hb_blend_hard_light(s, b);
    case 14: return hb_blend_soft_light(b, s);
    case 15: return hb_blend_hard_light(b, s);
    case 16:
        return mix(hb_blend_color_dodge(b, 2.0 * s - 1.0), hb_blend_color_burn(b, 2.0 * s),
                   lessThanEqual(s, vec3(0.5)));
    case 17: return clamp(b + 2.0 * s - 1.0, 0.0, 1.0);
    case 18: return mix(max(b, 2.0 * s - 1.0), min(b, 2.0 * s), lessThanEqual(s, vec3(0.5)));
    case 19: return vec3(greaterThanEqual(b + s, vec3(1.0 - 0.5 / 255.0)));
    case 20: return abs(b - s);
    case 21: return b + s - 2.0 * b * s;
    case 22: return b - s;
    case 23: {
        vec3 divided = min(vec3(1.0), b / max(s, 1e-12));
        return mix(divided, vec3(greaterThan(b, vec3(0.0))), lessThanEqual(s, vec3(0.0)));
    }
    case 24: return hb_blend_set_lum(hb_blend_set_sat(s, hb_blend_sat(b)), hb_blend_lum(b));
    case 25: return hb_blend_set_lum(hb_blend_set_sat(b, hb_blend_sat(s)), hb_blend_lum(b));
    case 26: return hb_blend_set_lum(s, hb_blend_lum(b));
    case 27: return hb_blend_set_lum(b, hb_blend_lum(s));
    default: return s;
    }
}

// A fixed pseudo-random value in [0, 1) per pixel (hb_hash, Wellons'
// lowbias32, of x | y << 16).
float hb_blend_noise(ivec2 p) { return float(hb_hash(uint(p.x) | (uint(p.y) << 16)) >> 8) / 16777216.0; }

vec2 hb_blend_chroma(vec3 c) {
    float y = dot(c, vec3(0.2989, 0.5866, 0.1145));
    return vec2(0.7132 * (c.r - y), 0.5647 * (c.b - y));
}

vec4 hb_blend(vec4 color, uint base, int image) {
    int mode = int(hbp_mode);
    float opacity = hbp_opacity;
    vec4 over = hb_blend_source(image, int(hbp_fit));
    if (mode == 28) {
        return vec4(color.rgb, mix(color.a, (over.r + over.g + over.b) / 3.0 * over.a, opacity));
    }
    if (mode == 29) {
        vec3 key = vec3(hbp_key(0), hbp_key(1), hbp_key(2));
        float similarity = hbp_similarity;
        float smoothness = hbp_smoothness;
        float d = distance(hb_blend_chroma(color.rgb), hb_blend_chroma(key));
        float t = clamp((d - similarity) / max(smoothness, 1e-6), 0.0, 1.0);
        return mix(color, over, (1.0 - t * t * (3.0 - 2.0 * t)) * opacity);
    }
    float alphaS = over.a * opacity;
    if (mode == 1) {
        return hb_blend_noise(hb_pos) < alphaS ? vec4(over.rgb, 1.0) : color;
    }
    float alphaB = color.a;
    vec3 mixed = (1.0 - alphaB) * over.rgb + alphaB * hb_blend_mode(mode, color.rgb, over.rgb);
    float alphaO = alphaS + alphaB * (1.0 - alphaS);
    vec3 rgb = alphaO > 0.0 ? (alphaS * mixed + (1.0 - alphaS) * alphaB * color.rgb) / alphaO : vec3(0.0);
    return vec4(rgb, alphaO);
}
