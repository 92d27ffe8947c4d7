// mask_blend (Harbeth C7BlendWithMask): a mask image's luminance chooses,
// per pixel, between the frame and a second image or a colour:
//   m = luma(mask.rgb) * mask.a   (1 - m with invert)
//   out = mix(frame, second, m)   (all four channels)
// Both images are stretched to the frame and sampled bilinearly (clamped
// to their edges). p0 = 1 when the second is a colour, p1...p4 = that
// colour RGBA, p5 = 1 to invert the mask. Both images are the pass's
// auxiliary inputs (hb_aux_size, hb_aux_bilinear).
vec4 hb_mask_blend_sample(int image) {
    vec2 size = vec2(hb_aux_size(image));
    return hb_aux_bilinear(image, (vec2(hb_pos) + 0.5) * (size / vec2(hb_out_size)));
}

vec4 hb_mask_blend(vec4 color, uint base, int mask, int image) {
    vec4 m4 = hb_mask_blend_sample(mask);
    float m = hb_luma(m4.rgb) * m4.a;
    if (hbp_invert > 0.5) {
        m = 1.0 - m;
    }
    vec4 second = hbp_uses_color > 0.5
        ? vec4(hbp_color(0), hbp_color(1), hbp_color(2), hbp_color(3))
        : hb_mask_blend_sample(image);
    return mix(color, second, m);
}
