// sharpen (Harbeth C7Sharpen): the 4-neighbour Laplacian added back,
//   rgb * (1 + 4s) - s * (left + right + top + bottom), alpha unchanged.
// Clamp-to-edge borders. p0 = s.
vec4 hb_sharpen(ivec2 pos, uint base) {
    float amount = hbp_amount;
    vec4 centre = hb_load(pos);
    vec3 neighbours = hb_load(pos + ivec2(-1, 0)).rgb + hb_load(pos + ivec2(1, 0)).rgb
                    + hb_load(pos + ivec2(0, -1)).rgb + hb_load(pos + ivec2(0, 1)).rgb;
    return vec4(centre.rgb * (1.0 + 4.0 * amount) - neighbours * amount, centre.a);
}
