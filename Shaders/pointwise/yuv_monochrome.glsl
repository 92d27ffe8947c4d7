// yuv_monochrome: FFmpeg's monochrome (vf_monochrome). The colour goes to
// 8-bit YUV codes of the frame's matrix and range (BT.709 limited for RGB
// frames); the luma y = Y / 255 is scaled by
//   f = exp(-min(((spot_cb - u)^2 + (spot_cr - v)^2) inverse_size, 1)),
// u, v the chroma codes / 255 - 0.5, by less in the highlights:
//   t = e + (1 - e) keep, e FFmpeg's envelope of y, Y' = 255 ((1 - t) y + t f y),
// and the chroma set to 128; and back. Alpha is kept.
// Parameters: spot_cb, spot_cr (half of cb, cr), 1 / size, 1 - high, then
// the 4x4 RGB to YUV and YUV to RGB matrices, column-major.
float hb_yuv_monochrome_envelope(float x) {
    if (x < 0.6) {
        float t = abs(x / 0.6 - 1.0);
        return 1.0 - t * t;
    }
    float t = (1.0 - x) / 0.4;
    return t * t * (3.0 - 2.0 * t);
}

vec4 hb_yuv_monochrome(vec4 color, uint base) {
    vec4 yuv = clamp(hb_p_mat4(hbo_to_yuv) * vec4(color.rgb, 1.0), 0.0, 255.0);
    float y = yuv.x / 255.0;
    vec2 chroma = yuv.yz / 255.0 - 0.5;
    vec2 away = vec2(hbp_spot_cb, hbp_spot_cr) - chroma;
    float kept = exp(-clamp(dot(away, away) * hbp_inverse_size, 0.0, 1.0));
    float envelope = hb_yuv_monochrome_envelope(y);
    float t = envelope + (1.0 - envelope) * hbp_keep;
    float luma = ((1.0 - t) * y + t * kept * y) * 255.0;
    return vec4((hb_p_mat4(hbo_to_rgb) * vec4(luma, 128.0, 128.0, 1.0)).rgb, color.a);
}
