// voronoi_overlay (Harbeth C7VoronoiOverlay, after Inigo Quilez's animated
// Voronoi): coloured cells drifting over the frame. In q = uv scale (uv
// with the width's units on both axes), each lattice cell n has a point
// n + 0.5 + 0.5 sin(speed t + 2 pi h2(n)), h2 two hb_hash01 of the cell;
// d1, d2 = the nearest and second-nearest distances over the 5x5 cells
// around, h = hb_hash01 of the nearest's cell;
//   col = (0.5 + 0.5 sin(2.5 h + (1, 1, 1.9))) sqrt(clamp(1 - d1, 0, 1))
//         (0.4 + 0.6 sqrt(clamp(4 (d2 - d1), 0, 1)))
//   out.rgb = mix(in.rgb, col, alpha); alpha kept
// (Harbeth's sine hash is replaced by the integer hash, and its morphing
// between distance metrics by the Euclidean one.)
// p0 = scale (cells across the width), p1 = speed, p2 = alpha.
vec2 hb_voronoi_hash(ivec2 cell) {
    uint k = uint(cell.x + 32768) + 65536u * uint(cell.y + 32768);
    return vec2(hb_hash01(k), hb_hash01(k ^ 0x9e3779b9u));
}

vec4 hb_voronoi_overlay(ivec2 pos, uint base) {
    vec2 size = vec2(hb_in_size);
    vec2 q = (vec2(pos) + 0.5) / size.x * hbp_scale;
    vec2 n = floor(q);
    vec2 f = q - n;
    float d1 = 8.0;
    float d2 = 8.0;
    float shade = 0.0;
    for (int j = -2; j <= 2; j++) {
        for (int i = -2; i <= 2; i++) {
            ivec2 cell = ivec2(n) + ivec2(i, j);
            vec2 h = hb_voronoi_hash(cell);
            vec2 point = vec2(i, j) + 0.5 + 0.5 * sin(hbp_speed * hb_time + 6.283185307179586 * h);
            float d = length(point - f);
            if (d < d1) {
                d2 = d1;
                d1 = d;
                shade = hb_hash01(uint(cell.x + 32768) * 31u + uint(cell.y + 32768) * 65537u);
            } else if (d < d2) {
                d2 = d;
            }
        }
    }
    vec3 col = 0.5 + 0.5 * sin(shade * 2.5 + vec3(1.0, 1.0, 1.9));
    col *= sqrt(clamp(1.0 - d1, 0.0, 1.0));
    col *= 0.4 + 0.6 * sqrt(clamp(4.0 * (d2 - d1), 0.0, 1.0));
    vec4 c = hb_load(pos);
    return vec4(mix(c.rgb, col, hbp_alpha), c.a);
}
