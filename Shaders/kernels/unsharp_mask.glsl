// unsharp_mask (GPUImage UnsharpMask): adds back the difference between
// the image and its Gaussian blur,
//   d = in - blur, d' = sign(d) * max(|d| - threshold, 0), out = in + amount * d'
// per RGB channel, alpha unchanged. The threshold shrinks differences
// softly instead of cutting them off, so detail near the threshold does
// not flicker from frame to frame. The blur is gaussian_blur's (radius
// ceil(3 sigma), normalised weights); its horizontal pass is
// hb_gaussian_blur_h, this is the vertical pass, which also reads the
// filter's input. Clamp-to-edge borders.
// p0 = radius r, p1...p(r+1) = weights, then amount, threshold.
vec4 hb_unsharp_mask_v(ivec2 pos, uint base, sampler2D original) {
    int radius = int(hbp_radius);
    vec4 blur = hb_load(pos) * hbp_weights(0);
    for (int y = 1; y <= radius; y++) {
        float weight = hbp_weights(y);
        blur += (hb_load(pos + ivec2(0, y)) + hb_load(pos - ivec2(0, y))) * weight;
    }
    float amount = hbp_amount;
    float threshold = hbp_threshold;
    vec4 source = texelFetch(original, pos, 0);
    vec3 difference = source.rgb - blur.rgb;
    vec3 kept = sign(difference) * max(abs(difference) - threshold, 0.0);
    return vec4(source.rgb + amount * kept, source.a);
}
