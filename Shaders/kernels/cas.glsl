// cas (AMD FidelityFX Contrast Adaptive Sharpening, with FFmpeg cas's
// constants): per colour channel, over the 3x3 square a b c / d e f / g h i,
//   mn = min(b, d, e, f, h) + min(a..i), mx = max(b, d, e, f, h) + max(a..i)
//   amp = sqrt(clamp(min(mn, 2 - mx) / mx, 0, 1)), w = -amp / mix(16, 4.01, strength)
//   out = ((b + d + f + h) w + e) / (1 + 4 w); alpha kept; clamp-to-edge.
// p0 = strength.
vec4 hb_cas(ivec2 pos, uint base) {
    vec3 a = hb_load(pos + ivec2(-1, -1)).rgb;
    vec3 b = hb_load(pos + ivec2(0, -1)).rgb;
    vec3 c = hb_load(pos + ivec2(1, -1)).rgb;
    vec3 d = hb_load(pos + ivec2(-1, 0)).rgb;
    vec4 centre = hb_load(pos);
    vec3 e = centre.rgb;
    vec3 f = hb_load(pos + ivec2(1, 0)).rgb;
    vec3 g = hb_load(pos + ivec2(-1, 1)).rgb;
    vec3 h = hb_load(pos + ivec2(0, 1)).rgb;
    vec3 i = hb_load(pos + ivec2(1, 1)).rgb;
    vec3 crossMin = min(min(min(b, d), min(e, f)), h);
    vec3 crossMax = max(max(max(b, d), max(e, f)), h);
    vec3 mn = crossMin + min(min(min(crossMin, a), min(c, g)), i);
    vec3 mx = crossMax + max(max(max(crossMax, a), max(c, g)), i);
    vec3 amp = sqrt(clamp(min(mn, 2.0 - mx) / max(mx, vec3(1e-6)), 0.0, 1.0));
    vec3 w = -amp / mix(16.0, 4.01, hbp_strength);
    return vec4(((b + d + f + h) * w + e) / (1.0 + 4.0 * w), centre.a);
}
