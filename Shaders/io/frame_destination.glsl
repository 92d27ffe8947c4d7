// The output frame's buffer as 32-bit words at binding 2: hb_dst_put(i, v)
// writes word i. With HB_TEXEL_FRAMES through a storage texel buffer view
// (R32_UINT, see io/frame_source.glsl), else a storage buffer.
#ifdef HB_TEXEL_FRAMES
layout(set = 0, binding = 2, r32ui) uniform restrict writeonly highp uimageBuffer hb_dst_texels;
void hb_dst_put(int index, uint value) { imageStore(hb_dst_texels, index, uvec4(value)); }
#else
layout(std430, set = 0, binding = 2) restrict writeonly buffer HBDestination { uint hb_dst[]; };
void hb_dst_put(int index, uint value) { hb_dst[index] = value; }
#endif
