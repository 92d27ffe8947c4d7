// nostalgic (Harbeth C7Nostalgic): a cool, faded toning, the sepia rows
// in reverse order (red takes the darkest row), mixed by intensity.
//   toned = (0.272 r + 0.534 g + 0.131 b, 0.349 r + 0.686 g + 0.168 b,
//            0.393 r + 0.769 g + 0.189 b)
//   rgb' = mix(rgb, toned, intensity)
// p0 = intensity, 0...1.
vec4 hb_nostalgic(vec4 color, uint base) {
    vec3 toned = vec3(
        dot(color.rgb, vec3(0.272, 0.534, 0.131)),
        dot(color.rgb, vec3(0.349, 0.686, 0.168)),
        dot(color.rgb, vec3(0.393, 0.769, 0.189)));
    return vec4(mix(color.rgb, toned, hb_p[base]), color.a);
}
