// overlay: a watermark image (usually a PNG with alpha) placed unscaled
// with its top-left corner at (x, y) pixels and composited source-over:
//   as = image alpha * opacity, ao = as + ab (1 - as),
//   Co = (as Cs + (1 - as) ab Cb) / ao
// Pixels the image does not cover are unchanged. (Harbeth composites
// watermarks with C7BlendSourceOver over a whole-frame image.)
// The image is the pass's auxiliary input `image` (hb_aux_size,
// hb_aux_texel). p0, p1 = x, y; p2 = opacity.
vec4 hb_overlay(vec4 color, uint base, int image) {
    ivec2 source = hb_pos - ivec2(int(hbp_x), int(hbp_y));
    if (any(lessThan(source, ivec2(0))) || any(greaterThanEqual(source, hb_aux_size(image)))) {
        return color;
    }
    vec4 over = hb_aux_texel(image, source);
    float alphaS = over.a * hbp_opacity;
    float alphaO = alphaS + color.a * (1.0 - alphaS);
    vec3 rgb = alphaO > 0.0 ? (alphaS * over.rgb + (1.0 - alphaS) * color.a * color.rgb) / alphaO : vec3(0.0);
    return vec4(rgb, alphaO);
}
