// The taps resize weighs samples with (kernels/resize.glsl,
// kernels/resize_separable.glsl, io/planes_resize.glsl).

// Catmull-Rom (Keys, a = -0.5): the weights of the taps at -1, 0, 1 and 2
// for a source `t` past the tap at 0.
vec4 hb_cubic_weights(float t) {
    float t2 = t * t;
    float t3 = t2 * t;
    return vec4(-0.5 * t3 + t2 - 0.5 * t, 1.5 * t3 - 2.5 * t2 + 1.0, -1.5 * t3 + 2.0 * t2 + 0.5 * t, 0.5 * t3 - 0.5 * t2);
}

// Lanczos, a = 3: sinc(x) sinc(x / 3) for |x| < 3, else 0.
float hb_lanczos3(float x) {
    if (abs(x) < 1e-5) {
        return 1.0;
    }
    if (abs(x) >= 3.0) {
        return 0.0;
    }
    float px = 3.14159265358979 * x;
    return 3.0 * sin(px) * sin(px / 3.0) / (px * px);
}
