// resize, bicubic and Lanczos as two separable passes: along the rows to
// the output width, then along the columns to the output height, so an
// output pixel costs 4 + 4 (bicubic) or 6 + 6 (Lanczos) texel fetches
// scaled by the rows' ratio, where one 2D pass costs 16 or 36. The weights
// are the same as kernels/resize.glsl's (Catmull-Rom a = -0.5; Lanczos
// a = 3, normalised), and so is the mapping: src = (dst + 0.5) * in / out
// - 0.5, clamp to edge. The first pass keeps the input's height, the
// second its own input's width. The taps are common/resize_taps.glsl's.

// The source coordinate along one axis, as the first texel and fraction.
void hb_resize_source(int dst, int inSize, int outSize, out int texel, out float fraction) {
    float centre = (float(dst) + 0.5) * float(inSize) / float(outSize) - 0.5;
    texel = int(floor(centre));
    fraction = centre - float(texel);
}

vec4 hb_resize_cubic_h(ivec2 pos, uint base) {
    int texel;
    float f;
    hb_resize_source(pos.x, hb_in_size.x, hb_out_size.x, texel, f);
    vec4 w = hb_cubic_weights(f);
    return hb_load(ivec2(texel - 1, pos.y)) * w.x + hb_load(ivec2(texel, pos.y)) * w.y
         + hb_load(ivec2(texel + 1, pos.y)) * w.z + hb_load(ivec2(texel + 2, pos.y)) * w.w;
}

vec4 hb_resize_cubic_v(ivec2 pos, uint base) {
    int texel;
    float f;
    hb_resize_source(pos.y, hb_in_size.y, hb_out_size.y, texel, f);
    vec4 w = hb_cubic_weights(f);
    return hb_load(ivec2(pos.x, texel - 1)) * w.x + hb_load(ivec2(pos.x, texel)) * w.y
         + hb_load(ivec2(pos.x, texel + 1)) * w.z + hb_load(ivec2(pos.x, texel + 2)) * w.w;
}

vec4 hb_resize_lanczos_h(ivec2 pos, uint base) {
    int texel;
    float f;
    hb_resize_source(pos.x, hb_in_size.x, hb_out_size.x, texel, f);
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (int i = 0; i < 6; i++) {
        float w = hb_lanczos3(float(i - 2) - f);
        sum += hb_load(ivec2(texel + i - 2, pos.y)) * w;
        total += w;
    }
    return sum / total;
}

vec4 hb_resize_lanczos_v(ivec2 pos, uint base) {
    int texel;
    float f;
    hb_resize_source(pos.y, hb_in_size.y, hb_out_size.y, texel, f);
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (int i = 0; i < 6; i++) {
        float w = hb_lanczos3(float(i - 2) - f);
        sum += hb_load(ivec2(pos.x, texel + i - 2)) * w;
        total += w;
    }
    return sum / total;
}
