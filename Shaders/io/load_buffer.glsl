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
// run after a conversion pass, on an image.

#ifdef HB_BLOCK_INPUT
// When a pass reads and writes the same layout with no kernel in between,
// each invocation loads its whole output block at once: whole 32-bit words
// per row, each chroma sample converted once for the pixels that share it.
// Blocks never cross a plane's padded rows, so the words are in bounds.
vec4 hb_block_in[HB_BLOCK_H][HB_BLOCK_W];

vec4 hb_block_texel(ivec2 local) {
    return hb_block_in[local.y][local.x];
}

uint hb_src_word(int plane, int row, int byteInRow) {
    return hb_src_at((hb_in_planes[plane].x + row * hb_in_planes[plane].y + byteInRow) >> 2);
}

vec4 hb_bytes(uint word) {
    return vec4((uvec4(word) >> uvec4(0u, 8u, 16u, 24u)) & 0xFFu);
}

#if HB_IN_LAYOUT >= 6
// The deeper and grey layouts load each pixel of the block on its own.
void hb_load_block(ivec2 base) {
    for (int j = 0; j < HB_BLOCK_H; j++) {
        for (int i = 0; i < HB_BLOCK_W; i++) {
            hb_block_in[j][i] = hb_load(base + ivec2(i, j));
        }
    }
}
#elif HB_IN_LAYOUT == 0
void hb_load_block(ivec2 base) {
    for (int i = 0; i < HB_BLOCK_W; i++) {
        hb_block_in[0][i] = unpackUnorm4x8(hb_src_word(0, base.y, (base.x + i) * 4));
    }
}
#else
void hb_load_block(ivec2 base) {
    vec3 lumaColumn = hb_yuv_to_rgb[0].xyz;
    vec3 cbColumn = hb_yuv_to_rgb[1].xyz;
    vec3 crColumn = hb_yuv_to_rgb[2].xyz;
    vec3 offset = hb_yuv_to_rgb[3].xyz;
#if HB_IN_LAYOUT == 1 || HB_IN_LAYOUT == 2
    // 8 pixels a row; 4 chroma samples, each shared by 2 (4:2:2) or 2x2 (4:2:0).
    int chromaRow = HB_IN_LAYOUT == 1 ? base.y / 2 : base.y;
    vec4 u = hb_bytes(hb_src_word(1, chromaRow, base.x / 2));
    vec4 v = hb_bytes(hb_src_word(2, chromaRow, base.x / 2));
    vec3 chroma[4];
    for (int k = 0; k < 4; k++) {
        chroma[k] = cbColumn * u[k] + crColumn * v[k] + offset;
    }
    for (int j = 0; j < HB_BLOCK_H; j++) {
        vec4 low = hb_bytes(hb_src_word(0, base.y + j, base.x));
        vec4 high = hb_bytes(hb_src_word(0, base.y + j, base.x + 4));
        for (int i = 0; i < 4; i++) {
            hb_block_in[j][i] = vec4(lumaColumn * low[i] + chroma[i / 2], 1.0);
            hb_block_in[j][i + 4] = vec4(lumaColumn * high[i] + chroma[2 + i / 2], 1.0);
        }
    }
#elif HB_IN_LAYOUT == 3
    vec4 y = hb_bytes(hb_src_word(0, base.y, base.x));
    vec4 u = hb_bytes(hb_src_word(1, base.y, base.x));
    vec4 v = hb_bytes(hb_src_word(2, base.y, base.x));
    for (int i = 0; i < 4; i++) {
        hb_block_in[0][i] = vec4(lumaColumn * y[i] + cbColumn * u[i] + crColumn * v[i] + offset, 1.0);
    }
#elif HB_IN_LAYOUT == 4
    vec4 uv = hb_bytes(hb_src_word(1, base.y / 2, base.x));
    vec3 chroma[2];
    chroma[0] = cbColumn * uv.x + crColumn * uv.y + offset;
    chroma[1] = cbColumn * uv.z + crColumn * uv.w + offset;
    for (int j = 0; j < 2; j++) {
        vec4 y = hb_bytes(hb_src_word(0, base.y + j, base.x));
        for (int i = 0; i < 4; i++) {
            hb_block_in[j][i] = vec4(lumaColumn * y[i] + chroma[i / 2], 1.0);
        }
    }
#else
    // 10-bit: two 16-bit samples per word.
    uint uWord = hb_src_word(1, base.y / 2, base.x);
    uint vWord = hb_src_word(2, base.y / 2, base.x);
    vec3 chroma[2];
    chroma[0] = cbColumn * float(uWord & 0xFFFFu) + crColumn * float(vWord & 0xFFFFu) + offset;
    chroma[1] = cbColumn * float(uWord >> 16) + crColumn * float(vWord >> 16) + offset;
    for (int j = 0; j < 2; j++) {
        for (int w = 0; w < 2; w++) {
            uint word = hb_src_word(0, base.y + j, base.x * 2 + w * 4);
            hb_block_in[j][w * 2] = vec4(lumaColumn * float(word & 0xFFFFu) + chroma[w], 1.0);
            hb_block_in[j][w * 2 + 1] = vec4(lumaColumn * float(word >> 16) + chroma[w], 1.0);
        }
    }
#endif
}
#endif
#endif
