// Output of an intermediate pass: one pixel per invocation into a
// floating-point image. Nothing is clamped or quantised here, except in
// the last pass of a node input the plan renders itself (HB_CLAMP_OUTPUT),
// which clamps to 0...1 as the 16-bit RGBA frame such an input renders
// into elsewhere does.
layout(set = 0, binding = 2, HB_OUT_IMAGE_FORMAT) uniform writeonly image2D hb_output;

const ivec2 HB_BLOCK = ivec2(1, 1);

vec4 hb_pixel(ivec2 p, ivec2 local);

void hb_store_block(ivec2 p) {
    vec4 c = hb_pixel(p, ivec2(0));
#ifdef HB_CLAMP_OUTPUT
    c = clamp(c, 0.0, 1.0);
#endif
    imageStore(hb_output, p, c);
}
