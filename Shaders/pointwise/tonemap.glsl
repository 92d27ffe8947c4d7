// tonemap: HDR (PQ or HLG, BT.2020) to SDR BT.709, per pixel.
// 1. Linear light in nits: PQ's EOTF (SMPTE ST 2084) of each channel; or
//    HLG's inverse OETF (BT.2100) and its OOTF for a display of `peak`
//    nits, L = peak Ys^(gamma - 1) E, gamma = 1.2 + 0.42 log10(peak / 1000),
//    Ys the BT.2020 luminance of the scene light E.
// 2. m = max(R, G, B); the curve maps m to m', relative to the SDR white
//    `target` (x = m / target, peak x_p = peak / target), and every
//    channel is scaled by m' / m (hue kept):
//    bt2390: ITU-R BT.2390's EETF in PQ: e = PQ(m) / PQ(peak),
//            k = PQ(target) / PQ(peak), ks = (1 + knee) k - knee (BT.2390:
//            knee 0.5); above ks the Hermite knee t = (e - ks) / (1 - ks),
//            e' = (2t^3 - 3t^2 + 1) ks + (t^3 - 2t^2 + t)(1 - ks) + (-2t^3 + 3t^2) k;
//            with a display black, e' = g (e' + b (1 - e')^4 - b) + b,
//            b = PQ(black) / PQ(peak), g = 1 / (1 + b / k (1 - k)^4) (BT.2390's
//            lift, scaled so the peak still maps to k);
//            m' = PQ^-1(e' PQ(peak)) / target
//    hable: h(x) / h(x_p), h(x) = (x(Ax + CB) + DE) / (x(Ax + B) + DF) - E/F,
//            A..F = 0.15, 0.5, 0.1, 0.2, 0.02, 0.3 (Hable's filmic curve)
//    reinhard: x (1 + x / x_p^2) / (1 + x) (extended: x_p maps to 1)
//    mobius: x below j = 0.3, above it (b^2 + 2bj + j^2) / (b - a) (x + a) / (x + b)
//            with a = -j^2 (x_p - 1) / (j^2 - 2j + x_p), b = (j^2 - 2j x_p + x_p) / (x_p - 1)
//    clip: min(x, 1)
// 3. BT.2020 to BT.709 primaries (3x3, linear); clip: clamp to 0...1;
//    perceptual: a colour with a negative channel is desaturated towards
//    its BT.709 luminance Y until that channel is 0, then clamped.
// 4. Encoded for SDR: BT.1886 (v = c^(1/2.4); with a display black Lb =
//    black / target, its inverse EOTF v = (c^(1/2.4) - Lb^(1/2.4)) /
//    (1 - Lb^(1/2.4))) or BT.709's OETF.
// p0 = transfer (0 PQ, 1 HLG), p1 = curve (0...4 as listed), p2 = peak,
// p3 = target, p4 = gamut (0 clip, 1 perceptual), p5 = output (0 BT.1886,
// 1 BT.709 OETF), p6..14 = the BT.2020 -> BT.709 matrix, row-major,
// p15 = knee, p16 = black (nits).
// The PQ and HLG curves are the prelude's.
float hb_hable(float x) {
    const float A = 0.15, B = 0.5, C = 0.1, D = 0.2, E = 0.02, F = 0.3;
    return (x * (A * x + C * B) + D * E) / (x * (A * x + B) + D * F) - E / F;
}

float hb_tone_curve(float m, int curve, float peak, float target, float knee, float black) {
    float x = m / target;
    float xp = max(peak / target, 1.0001);
    if (curve == 0) {
        float top = hb_nits_to_pq(peak);
        float e = hb_nits_to_pq(m) / top;
        float k = hb_nits_to_pq(target) / top;
        float ks = (1.0 + knee) * k - knee;
        if (e > ks) {
            float t = (e - ks) / (1.0 - ks);
            float t2 = t * t;
            float t3 = t2 * t;
            e = (2.0 * t3 - 3.0 * t2 + 1.0) * ks + (t3 - 2.0 * t2 + t) * (1.0 - ks) + (-2.0 * t3 + 3.0 * t2) * k;
        }
        if (black > 0.0) {
            // BT.2390's black lift, scaled so the peak still reaches k.
            float b = hb_nits_to_pq(black) / top;
            float gain = k < 1.0 ? 1.0 / (1.0 + b / k * pow(1.0 - k, 4.0)) : 1.0;
            e = gain * (e + b * pow(max(1.0 - e, 0.0), 4.0) - b) + b;
        }
        return hb_pq_to_nits(e * top) / target;
    }
    if (curve == 1) return hb_hable(x) / hb_hable(xp);
    if (curve == 2) return x * (1.0 + x / (xp * xp)) / (1.0 + x);
    if (curve == 3) {
        const float j = 0.3;
        if (x <= j) return x;
        float a = -j * j * (xp - 1.0) / (j * j - 2.0 * j + xp);
        float b = (j * j - 2.0 * j * xp + xp) / (xp - 1.0);
        return (b * b + 2.0 * b * j + j * j) / (b - a) * (x + a) / (x + b);
    }
    return min(x, 1.0);
}

vec4 hb_tonemap(vec4 color, uint base) {
    float peak = hbp_peak;
    float target = hbp_target;
    vec3 nits;
    if (hbp_transfer > 0.5) {
        vec3 scene = vec3(hb_hlg_to_scene(color.r), hb_hlg_to_scene(color.g), hb_hlg_to_scene(color.b));
        float ys = dot(scene, vec3(0.2627, 0.6780, 0.0593));
        float gamma = 1.2 + 0.42 * log(peak / 1000.0) / log(10.0);
        nits = peak * pow(max(ys, 1e-6), gamma - 1.0) * scene;
    } else {
        nits = vec3(hb_pq_to_nits(color.r), hb_pq_to_nits(color.g), hb_pq_to_nits(color.b));
    }
    float m = max(max(nits.r, nits.g), nits.b);
    float knee = hbp_knee;
    float black = hbp_black;
    vec3 relative =
        m > 0.0 ? nits * (hb_tone_curve(m, int(hbp_curve), peak, target, knee, black) / m) : vec3(0.0);
    mat3 toBT709 = mat3(
        hbp_matrix(0), hbp_matrix(3), hbp_matrix(6), hbp_matrix(1), hbp_matrix(4), hbp_matrix(7),
        hbp_matrix(2), hbp_matrix(5), hbp_matrix(8));
    vec3 c = toBT709 * relative;
    if (hbp_gamut > 0.5) {
        float y = dot(c, vec3(0.2126, 0.7152, 0.0722));
        float low = min(min(c.r, c.g), c.b);
        if (low < 0.0 && y > 0.0) c = y + (c - y) * (y / (y - low));
    }
    c = clamp(c, 0.0, 1.0);
    // The prelude's curves: 0 BT.709's OETF, 8 BT.1886 (c^(1/2.4)).
    bool bt709 = hbp_output > 0.5;
    vec3 encoded = hb_from_linear(c, bt709 ? 0 : 8);
    if (!bt709 && black > 0.0) {
        float lifted = pow(black / target, 1.0 / 2.4);
        encoded = (encoded - lifted) / (1.0 - lifted);
    }
    return vec4(encoded, color.a);
}
