// cga_space (Harbeth C7ColorCGASpace): the frame on a coarse grid in
// CGA's four colours (black, white, cyan (1/3, 1, 1), magenta (1, 1/3, 1)).
// Each cell of a columns x rows grid takes the pixel at its top-left,
//   cell = (x columns / w, y rows / h), source = (cell w / columns, cell h / rows)
// in whole numbers, then the palette colour nearest in RGB (ties in that
// order), mixed by intensity; alpha kept. Harbeth uses a 200 x 320 grid;
// ours defaults to CGA's 320 x 200.
// p0 = columns, p1 = rows, p2 = intensity.
vec4 hb_cga_space(ivec2 pos, uint base) {
    ivec2 grid = ivec2(int(hbp_columns), int(hbp_rows));
    ivec2 cell = pos * grid / hb_in_size;
    vec4 c = hb_load(cell * hb_in_size / grid);
    const vec3 palette[4] = vec3[4](vec3(0.0), vec3(1.0), vec3(1.0 / 3.0, 1.0, 1.0), vec3(1.0, 1.0 / 3.0, 1.0));
    vec3 best = palette[0];
    float nearest = distance(c.rgb, palette[0]);
    for (int i = 1; i < 4; i++) {
        float d = distance(c.rgb, palette[i]);
        if (d < nearest) {
            nearest = d;
            best = palette[i];
        }
    }
    return vec4(mix(c.rgb, best, hbp_intensity), hb_load(pos).a);
}
