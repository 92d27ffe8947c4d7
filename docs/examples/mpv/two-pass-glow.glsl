// Two passes joined by a saved texture: the first blurs a half-size copy
// of the frame and saves it as GLOW; the second binds the frame and GLOW
// and screens one over the other.

//!HOOK MAIN
//!BIND HOOKED
//!SAVE GLOW
//!WIDTH HOOKED.w 2 /
//!HEIGHT HOOKED.h 2 /
//!DESC glow: blurred half-size copy

vec4 hook() {
    vec4 sum = vec4(0.0);
    for (int y = -2; y <= 2; y++)
        for (int x = -2; x <= 2; x++)
            sum += HOOKED_tex(HOOKED_pos + HOOKED_pt * vec2(x, y) * 2.0);
    return sum / 25.0;
}

//!HOOK MAIN
//!BIND HOOKED
//!BIND GLOW
//!DESC glow: screen

vec4 hook() {
    vec4 base = HOOKED_tex(HOOKED_pos);
    vec4 glow = GLOW_tex(GLOW_pos) * 0.6;
    return vec4(1.0 - (1.0 - base.rgb) * (1.0 - glow.rgb), base.a);
}
