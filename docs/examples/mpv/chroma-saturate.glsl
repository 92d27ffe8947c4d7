// More saturated colour by scaling Cb and Cr away from neutral, on the
// chroma plane alone (mpv's CHROMA hook: x is Cb, y is Cr, coded as the
// plane is, neutral at 128/255).

//!HOOK CHROMA
//!BIND HOOKED
//!DESC chroma saturation

vec4 hook() {
    vec4 c = HOOKED_texOff(0);
    const float neutral = 128.0 / 255.0;
    c.xy = neutral + (c.xy - neutral) * 1.4;
    return c;
}
