// yuv_hue: FFmpeg's hue (vf_hue). The colour goes to 8-bit YUV codes of
// the frame's matrix and range (BT.709 limited for RGB frames); the chroma
// about 128 is turned and scaled, U' = c U - s V and V' = s U + c V (c and
// s the saturation times the angle's cosine and sine), and the luma moved
// by 25.5 codes per unit of brightness, each clipped to 0...255 as
// FFmpeg's tables are; and back. Alpha is kept.
// Parameters: c, s, the luma's lift in codes, then the 4x4 RGB to YUV and
// YUV to RGB matrices, column-major.
vec4 hb_yuv_hue(vec4 color, uint base) {
    vec4 yuv = hb_p_mat4(hbo_to_yuv) * vec4(color.rgb, 1.0);
    vec2 chroma = yuv.yz - 128.0;
    chroma = vec2(hbp_c * chroma.x - hbp_s * chroma.y, hbp_s * chroma.x + hbp_c * chroma.y) + 128.0;
    yuv.x = clamp(yuv.x + hbp_lift, 0.0, 255.0);
    yuv.yz = clamp(chroma, 0.0, 255.0);
    return vec4((hb_p_mat4(hbo_to_rgb) * yuv).rgb, color.a);
}
