// posterize (Harbeth C7Posterize, GPUImage PosterizeFilter):
//   floor(rgb * levels + 0.5) / levels; alpha unchanged.
// p0 = levels, 1...255.
vec4 hb_posterize(vec4 color, uint base) {
    float levels = hbp_levels;
    return vec4(floor(color.rgb * levels + 0.5) / levels, color.a);
}
