// color_affine: a run of affine colour filters folded into one map at plan
// time (Sources/Harbeth/Graph/ColorFold.swift), its values worked out for
// each frame: out = M (r, g, b, a) + o.
// p0..p15 = M row after row, p16..p19 = o.
vec4 hb_color_affine(vec4 color, uint base) {
    vec4 r = vec4(hb_p[base], hb_p[base + 1u], hb_p[base + 2u], hb_p[base + 3u]);
    vec4 g = vec4(hb_p[base + 4u], hb_p[base + 5u], hb_p[base + 6u], hb_p[base + 7u]);
    vec4 b = vec4(hb_p[base + 8u], hb_p[base + 9u], hb_p[base + 10u], hb_p[base + 11u]);
    vec4 a = vec4(hb_p[base + 12u], hb_p[base + 13u], hb_p[base + 14u], hb_p[base + 15u]);
    vec4 offset = vec4(hb_p[base + 16u], hb_p[base + 17u], hb_p[base + 18u], hb_p[base + 19u]);
    return vec4(dot(r, color), dot(g, color), dot(b, color), dot(a, color)) + offset;
}

// The same for a run that leaves alpha alone: rgb' = M rgb + o.
// p0..p11 = for r, g, b: the row's weights of r, g, b, then its offset.
vec4 hb_color_affine_rgb(vec4 color, uint base) {
    vec4 r = vec4(hb_p[base], hb_p[base + 1u], hb_p[base + 2u], hb_p[base + 3u]);
    vec4 g = vec4(hb_p[base + 4u], hb_p[base + 5u], hb_p[base + 6u], hb_p[base + 7u]);
    vec4 b = vec4(hb_p[base + 8u], hb_p[base + 9u], hb_p[base + 10u], hb_p[base + 11u]);
    vec4 rgb1 = vec4(color.rgb, 1.0);
    return vec4(dot(r, rgb1), dot(g, rgb1), dot(b, rgb1), color.a);
}
