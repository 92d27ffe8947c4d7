// Input of the first pass: the frame's planes as uploaded, in one buffer of
// 32-bit words. HB_IN_LAYOUT selects the layout (see PixelLayout):
//   0 rgba8, 1 yuv420p, 2 yuv422p, 3 yuv444p, 4 nv12, 5 yuv420p10
// YUV is converted to RGB with hb_yuv_to_rgb, chroma taken from the sample
// that covers the pixel (as swscale's default conversion does).
layout(std430, set = 0, binding = 1) restrict readonly buffer HBSource { uint hb_src[]; };

uint hb_src_byte(int plane, ivec2 p) {
    uint index = uint(hb_in_planes[plane].x + p.y * hb_in_planes[plane].y + p.x);
    return (hb_src[index >> 2] >> ((index & 3u) << 3)) & 0xFFu;
}

uint hb_src_short(int plane, ivec2 p) {
    uint index = uint(hb_in_planes[plane].x + p.y * hb_in_planes[plane].y + p.x * 2);
    return (hb_src[index >> 2] >> ((index & 2u) << 3)) & 0xFFFFu;
}

vec4 hb_load(ivec2 p) {
    p = clamp(p, ivec2(0), hb_in_size - 1);
#if HB_IN_LAYOUT == 0
    uint index = uint(hb_in_planes[0].x + p.y * hb_in_planes[0].y) / 4u + uint(p.x);
    return unpackUnorm4x8(hb_src[index]);
#else
#if HB_IN_LAYOUT == 1 || HB_IN_LAYOUT == 4 || HB_IN_LAYOUT == 5
    ivec2 c = p >> 1;
#elif HB_IN_LAYOUT == 2
    ivec2 c = ivec2(p.x >> 1, p.y);
#else
    ivec2 c = p;
#endif
#if HB_IN_LAYOUT == 5
    vec3 yuv = vec3(float(hb_src_short(0, p)), float(hb_src_short(1, c)), float(hb_src_short(2, c)));
#elif HB_IN_LAYOUT == 4
    vec3 yuv = vec3(float(hb_src_byte(0, p)), float(hb_src_byte(1, ivec2(c.x * 2, c.y))),
                    float(hb_src_byte(1, ivec2(c.x * 2 + 1, c.y))));
#else
    vec3 yuv = vec3(float(hb_src_byte(0, p)), float(hb_src_byte(1, c)), float(hb_src_byte(2, c)));
#endif
    return vec4((hb_yuv_to_rgb * vec4(yuv, 1.0)).rgb, 1.0);
#endif
}

// Bilinear sampling of a buffer input is not offered: kernels that sample
// run after a conversion pass, on an image.
