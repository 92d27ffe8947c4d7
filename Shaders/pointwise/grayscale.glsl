// grayscale (Harbeth C7Grayed): p0 = mode: 0 luminosity dot(rgb, HB_LUMA),
// 1 average (r + g + b) / 3, 2 desaturate (max + min) / 2.
vec4 hb_grayscale(vec4 color, uint base) {
    int mode = int(hbp_mode);
    float gray;
    if (mode == 1) {
        gray = (color.r + color.g + color.b) / 3.0;
    } else if (mode == 2) {
        gray = 0.5 * (max(color.r, max(color.g, color.b)) + min(color.r, min(color.g, color.b)));
    } else {
        gray = hb_luma(color.rgb);
    }
    return vec4(vec3(gray), color.a);
}
