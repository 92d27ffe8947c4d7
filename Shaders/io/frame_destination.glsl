// The output frame's buffer as 32-bit words at binding 2: hb_dst_put(i, v)
// writes word i. With HB_TEXEL_FRAMES through a storage texel buffer view
// (R32_UINT, see io/frame_source.glsl), else a storage buffer. With
// HB_DST_READ a pass may also read back what it wrote: hb_dst_at(i).
#ifdef HB_TEXEL_FRAMES
#ifdef HB_DST_READ
layout(set = 0, binding = 2, r32ui) uniform restrict highp uimageBuffer hb_dst_texels;
uint hb_dst_at(int index) { return imageLoad(hb_dst_texels, index).x; }
#else
layout(set = 0, binding = 2, r32ui) uniform restrict writeonly highp uimageBuffer hb_dst_texels;
#endif
void hb_dst_put(int index, uint value) { imageStore(hb_dst_texels, index, uvec4(value)); }
#else
#ifdef HB_DST_READ
layout(std430, set = 0, binding = 2) restrict buffer HBDestination { uint hb_dst[]; };
uint hb_dst_at(int index) { return hb_dst[index]; }
#else
layout(std430, set = 0, binding = 2) restrict writeonly buffer HBDestination { uint hb_dst[]; };
#endif
void hb_dst_put(int index, uint value) { hb_dst[index] = value; }
#endif
