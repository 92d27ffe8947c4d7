// boxblur (FFmpeg's) on RGB: Y, U and V by BT.601 from RGB (U = 0.564
// (B - Y), V = 0.713 (R - Y)) and alpha, each by its power-fold box at
// once (the weights from the centre out, packed by BoxblurFilter.weights),
// the edges mirrored as FFmpeg mirrors them; rows (hb_boxblur_h, to an
// image of Y, U, V, A), then columns (hb_boxblur_v, back to RGB).
// hbp_reach(k): how far kind k's weights reach (luma, chroma, alpha);
// hbp_weights: luma's reach + 1 weights, then chroma's, then alpha's. On
// 8- to 12-bit planar YUV alone the planes run it in FFmpeg's fixed point
// instead (io/planes_boxblur.glsl).

// Sample i of a line of `len` mirrored past either end, as often as it takes.
int hb_boxblur_mirror(int i, int len) {
    int period = 2 * len;
    int m = i % period;
    if (m < 0) m += period;
    return m < len ? m : period - 1 - m;
}

// The weights of Y, U, V and A at distance d from the centre.
vec4 hb_boxblur_weights(int d, uint base) {
    int luma = int(hbp_reach(0));
    int chroma = int(hbp_reach(1));
    int alpha = int(hbp_reach(2));
    float y = d <= luma ? hbp_weights(d) : 0.0;
    float c = d <= chroma ? hbp_weights(luma + 1 + d) : 0.0;
    float a = d <= alpha ? hbp_weights(luma + chroma + 2 + d) : 0.0;
    return vec4(y, c, c, a);
}

int hb_boxblur_most(uint base) {
    return int(max(hbp_reach(0), max(hbp_reach(1), hbp_reach(2))));
}

vec4 hb_boxblur_h(ivec2 pos, uint base) {
    int most = hb_boxblur_most(base);
    vec4 sum = vec4(0.0);
    for (int i = -most; i <= most; i++) {
        vec4 c = hb_load(ivec2(hb_boxblur_mirror(pos.x + i, hb_in_size.x), pos.y));
        float y = dot(c.rgb, vec3(0.299, 0.587, 0.114));
        sum += hb_boxblur_weights(abs(i), base) * vec4(y, 0.564 * (c.b - y), 0.713 * (c.r - y), c.a);
    }
    return sum;
}

vec4 hb_boxblur_v(ivec2 pos, uint base) {
    int most = hb_boxblur_most(base);
    vec4 sum = vec4(0.0);
    for (int i = -most; i <= most; i++) {
        sum += hb_boxblur_weights(abs(i), base) * hb_load(ivec2(pos.x, hb_boxblur_mirror(pos.y + i, hb_in_size.y)));
    }
    float r = sum.x + sum.z / 0.713;
    float b = sum.x + sum.y / 0.564;
    float g = (sum.x - 0.299 * r - 0.114 * b) / 0.587;
    return vec4(r, g, b, sum.w);
}
