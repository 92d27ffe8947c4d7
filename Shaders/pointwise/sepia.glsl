// sepia (Harbeth C7Sepia): the colour matrix rows
//   (.3588 .7044 .1368) (.2990 .5870 .1140) (.2392 .4696 .0912),
// then mix(rgb, sepia, intensity); alpha unchanged.  p0 = intensity, 0...1.
vec4 hb_sepia(vec4 color, uint base) {
    vec3 toned = vec3(
        dot(color.rgb, vec3(0.3588, 0.7044, 0.1368)),
        dot(color.rgb, vec3(0.2990, 0.5870, 0.1140)),
        dot(color.rgb, vec3(0.2392, 0.4696, 0.0912)));
    return vec4(mix(color.rgb, toned, hbp_intensity), color.a);
}
