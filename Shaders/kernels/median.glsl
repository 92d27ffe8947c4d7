// median: the per-channel median of the 3x3 or 5x5 square around the
// pixel (GPUImage's MedianFilter is the 3x3 case). Clamp-to-edge borders.
// A value is the median of n when at most n/2 values are below it and
// more than n/2 are at or below it; counting per channel with vector
// compares selects it without sorting. p0 = the side, 3 or 5.
vec4 hb_median(ivec2 pos, uint base) {
    int side = int(hbp_side);
    int half_side = side / 2;
    int count = side * side;
    vec4 values[25];
    for (int y = 0; y < side; y++) {
        for (int x = 0; x < side; x++) {
            values[y * side + x] = hb_load(pos + ivec2(x - half_side, y - half_side));
        }
    }
    float middle = float(count / 2);
    vec4 result = values[0];
    for (int i = 0; i < count; i++) {
        vec4 below = vec4(0.0);
        vec4 atOrBelow = vec4(0.0);
        for (int j = 0; j < count; j++) {
            below += vec4(lessThan(values[j], values[i]));
            atOrBelow += vec4(lessThanEqual(values[j], values[i]));
        }
        vec4 isMedian = step(below, vec4(middle)) * step(vec4(middle + 1.0), atOrBelow);
        result = mix(result, values[i], isMedian);
    }
    return result;
}
