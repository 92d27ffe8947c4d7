// Output of an intermediate pass: one pixel per invocation into a
// floating-point image. Nothing is clamped or quantised here.
layout(set = 0, binding = 2, HB_OUT_IMAGE_FORMAT) uniform writeonly image2D hb_output;

const ivec2 HB_BLOCK = ivec2(1, 1);

vec4 hb_pixel(ivec2 p, ivec2 local);

void hb_store_block(ivec2 p) {
    imageStore(hb_output, p, hb_pixel(p, ivec2(0)));
}
