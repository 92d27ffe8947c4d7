// A 2x upscaler: the output is twice the hooked texture's size (mpv's
// reverse-Polish WIDTH and HEIGHT), each output pixel a Catmull-Rom
// (bicubic, a = -0.5) interpolation of the 4x4 source pixels around it.
// Runs only when the output is larger than the frame, as upscalers do.

//!HOOK MAIN
//!BIND HOOKED
//!WIDTH HOOKED.w 2 *
//!HEIGHT HOOKED.h 2 *
//!WHEN OUTPUT.w HOOKED.w 1.5 * > OUTPUT.h HOOKED.h 1.5 * > *
//!DESC Catmull-Rom 2x

vec4 weights(float t) {
    float t2 = t * t, t3 = t2 * t;
    return vec4(-0.5 * t3 + t2 - 0.5 * t, 1.5 * t3 - 2.5 * t2 + 1.0,
                -1.5 * t3 + 2.0 * t2 + 0.5 * t, 0.5 * t3 - 0.5 * t2);
}

vec4 hook() {
    vec2 source = HOOKED_pos * HOOKED_size - 0.5;
    vec2 base = floor(source);
    vec2 f = source - base;
    vec4 wx = weights(f.x), wy = weights(f.y);
    vec4 sum = vec4(0.0);
    for (int y = 0; y < 4; y++) {
        vec4 row = vec4(0.0);
        for (int x = 0; x < 4; x++)
            row += wx[x] * HOOKED_tex((base + vec2(x - 1, y - 1) + 0.5) * HOOKED_pt);
        sum += wy[y] * row;
    }
    return sum;
}
