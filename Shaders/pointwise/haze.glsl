// haze (Harbeth C7Haze, GPUImage HazeFilter): removes (or adds) a white
// haze that varies linearly from top to bottom.
//   d = (y + 0.5) / height * slope + distance
//   rgb' = (rgb - d) / (1 - d); alpha unchanged (Harbeth also applies it to alpha)
// p0 = distance, -0.3...0.3; p1 = slope, -0.3...0.3 (so d stays below 1).
vec4 hb_haze(vec4 color, uint base) {
    float d = (float(hb_pos.y) + 0.5) / float(hb_out_size.y) * hbp_slope + hbp_distance;
    return vec4((color.rgb - d) / (1.0 - d), color.a);
}
