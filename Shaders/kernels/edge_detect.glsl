// edge_detect: FFmpeg 5.1's edgedetect (Canny) on 8-bit codes, in three
// passes. The codes are, in wires mode, the Y code of the frame's matrix
// and range (BT.709 limited for RGB frames) as full range (swscale's grey
// frame, which FFmpeg's edgedetect reads), in colormix mode the R, G and B codes (FFmpeg's
// planar RGB). Each pass works on the three channels at once (wires uses
// the first). Intermediate images hold whole codes and gradients (exact
// in half floats: at most 2040).
// Parameters: high, low (whole codes), mode (0 wires, 1 colormix), limited
// (1 where the Y codes are limited range), then the 4x4 RGB to YUV matrix,
// column-major.

// The codes a pixel of the filter's input gives.
vec3 hb_edge_codes(vec4 color, uint base) {
    if (hbp_mode > 0.5) return round(clamp(color.rgb * 255.0, 0.0, 255.0));
    float y = round(clamp((hb_p_mat4(hbo_to_yuv) * vec4(color.rgb, 1.0)).x, 0.0, 255.0));
    // FFmpeg's grey frame is full range: a limited Y code is stretched.
    if (hbp_limited > 0.5) y = clamp(floor((y - 16.0) * 255.0 / 219.0 + 0.5), 0.0, 255.0);
    return vec3(y, 0.0, 0.0);
}

// 1. The 5x5 Gaussian (sigma 1.4) in whole numbers, 159 in all, rounded
//    down; the two rows and columns at each edge keep their codes.
vec4 hb_edge_detect_blur(ivec2 pos, uint base) {
    ivec2 size = hb_in_size;
    if (pos.x < 2 || pos.y < 2 || pos.x >= size.x - 2 || pos.y >= size.y - 2) {
        return vec4(hb_edge_codes(hb_load(pos), base), 1.0);
    }
    const float weights[25] = float[25](
        2.0, 4.0, 5.0, 4.0, 2.0, 4.0, 9.0, 12.0, 9.0, 4.0, 5.0, 12.0, 15.0, 12.0, 5.0, 4.0, 9.0, 12.0, 9.0, 4.0,
        2.0, 4.0, 5.0, 4.0, 2.0);
    vec3 sum = vec3(0.0);
    for (int y = -2; y <= 2; y++) {
        for (int x = -2; x <= 2; x++) {
            sum += weights[(y + 2) * 5 + x + 2] * hb_edge_codes(hb_load(pos + ivec2(x, y)), base);
        }
    }
    return vec4(floor(sum / 159.0), 1.0);
}

// The Sobel gradient (gx, gy) of channel c at window[centre] of a 5x5
// window of the blurred codes (y down).
ivec2 hb_edge_sobel(vec3 window[25], int centre, int c) {
    int a = int(window[centre - 6][c]), b = int(window[centre - 5][c]), d = int(window[centre - 4][c]);
    int l = int(window[centre - 1][c]), r = int(window[centre + 1][c]);
    int e = int(window[centre + 4][c]), f = int(window[centre + 5][c]), g = int(window[centre + 6][c]);
    return ivec2(d - a + 2 * (r - l) + g - e, e - a + 2 * (f - b) + g - d);
}

// 2. Sobel |gx| + |gy| in the frame less its outer pixels (0 on them),
//    kept where it is above both neighbours along its direction, rounded
//    to one of four by FFmpeg's whole-number tangents, and at most 255;
//    else 0.
vec4 hb_edge_detect_suppress(ivec2 pos, uint base) {
    ivec2 size = hb_in_size;
    if (pos.x < 1 || pos.y < 1 || pos.x >= size.x - 1 || pos.y >= size.y - 1) return vec4(0.0, 0.0, 0.0, 1.0);
    vec3 window[25];
    for (int y = -2; y <= 2; y++) {
        for (int x = -2; x <= 2; x++) {
            window[(y + 2) * 5 + x + 2] = hb_load(clamp(pos + ivec2(x, y), ivec2(0), size - 1)).rgb;
        }
    }
    vec3 kept = vec3(0.0);
    for (int c = 0; c < 3; c++) {
        ivec2 g = hb_edge_sobel(window, 12, c);
        int magnitude = abs(g.x) + abs(g.y);
        // The neighbours along the direction: 45 up, horizontal, 45 down, vertical.
        ivec2 step = ivec2(0, 1);
        if (g.x != 0) {
            int gx = g.x < 0 ? -g.x : g.x;
            int gy = (g.x < 0 ? -g.y : g.y) * 65536;
            int near = 27146 * gx, far = 158218 * gx;
            if (gy > -far && gy < -near) step = ivec2(-1, 1);
            else if (gy > -near && gy < near) step = ivec2(1, 0);
            else if (gy > near && gy < far) step = ivec2(1, 1);
        }
        int sides[2];
        for (int side = 0; side < 2; side++) {
            ivec2 at = pos + (side == 0 ? step : -step);
            bool inner = at.x >= 1 && at.y >= 1 && at.x < size.x - 1 && at.y < size.y - 1;
            ivec2 ga = hb_edge_sobel(window, 12 + (at.y - pos.y) * 5 + at.x - pos.x, c);
            sides[side] = inner ? abs(ga.x) + abs(ga.y) : 0;
        }
        if (magnitude > sides[0] && magnitude > sides[1]) kept[c] = float(min(magnitude, 255));
        if (c == 0 && hbp_mode < 0.5) break;
    }
    return vec4(kept, 1.0);
}

// 3. Double threshold: above high stays; above low stays where one of its
//    8 neighbours is above high (not on the frame's outer pixels); else 0.
//    Wires: grey of that level of 255 (FFmpeg's grey frame, full range);
//    colormix: the mean of the
//    edge and the input's code, rounded down. The input's alpha is kept.
vec4 hb_edge_detect_link(ivec2 pos, uint base, sampler2D original) {
    ivec2 size = hb_in_size;
    float high = hbp_high;
    float low = hbp_low;
    vec3 value = hb_load(pos).rgb;
    bool inner = pos.x >= 1 && pos.y >= 1 && pos.x < size.x - 1 && pos.y < size.y - 1;
    vec3 strongest = vec3(0.0);
    if (inner) {
        for (int y = -1; y <= 1; y++) {
            for (int x = -1; x <= 1; x++) {
                if (x != 0 || y != 0) strongest = max(strongest, hb_load(pos + ivec2(x, y)).rgb);
            }
        }
    }
    vec3 edge = vec3(0.0);
    for (int c = 0; c < 3; c++) {
        if (value[c] > high || (inner && value[c] > low && strongest[c] > high)) edge[c] = value[c];
    }
    vec4 source = texelFetch(original, pos, 0);
    if (hbp_mode > 0.5) return vec4(floor((edge + hb_edge_codes(source, base)) / 2.0) / 255.0, source.a);
    return vec4(vec3(edge.x / 255.0), source.a);
}
