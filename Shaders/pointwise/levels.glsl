// levels (Harbeth C7Levels, GPUImage LevelsFilter), per channel:
//   x = clamp((v - in_black) / (in_white - in_black), 0, 1)
//   v' = mix(out_black, out_white, pow(x, 1 / gamma))
// p0..2 = in_black, p3..5 = in_white, p6..8 = gamma, p9..11 = out_black,
// p12..14 = out_white, each r, g, b (a single value is repeated when packed).
vec3 hb_levels_vector(uint at) {
    return vec3(hb_p[at], hb_p[at + 1u], hb_p[at + 2u]);
}

vec4 hb_levels(vec4 color, uint base) {
    vec3 inBlack = hb_levels_vector(hbo_in_black);
    vec3 inWhite = hb_levels_vector(hbo_in_white);
    vec3 gamma = hb_levels_vector(hbo_gamma);
    vec3 outBlack = hb_levels_vector(hbo_out_black);
    vec3 outWhite = hb_levels_vector(hbo_out_white);
    vec3 x = clamp((color.rgb - inBlack) / (inWhite - inBlack), 0.0, 1.0);
    return vec4(mix(outBlack, outWhite, pow(x, 1.0 / gamma)), color.a);
}
