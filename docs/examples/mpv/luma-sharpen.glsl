// A one-pass unsharp mask on luma, in mpv's user-shader format, with a
// parameter. mpv: --glsl-shaders=luma-sharpen.glsl
// harbeth-render: --shader luma-sharpen.glsl:strength=0.8

//!PARAM strength
//!DESC How much of the detail to add back
//!TYPE float
//!MINIMUM 0.0
//!MAXIMUM 4.0
0.6

//!HOOK LUMA
//!BIND HOOKED
//!DESC luma sharpen

vec4 hook() {
    float centre = HOOKED_texOff(vec2(0.0, 0.0)).x;
    float around = HOOKED_texOff(vec2(-1.0, 0.0)).x + HOOKED_texOff(vec2(1.0, 0.0)).x
                 + HOOKED_texOff(vec2(0.0, -1.0)).x + HOOKED_texOff(vec2(0.0, 1.0)).x;
    float detail = centre - 0.25 * around;
    return vec4(centre + strength * detail, 0.0, 0.0, 1.0);
}
