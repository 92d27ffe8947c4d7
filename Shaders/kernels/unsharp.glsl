// unsharp (FFmpeg's) on RGB: Y, U and V by BT.601 from each pixel of the
// mask (U = 0.564 (B - Y), V = 0.713 (R - Y)), each blurred by its
// binomial mask, C(2 sx, i) C(2 sy, j) / 2^(2 (sx + sy)), clamp-to-edge,
// then v + (v - blur) amount, and back to RGB; alpha by alpha's values.
// hbp_steps(3 k ...) = sx, sy and 65536 amount of luma (k = 0), chroma
// (1) and alpha (2). On 8-bit planar YUV alone the planes run it in
// FFmpeg's fixed point instead (io/planes_unsharp.glsl).

vec4 hb_unsharp_yuva(vec4 c) {
    float y = dot(c.rgb, vec3(0.299, 0.587, 0.114));
    return vec4(y, 0.564 * (c.b - y), 0.713 * (c.r - y), c.a);
}

// The binomial blur of kind k's component(s) around pos.
vec4 hb_unsharp_blur(ivec2 pos, int sx, int sy) {
    vec4 sum = vec4(0.0);
    float wy = 1.0;
    for (int j = 0; j <= 2 * sy; j++) {
        float wx = 1.0;
        for (int i = 0; i <= 2 * sx; i++) {
            sum += wx * wy * hb_unsharp_yuva(hb_load(pos + ivec2(i - sx, j - sy)));
            wx = wx * float(2 * sx - i) / float(i + 1);
        }
        wy = wy * float(2 * sy - j) / float(j + 1);
    }
    return sum / exp2(float(2 * (sx + sy)));
}

vec4 hb_unsharp(ivec2 pos, uint base) {
    vec4 v = hb_unsharp_yuva(hb_load(pos));
    vec4 result = v;
    for (int k = 0; k < 3; k++) {
        float amount = hbp_steps(3 * k + 2) / 65536.0;
        if (amount == 0.0) continue;
        vec4 blur = hb_unsharp_blur(pos, int(hbp_steps(3 * k)), int(hbp_steps(3 * k + 1)));
        vec4 sharpened = v + (v - blur) * amount;
        if (k == 0) result.x = sharpened.x;
        if (k == 1) result.yz = sharpened.yz;
        if (k == 2) result.w = sharpened.w;
    }
    float r = result.x + result.z / 0.713;
    float b = result.x + result.y / 0.564;
    float g = (result.x - 0.299 * r - 0.114 * b) / 0.587;
    return vec4(r, g, b, result.w);
}
