// Input of the first pass: the frame's planes as uploaded, in one buffer of
// 32-bit words. HB_IN_LAYOUT selects the layout (see PixelLayout):
//   0 rgba8, 1 yuv420p, 2 yuv422p, 3 yuv444p, 4 nv12, 5 yuv420p10,
//   6 yuv422p10, 7 yuv444p10, 8 yuva444p10, 9 gray8, 10 gray16, 11 rgba16,
//   12 yuv444p12, 13 yuva444p12 (HB_IN_MAX is the largest code value)
// YUV is converted to RGB with hb_yuv_to_rgb, chroma taken from the sample
// that covers the pixel (as swscale's default conversion does); grey is
// luma with neutral chroma. Alpha comes from the alpha plane or the RGBA
// samples, and is 1 otherwise.
#if HB_IN_LAYOUT == 1 || HB_IN_LAYOUT == 4 || HB_IN_LAYOUT == 5
#define HB_IN_SHIFT ivec2(1, 1)
#elif HB_IN_LAYOUT == 2 || HB_IN_LAYOUT == 6
#define HB_IN_SHIFT ivec2(1, 0)
#else
#define HB_IN_SHIFT ivec2(0, 0)
#endif
uint hb_src_byte(int plane, ivec2 p) {
    uint index = uint(hb_in_planes[plane].x + p.y * hb_in_planes[plane].y + p.x);
    return (hb_src_at(int(index >> 2)) >> ((index & 3u) << 3)) & 0xFFu;
}

uint hb_src_short(int plane, ivec2 p) {
    uint index = uint(hb_in_planes[plane].x + p.y * hb_in_planes[plane].y + p.x * 2);
    return (hb_src_at(int(index >> 2)) >> ((index & 2u) << 3)) & 0xFFFFu;
}

vec4 hb_load(ivec2 p) {
    p = clamp(p, ivec2(0), hb_in_size - 1);
#if HB_IN_LAYOUT == 0
    uint index = uint(hb_in_planes[0].x + p.y * hb_in_planes[0].y) / 4u + uint(p.x);
    return unpackUnorm4x8(hb_src_at(int(index)));
#elif HB_IN_LAYOUT == 11
    uint index = uint(hb_in_planes[0].x + p.y * hb_in_planes[0].y) / 4u + uint(p.x) * 2u;
    uint rg = hb_src_at(int(index));
    uint ba = hb_src_at(int(index) + 1);
    return vec4(float(rg & 0xFFFFu), float(rg >> 16), float(ba & 0xFFFFu), float(ba >> 16)) / 65535.0;
#elif HB_IN_LAYOUT == 9 || HB_IN_LAYOUT == 10
    float y = HB_IN_LAYOUT == 9 ? float(hb_src_byte(0, p)) : float(hb_src_short(0, p));
    float neutral = HB_IN_LAYOUT == 9 ? 128.0 : 32768.0;
    return vec4((hb_yuv_to_rgb * vec4(y, neutral, neutral, 1.0)).rgb, 1.0);
#else
    ivec2 c = p >> HB_IN_SHIFT;
#if HB_IN_LAYOUT >= 5
    vec3 yuv = vec3(float(hb_src_short(0, p)), float(hb_src_short(1, c)), float(hb_src_short(2, c)));
#elif HB_IN_LAYOUT == 4
    vec3 yuv = vec3(float(hb_src_byte(0, p)), float(hb_src_byte(1, ivec2(c.x * 2, c.y))),
                    float(hb_src_byte(1, ivec2(c.x * 2 + 1, c.y))));
#else
    vec3 yuv = vec3(float(hb_src_byte(0, p)), float(hb_src_byte(1, c)), float(hb_src_byte(2, c)));
#endif
#if HB_IN_LAYOUT == 8 || HB_IN_LAYOUT == 13
    float alpha = float(hb_src_short(3, p)) / HB_IN_MAX;
#else
    float alpha = 1.0;
#endif
    return vec4((hb_yuv_to_rgb * vec4(yuv, 1.0)).rgb, alpha);
#endif
}

// Bilinear sampling of a buffer input is not offered: kernels that sample
// run after a conversion pass, on an image. A pass that loads its whole
// output block at once adds io/load_block.glsl. A pass that loads node
// inputs itself (NodeLoader) includes this file again for each, its names
// changed (ShaderGenerator.nodeLoader).
