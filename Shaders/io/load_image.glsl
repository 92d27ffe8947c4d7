// Input of a pass that follows another pass: a floating-point image, read
// exactly with texelFetch (clamped to the edge) or bilinearly with a sampler.
layout(set = 0, binding = 1) uniform sampler2D hb_input;

vec4 hb_load(ivec2 p) {
    return texelFetch(hb_input, clamp(p, ivec2(0), hb_in_size - 1), 0);
}

// Bilinear sample at a position in input pixels (pixel centres at +0.5),
// clamp to edge.
vec4 hb_sample(vec2 pixel) {
    return textureLod(hb_input, pixel / vec2(hb_in_size), 0.0);
}
