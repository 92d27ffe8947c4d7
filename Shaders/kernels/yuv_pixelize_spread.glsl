// yuv_pixelize, second pass: each pixel takes its block's value from the
// first pass's image (kernels/yuv_pixelize_blocks.glsl). Parameters as there.
vec4 hb_yuv_pixelize_spread(ivec2 pos, uint base) {
    return hb_load(pos / ivec2(int(hbp_width), int(hbp_height)));
}
