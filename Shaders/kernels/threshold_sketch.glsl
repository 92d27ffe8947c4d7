// threshold_sketch (Harbeth C7ThresholdSketch): black lines where the
// rectified Sobel gradient of luminance passes a threshold, white elsewhere.
//   gh = max(0, bottom row - top row), gv = max(0, right column - left column)
//   (Sobel's 1, 2, 1 weights), m = |(gh, gv)| strength
//   out = 1 - step(threshold, m) in grey, alpha 1; clamp-to-edge
// (Harbeth takes the red channel; ours luminance, as sobel does.)
// p0 = strength, p1 = threshold.
vec4 hb_threshold_sketch(ivec2 pos, uint base) {
    vec2 g = hb_sobel_luma(pos);
    float gh = max(0.0, g.y);
    float gv = max(0.0, g.x);
    float m = length(vec2(gh, gv)) * hbp_strength;
    return vec4(vec3(1.0 - step(hbp_threshold, m)), 1.0);
}
