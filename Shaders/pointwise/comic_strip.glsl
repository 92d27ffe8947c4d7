// comic_strip (Harbeth C7ComicStrip, after the classic "comic strip"
// colour formula):
//   R = |2g - b + r| r, G = |2b - g + r| r, B = |2b - g + r| g
//   out = mix(in, (R, G, B), intensity); alpha kept
// p0 = intensity.
vec4 hb_comic_strip(vec4 color, uint base) {
    float r = color.r;
    float g = color.g;
    float b = color.b;
    vec3 comic = vec3(abs(2.0 * g - b + r) * r, abs(2.0 * b - g + r) * r, abs(2.0 * b - g + r) * g);
    return vec4(mix(color.rgb, comic, hbp_intensity), color.a);
}
