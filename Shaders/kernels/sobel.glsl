// sobel and sketch (Harbeth C7Sobel, C7Sketch; GPUImage
// SobelEdgeDetection, SketchFilter): the gradient magnitude of luminance
// with the 3x3 Sobel operator (hb_sobel_luma in the prelude),
//   gx = (tr + 2r + br) - (tl + 2l + bl), gy = (bl + 2b + br) - (tl + 2t + tr)
//   m = sqrt(gx^2 + gy^2) * strength
// sobel writes (m, m, m), sketch (1 - m, 1 - m, 1 - m); alpha is the
// centre's. Harbeth samples at +-2 pixels; this is the classic operator
// at +-1, as GPUImage. Clamp-to-edge borders. p0 = strength.
float hb_sobel_magnitude(ivec2 pos) { return length(hb_sobel_luma(pos)); }

vec4 hb_sobel(ivec2 pos, uint base) {
    float m = hb_sobel_magnitude(pos) * hbp_strength;
    return vec4(vec3(m), hb_load(pos).a);
}

vec4 hb_sketch(ivec2 pos, uint base) {
    float m = hb_sobel_magnitude(pos) * hbp_strength;
    return vec4(vec3(1.0 - m), hb_load(pos).a);
}
