// polka_dot (Harbeth C7PolkaDot, GPUImage PolkaDotFilter): a dot of the
// cell's centre colour in each size x size cell, radius
// (size / 2) * dot_scaling, black around it; a pixel is in the dot when its
// centre is within the radius. Alpha is the centre pixel's. Harbeth gives
// the size as a fraction of the width. p0 = size (integer), p1 = dot_scaling.
vec4 hb_polka_dot(ivec2 pos, uint base) {
    int size = int(hbp_size);
    ivec2 cell = pos / size;
    vec4 c = hb_load(cell * size + size / 2);
    vec2 d = (vec2(pos) + 0.5) - (vec2(cell) + 0.5) * float(size);
    float radius = 0.5 * float(size) * hbp_dot_scaling;
    return vec4(dot(d, d) <= radius * radius ? c.rgb : vec3(0.0), c.a);
}
