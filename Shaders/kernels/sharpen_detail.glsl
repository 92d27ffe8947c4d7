// sharpen_detail (Harbeth C7SharpenDetail): three steps, each off at 0.
//   sharpen: S = 9 c - sum of the 8 neighbours; x = mix(c, S, sharpen)
//   clarity: l = luma(x), m = smoothstep(0.1, 0.9, l) (1 - smoothstep(0.1, 0.9, l)),
//            k = m clarity / 2; per channel x > 0.5: x + k (1 - x), else x - k x;
//            x = mix(x, that, clarity)
//   detail:  D = 2 c - (left + right + top + bottom) / 4; x = mix(x, D, detail / 2)
// S and D read the input; alpha kept; clamp-to-edge.
// p0 = sharpen, p1 = clarity, p2 = detail.
vec4 hb_sharpen_detail(ivec2 pos, uint base) {
    vec4 c = hb_load(pos);
    vec3 ring = vec3(0.0);
    for (int y = -1; y <= 1; y++) {
        for (int x = -1; x <= 1; x++) {
            if (x != 0 || y != 0) ring += hb_load(pos + ivec2(x, y)).rgb;
        }
    }
    vec3 cross = hb_load(pos + ivec2(-1, 0)).rgb + hb_load(pos + ivec2(1, 0)).rgb + hb_load(pos + ivec2(0, -1)).rgb
        + hb_load(pos + ivec2(0, 1)).rgb;
    vec3 x = mix(c.rgb, 9.0 * c.rgb - ring, hbp_sharpen);
    float clarity = hbp_clarity;
    float l = hb_luma(x);
    float k = smoothstep(0.1, 0.9, l) * (1.0 - smoothstep(0.1, 0.9, l)) * clarity * 0.5;
    vec3 clear = mix(x - k * x, x + k * (1.0 - x), greaterThan(x, vec3(0.5)));
    x = mix(x, clear, clarity);
    x = mix(x, 2.0 * c.rgb - 0.25 * cross, hbp_detail * 0.5);
    return vec4(x, c.a);
}
