// fade (FFmpeg fade's timing, Harbeth C7Fade's mix): reads the frame time or number.
//   fade in:  k_in = 1 - clamp((t - in_start) / in_duration, 0, 1), 0 when in_duration is 0
//   fade out: k_out = clamp((t - out_start) / out_duration, 0, 1), 0 when out_duration is 0
//   rgb' = mix(rgb, color, max(k_in, k_out)); alpha unchanged
// p0..2 = colour, p3 = in_start, p4 = in_duration, p5 = out_start,
// p6 = out_duration, in seconds, or in frame numbers with unit = frames (1):
// then the clock is the frame's number (FFmpeg fade's start_frame and
// nb_frames).
vec4 hb_fade(vec4 color, uint base) {
    vec3 tone = vec3(hbp_color(0), hbp_color(1), hbp_color(2));
    float clock = hbp_unit > 0.5 ? float(hb_frame_index) : hb_time;
    float inStart = hbp_in_start;
    float inDuration = hbp_in_duration;
    float outStart = hbp_out_start;
    float outDuration = hbp_out_duration;
    float amount = 0.0;
    if (inDuration > 0.0) {
        amount = 1.0 - clamp((clock - inStart) / inDuration, 0.0, 1.0);
    }
    if (outDuration > 0.0) {
        amount = max(amount, clamp((clock - outStart) / outDuration, 0.0, 1.0));
    }
    return vec4(mix(color.rgb, tone, amount), color.a);
}
