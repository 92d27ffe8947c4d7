// channel_control (Harbeth C7ChannelControl): scales each channel,
// blended with the original.
//   adjusted = (r (1 + red), g (1 + green), b (1 + blue), a * alpha)
//   out = mix(in, adjusted, blend)
// p0..2 = red, green, blue (-1...1); p3 = alpha factor; p4 = blend.
vec4 hb_channel_control(vec4 color, uint base) {
    vec4 scale = vec4(1.0 + hbp_red, 1.0 + hbp_green, 1.0 + hbp_blue, hbp_alpha);
    return mix(color, color * scale, hbp_blend);
}
