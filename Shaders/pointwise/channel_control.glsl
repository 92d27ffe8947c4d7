// channel_control (Harbeth C7ChannelControl): scales each channel,
// blended with the original.
//   adjusted = (r (1 + red), g (1 + green), b (1 + blue), a * alpha)
//   out = mix(in, adjusted, blend)
// p0..2 = red, green, blue (-1...1); p3 = alpha factor; p4 = blend.
vec4 hb_channel_control(vec4 color, uint base) {
    vec4 scale = vec4(1.0 + hb_p[base], 1.0 + hb_p[base + 1u], 1.0 + hb_p[base + 2u], hb_p[base + 3u]);
    return mix(color, color * scale, hb_p[base + 4u]);
}
