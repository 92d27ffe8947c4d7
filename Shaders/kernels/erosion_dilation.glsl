// erosion, dilation, deflate and inflate (FFmpeg's) on RGB: each channel the smallest
// (largest) of itself and the neighbours whose bit of hbp_coordinates is 1
// (bit 0 top left, 1 top, 2 top right, 3 left, 4 right, 5 bottom left,
// 6 bottom, 7 bottom right), moved by at most its threshold
// (hbp_thresholds: red, green, blue, alpha, in 0...1). Rows past the edge
// repeat it, columns mirror it (column -1 is column 1), as FFmpeg reads
// them. On 8- to 12-bit planar YUV alone the planes run it on the codes
// instead (io/planes_code_filters.glsl).

const ivec2 HB_CODE_FILTER_NEIGHBOURS[8] = ivec2[8](
    ivec2(-1, -1), ivec2(0, -1), ivec2(1, -1), ivec2(-1, 0), ivec2(1, 0), ivec2(-1, 1), ivec2(0, 1), ivec2(1, 1));

vec4 hb_morphology_neighbour(ivec2 pos, int i) {
    ivec2 at = pos + HB_CODE_FILTER_NEIGHBOURS[i];
    int last = hb_in_size.x - 1;
    at.x = at.x < 0 ? -at.x : (at.x > last ? 2 * last - at.x : at.x);
    return hb_load(at);
}

vec4 hb_erosion(ivec2 pos, uint base) {
    vec4 v = hb_load(pos);
    vec4 result = v;
    int coordinates = int(hbp_coordinates);
    for (int i = 0; i < 8; i++) {
        if ((coordinates & (1 << i)) != 0) result = min(result, hb_morphology_neighbour(pos, i));
    }
    vec4 threshold = vec4(hbp_thresholds(0), hbp_thresholds(1), hbp_thresholds(2), hbp_thresholds(3));
    return max(result, max(v - threshold, 0.0));
}

vec4 hb_dilation(ivec2 pos, uint base) {
    vec4 v = hb_load(pos);
    vec4 result = v;
    int coordinates = int(hbp_coordinates);
    for (int i = 0; i < 8; i++) {
        if ((coordinates & (1 << i)) != 0) result = max(result, hb_morphology_neighbour(pos, i));
    }
    vec4 threshold = vec4(hbp_thresholds(0), hbp_thresholds(1), hbp_thresholds(2), hbp_thresholds(3));
    return min(result, min(v + threshold, 1.0));
}

// deflate and inflate: m = the sum of the 8 neighbours' 8-bit codes / 8,
// rounded down; deflate max(min(m, v), v - threshold), inflate
// min(max(m, v), v + threshold), in codes.
vec4 hb_neighbour_mean(ivec2 pos) {
    vec4 sum = vec4(0.0);
    for (int i = 0; i < 8; i++) sum += round(clamp(hb_morphology_neighbour(pos, i), 0.0, 1.0) * 255.0);
    return floor(sum / 8.0);
}

vec4 hb_deflate(ivec2 pos, uint base) {
    vec4 v = round(clamp(hb_load(pos), 0.0, 1.0) * 255.0);
    vec4 threshold = round(vec4(hbp_thresholds(0), hbp_thresholds(1), hbp_thresholds(2), hbp_thresholds(3)) * 255.0);
    return max(min(hb_neighbour_mean(pos), v), max(v - threshold, 0.0)) / 255.0;
}

vec4 hb_inflate(ivec2 pos, uint base) {
    vec4 v = round(clamp(hb_load(pos), 0.0, 1.0) * 255.0);
    vec4 threshold = round(vec4(hbp_thresholds(0), hbp_thresholds(1), hbp_thresholds(2), hbp_thresholds(3)) * 255.0);
    return min(max(hb_neighbour_mean(pos), v), min(v + threshold, 255.0)) / 255.0;
}
