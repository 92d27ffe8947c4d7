// channel_mixer (FFmpeg colorchannelmixer, with a constant in place of the
// alpha weight): each output channel is a weighted sum of the inputs.
//   r' = rr r + rg g + rb b + rc, likewise g' and b'; alpha unchanged
// p0..3 = r weights and constant, p4..7 = g, p8..11 = b.
vec4 hb_channel_mixer(vec4 color, uint base) {
    vec3 result;
    for (uint channel = 0u; channel < 3u; channel++) {
        uint at = hbo_r + channel * 4u;  // r, g and b follow one another
        result[channel] = dot(vec3(hb_p[at], hb_p[at + 1u], hb_p[at + 2u]), color.rgb) + hb_p[at + 3u];
    }
    return vec4(result, color.a);
}
