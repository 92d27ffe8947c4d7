// canny (Canny 1986, as GPUImage's CannyEdgeDetection runs it in passes),
// after gaussian_blur's two passes:
// 1. hb_canny_gradient: Sobel gradients (gx, gy) of luminance; out =
//    (|g| / 8, sector / 3, 0, 1) (so every image format holds it), the sector of the gradient's direction
//    folded into 0...180 degrees: 0 near 0 or 180, 1 near 45, 2 near 90,
//    3 near 135 (y points down).
// 2. hb_canny_suppress: |g| kept where it is at least both neighbours
//    along its sector (0: left/right, 1: (-1,-1)/(1,1), 2: up/down,
//    3: (1,-1)/(-1,1)); then 1 at or above high, 0.5 at or above low, else 0.
// 3. hb_canny_link: a 0.5 that touches a 1 among its 8 neighbours becomes
//    1, the rest 0 (one step of hysteresis); grey, alpha 1.
// Clamp-to-edge. The pack is gaussian_blur's (radius r, weights) then
// low, high at p(r+2), p(r+3).
vec4 hb_canny_gradient(ivec2 pos, uint base) {
    vec2 g = hb_sobel_luma(pos);
    float gx = g.x;
    float gy = g.y;
    float angle = degrees(atan(gy, gx));
    if (angle < 0.0) angle += 180.0;
    float sector = angle < 22.5 || angle >= 157.5 ? 0.0 : (angle < 67.5 ? 1.0 : (angle < 112.5 ? 2.0 : 3.0));
    return vec4(length(vec2(gx, gy)) / 8.0, sector / 3.0, 0.0, 1.0);
}

vec4 hb_canny_suppress(ivec2 pos, uint base) {
    vec4 centre = hb_load(pos);
    int sector = int(centre.g * 3.0 + 0.5);
    ivec2 step = sector == 0 ? ivec2(1, 0) : (sector == 1 ? ivec2(1, 1) : (sector == 2 ? ivec2(0, 1) : ivec2(1, -1)));
    float m = centre.r * 8.0;
    bool peak = centre.r >= hb_load(pos + step).r && centre.r >= hb_load(pos - step).r;
    float value = !peak ? 0.0 : (m >= hbp_high ? 1.0 : (m >= hbp_low ? 0.5 : 0.0));
    return vec4(value, 0.0, 0.0, 1.0);
}

vec4 hb_canny_link(ivec2 pos, uint base) {
    float value = hb_load(pos).r;
    if (value > 0.25 && value < 0.75) {
        float strongest = 0.0;
        for (int y = -1; y <= 1; y++) {
            for (int x = -1; x <= 1; x++) {
                strongest = max(strongest, hb_load(pos + ivec2(x, y)).r);
            }
        }
        value = strongest > 0.75 ? 1.0 : 0.0;
    }
    return vec4(vec3(value > 0.75 ? 1.0 : 0.0), 1.0);
}
