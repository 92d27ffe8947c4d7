// laplacian (Harbeth's Matrix3x3 laplance and edgedetect kernels): the
// absolute Laplacian of each RGB channel, times a strength,
//   4 neighbours: |4c - (l + r + t + b)|
//   8 neighbours: |8c - (sum of the 8 around it)|
// alpha unchanged. Clamp-to-edge borders.
// p0 = 0 for 4 neighbours, 1 for 8; p1 = strength.
vec4 hb_laplacian(ivec2 pos, uint base) {
    bool eight = hbp_neighbors > 0.5;
    vec4 centre = hb_load(pos);
    vec3 sum = hb_load(pos + ivec2(-1, 0)).rgb + hb_load(pos + ivec2(1, 0)).rgb
             + hb_load(pos + ivec2(0, -1)).rgb + hb_load(pos + ivec2(0, 1)).rgb;
    float weight = 4.0;
    if (eight) {
        sum += hb_load(pos + ivec2(-1, -1)).rgb + hb_load(pos + ivec2(1, -1)).rgb
             + hb_load(pos + ivec2(-1, 1)).rgb + hb_load(pos + ivec2(1, 1)).rgb;
        weight = 8.0;
    }
    return vec4(abs(centre.rgb * weight - sum) * hbp_strength, centre.a);
}
