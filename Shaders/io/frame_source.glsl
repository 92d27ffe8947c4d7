// The input frame's buffer as 32-bit words at binding 1: hb_src_at(i) is
// word i, hb_src_words() how many there are. With HB_TEXEL_FRAMES through
// a texel buffer view (R32_UINT; GPUWordView says why lavapipe reads
// these several times faster), else a storage buffer. Indexes must lie in
// the buffer; kernels clamp where they could stray.
#ifdef HB_TEXEL_FRAMES
layout(set = 0, binding = 1) uniform highp usamplerBuffer hb_src_texels;
uint hb_src_at(int index) { return texelFetch(hb_src_texels, index).x; }
int hb_src_words() { return textureSize(hb_src_texels); }
#else
layout(std430, set = 0, binding = 1) restrict readonly buffer HBSource { uint hb_src[]; };
uint hb_src_at(int index) { return hb_src[index]; }
int hb_src_words() { return int(hb_src.length()); }
#endif
