// fade (FFmpeg fade's timing, Harbeth C7Fade's mix): reads the frame time.
//   fade in:  k_in = 1 - clamp((t - in_start) / in_duration, 0, 1), 0 when in_duration is 0
//   fade out: k_out = clamp((t - out_start) / out_duration, 0, 1), 0 when out_duration is 0
//   rgb' = mix(rgb, color, max(k_in, k_out)); alpha unchanged
// p0..2 = colour, p3 = in_start, p4 = in_duration, p5 = out_start,
// p6 = out_duration, all in seconds.
vec4 hb_fade(vec4 color, uint base) {
    vec3 tone = vec3(hbp_color(0), hbp_color(1), hbp_color(2));
    float inStart = hbp_in_start;
    float inDuration = hbp_in_duration;
    float outStart = hbp_out_start;
    float outDuration = hbp_out_duration;
    float amount = 0.0;
    if (inDuration > 0.0) {
        amount = 1.0 - clamp((hb_time - inStart) / inDuration, 0.0, 1.0);
    }
    if (outDuration > 0.0) {
        amount = max(amount, clamp((hb_time - outStart) / outDuration, 0.0, 1.0));
    }
    return vec4(mix(color.rgb, tone, amount), color.a);
}
