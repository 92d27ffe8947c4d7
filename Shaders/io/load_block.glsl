// After io/load_buffer.glsl, with HB_BLOCK_INPUT:
// when a pass reads and writes the same layout with no kernel in between,
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
