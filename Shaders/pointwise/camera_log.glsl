// Camera log decoding to BT.709 (apple_log, slog3, vlog, logc3): the
// camera's log signal to scene-linear light by the maker's published
// curve, times 2^exposure, through a 3x3 matrix from the camera's gamut
// to BT.709's primaries, then BT.709's OETF (4.5 L below 0.018, else
// 1.099 L^0.45 - 0.099); negative light is 0, and values above 1 are
// clipped where the frame is stored.
// The curves take x, the signal as a fraction of the 10-bit code range
// (code value / 1023); a legal-range decode (p2 = 1) first maps the
// decoded 0...1 back to code values, x = (64 + 876 v) / 1023.
// p0 = curve (0 Apple Log, 1 S-Log3, 2 V-Log, 3 LogC3 EI 800),
// p1 = 2^exposure, p2 = legal range, p3..11 = the matrix, row-major.
float hb_camera_log_linear(float v, int curve, bool legal) {
    float x = legal ? (64.0 + 876.0 * v) / 1023.0 : v;
    if (curve == 0) {
        // Apple Log: R0 = -0.05641088, Rt = 0.01, c = 47.28711236,
        // beta = 0.00964052, gamma = 0.08550479, delta = 0.69336945.
        const float pt = 47.28711236 * (0.01 + 0.05641088) * (0.01 + 0.05641088);
        if (x >= pt) return exp2((x - 0.69336945) / 0.08550479) - 0.00964052;
        if (x >= 0.0) return sqrt(x / 47.28711236) - 0.05641088;
        return -0.05641088;
    }
    if (curve == 1) {
        // Sony S-Log3.
        float code = x * 1023.0;
        if (code >= 171.2102946929) return pow(10.0, (code - 420.0) / 261.5) * 0.19 - 0.01;
        return (code - 95.0) * 0.01125 / (171.2102946929 - 95.0);
    }
    if (curve == 2) {
        // Panasonic V-Log.
        if (x < 0.181) return (x - 0.125) / 5.6;
        return pow(10.0, (x - 0.598206) / 0.241514) - 0.00873;
    }
    // ARRI LogC3, EI 800.
    if (x > 5.367655 * 0.010591 + 0.092809) return (pow(10.0, (x - 0.385537) / 0.247190) - 0.052272) / 5.555556;
    return (x - 0.092809) / 5.367655;
}

vec4 hb_camera_log(vec4 color, uint base) {
    int curve = int(hbp_curve);
    bool legal = hbp_legal > 0.5;
    vec3 linear = vec3(
        hb_camera_log_linear(color.r, curve, legal), hb_camera_log_linear(color.g, curve, legal),
        hb_camera_log_linear(color.b, curve, legal)) * hbp_exposure;
    mat3 toBT709 = mat3(
        hbp_matrix(0), hbp_matrix(3), hbp_matrix(6), hbp_matrix(1), hbp_matrix(4), hbp_matrix(7),
        hbp_matrix(2), hbp_matrix(5), hbp_matrix(8));
    vec3 l = max(toBT709 * linear, vec3(0.0));
    return vec4(hb_from_linear(l, 0), color.a);
}
