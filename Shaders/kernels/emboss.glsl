// emboss (GPUImage EmbossFilter; Harbeth's Matrix3x3 embossment): the 3x3
// convolution of RGB with
//   -2i  -i   0
//    -i   1   i
//     0   i  2i
// (top row above the pixel), alpha unchanged. Clamp-to-edge borders.
// p0 = intensity i.
vec4 hb_emboss(ivec2 pos, uint base) {
    float i = hbp_intensity;
    vec4 centre = hb_load(pos);
    vec3 rgb = centre.rgb
        - i * (2.0 * hb_load(pos + ivec2(-1, -1)).rgb + hb_load(pos + ivec2(0, -1)).rgb
               + hb_load(pos + ivec2(-1, 0)).rgb)
        + i * (hb_load(pos + ivec2(1, 0)).rgb + hb_load(pos + ivec2(0, 1)).rgb
               + 2.0 * hb_load(pos + ivec2(1, 1)).rgb);
    return vec4(rgb, centre.a);
}
