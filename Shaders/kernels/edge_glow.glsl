// edge_glow (Harbeth C7EdgeGlow): edges pulse towards a colour with time.
//   L = 8 c - sum of the 8 neighbours (per RGB channel, clamp-to-edge)
//   where |L.rgb| > threshold: mix(in, color, g), g = (1 - cos(speed t)) / 2
//   elsewhere the input; alpha kept
// (Harbeth adds color sin(5 t) + in cos(5 t), which goes negative; ours
// pulses between the frame and the colour.)
// p0 = threshold, p1 = speed (radians per second), p2..4 = colour.
vec4 hb_edge_glow(ivec2 pos, uint base) {
    vec4 c = hb_load(pos);
    vec3 sum = vec3(0.0);
    for (int y = -1; y <= 1; y++) {
        for (int x = -1; x <= 1; x++) {
            sum += hb_load(pos + ivec2(x, y)).rgb;
        }
    }
    vec3 laplacian = 9.0 * c.rgb - sum;
    if (length(laplacian) <= hbp_threshold) {
        return c;
    }
    float g = 0.5 - 0.5 * cos(hbp_speed * hb_time);
    return vec4(mix(c.rgb, vec3(hbp_color(0), hbp_color(1), hbp_color(2)), g), c.a);
}
