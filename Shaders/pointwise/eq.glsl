// eq: FFmpeg's eq on the RGB path (the planes path, io/planes_eq.glsl, is
// bit for bit FFmpeg's). The colour goes to 8-bit YUV codes of the frame's
// matrix and range (BT.709 limited for RGB frames), each code through its plane's table (read between
// entries), and back; alpha is kept.
// Data: the Y, U, V tables (256 codes each, made as FFmpeg makes them;
// see EqualizerFilter.swift), then the 4x4 RGB to YUV and YUV to RGB
// matrices, column-major.
float hb_eq_lookup(uint table, float code) {
    float x = clamp(code, 0.0, 255.0);
    float i = min(floor(x), 254.0);
    uint at = table + uint(i);
    return mix(hb_data_at(at), hb_data_at(at + 1u), x - i);
}

mat4 hb_eq_matrix(uint at) {
    return mat4(
        hb_data_at(at), hb_data_at(at + 1u), hb_data_at(at + 2u), hb_data_at(at + 3u),
        hb_data_at(at + 4u), hb_data_at(at + 5u), hb_data_at(at + 6u), hb_data_at(at + 7u),
        hb_data_at(at + 8u), hb_data_at(at + 9u), hb_data_at(at + 10u), hb_data_at(at + 11u),
        hb_data_at(at + 12u), hb_data_at(at + 13u), hb_data_at(at + 14u), hb_data_at(at + 15u));
}

vec4 hb_eq(vec4 color, uint base) {
    vec4 yuv = hb_eq_matrix(hbo_to_yuv) * vec4(color.rgb, 1.0);
    yuv = vec4(hb_eq_lookup(hbo_y, yuv.x), hb_eq_lookup(hbo_u, yuv.y), hb_eq_lookup(hbo_v, yuv.z), 1.0);
    return vec4((hb_eq_matrix(hbo_to_rgb) * yuv).rgb, color.a);
}
