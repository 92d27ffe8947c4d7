// halftone (Harbeth C7Halftone, GPUImage HalftoneFilter): a black dot on
// white in each size x size cell, its radius (size / 2) (1 - luma) from
// the luma of the cell's centre pixel; a pixel is black when its centre
// is within the radius of the cell's centre. Alpha is the centre pixel's.
// Harbeth gives the size as a fraction of the width. p0 = size (integer).
vec4 hb_halftone(ivec2 pos, uint base) {
    int size = int(hbp_size);
    ivec2 cell = pos / size;
    vec4 c = hb_load(cell * size + size / 2);
    vec2 d = (vec2(pos) + 0.5) - (vec2(cell) + 0.5) * float(size);
    float radius = max(0.5 * float(size) * (1.0 - hb_luma(c.rgb)), 0.0);
    return vec4(vec3(dot(d, d) <= radius * radius ? 0.0 : 1.0), c.a);
}
