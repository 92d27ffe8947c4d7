// dither: ordered (Bayer) dithering to `levels` per channel. The threshold
// at (x, y) is (B(x mod n, y mod n) + 0.5) / n^2 for the n x n Bayer matrix
// (n = 2, 4 or 8: B_2n(x, y) = 4 B_n(x mod n, y mod n) + B_2(x / n, y / n),
// B_2 = [0 2; 3 1] with x across);
//   c' = min(floor(c (levels - 1) + t), levels - 1) / (levels - 1)
// on r, g, b (alpha kept).
// p0 = levels, p1 = n.
float hb_bayer(uvec2 p, uint n) {
    uint value = 0u;
    // The finest bit pair is the most significant digit in base 4.
    for (uint k = 0u; (1u << k) < n; k++) {
        uvec2 q = (p >> k) & 1u;
        value = value * 4u + (q.x == 0u ? (q.y == 0u ? 0u : 3u) : (q.y == 0u ? 2u : 1u));
    }
    return (float(value) + 0.5) / float(n * n);
}

vec4 hb_dither(vec4 color, uint base) {
    float steps = hbp_levels - 1.0;
    uint n = uint(hbp_matrix);
    float t = hb_bayer(uvec2(hb_pos) % n, n);
    vec3 q = min(floor(clamp(color.rgb, 0.0, 1.0) * steps + t), steps) / steps;
    return vec4(q, color.a);
}
