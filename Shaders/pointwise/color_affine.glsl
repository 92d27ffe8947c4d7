// color_affine: a run of affine colour filters folded into one map at plan
// time (Sources/Harbeth/Graph/ColorFold.swift), its values worked out for
// each frame: out = M (r, g, b, a) + o.
// p0..p15 = M row after row, p16..p19 = o.
vec4 hb_color_affine(vec4 color, uint base) {
    vec4 result;
    for (uint row = 0u; row < 4u; row++) {
        uint at = base + row * 4u;
        result[row] = dot(vec4(hb_p[at], hb_p[at + 1u], hb_p[at + 2u], hb_p[at + 3u]), color) + hb_p[base + 16u + row];
    }
    return result;
}
