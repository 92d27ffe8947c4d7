// Output of the last pass: the frame's planes in one buffer of 32-bit
// words, in the layout HB_OUT_LAYOUT (numbered as in load_buffer.glsl).
// Each invocation writes a block of pixels that fills whole words, so no
// two invocations share a word; plane rows are padded to whole blocks.
// The output is clamped here, once. Chroma is the average of the block's
// clamped RGB over each chroma sample's footprint (centre-sited), converted
// with hb_rgb_to_yuv and rounded to the nearest code value.
// HB_BLOCK_W x HB_BLOCK_H (set by the generator, see PlaneLayout.outputBlock):
// 8x1 rgba8, 8x2 yuv420p, 8x1 yuv422p, 4x1 yuv444p, 4x2 nv12 and yuv420p10,
// 4x1 yuv422p10 and gray8, 2x1 yuv444p10, yuva444p10, yuv444p12, yuva444p12
// and gray16, 1x1 rgba16.
const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

vec4 hb_pixel(ivec2 p, ivec2 local);

// Pixels past the frame's edge only fill padding; with a block input they
// come from the input's padding, otherwise from the clamped edge.
vec3 hb_out_rgb(ivec2 p, ivec2 local) {
#ifdef HB_BLOCK_INPUT
    return clamp(hb_pixel(p, local).rgb, 0.0, 1.0);
#else
    return clamp(hb_pixel(min(p, hb_out_size - 1), local).rgb, 0.0, 1.0);
#endif
}

vec3 hb_to_yuv(vec3 rgb) {
    return (hb_rgb_to_yuv * vec4(rgb, 1.0)).xyz;
}

uint hb_code(float value, float maximum) {
    return uint(clamp(value + 0.5, 0.0, maximum));
}

void hb_dst_write(int plane, int row, int byteInRow, uint value) {
    hb_dst_put((hb_out_planes[plane].x + row * hb_out_planes[plane].y + byteInRow) >> 2, value);
}

#if HB_OUT_LAYOUT == 0
void hb_store_block(ivec2 base) {
#ifdef HB_BLOCK_INPUT
    hb_load_block(base);
#endif
    for (int i = 0; i < HB_BLOCK_W; i++) {
#ifdef HB_BLOCK_INPUT
        vec4 c = clamp(hb_pixel(base + ivec2(i, 0), ivec2(i, 0)), 0.0, 1.0);
#else
        vec4 c = clamp(hb_pixel(min(base + ivec2(i, 0), hb_out_size - 1), ivec2(i, 0)), 0.0, 1.0);
#endif
        hb_dst_write(0, base.y, (base.x + i) * 4, packUnorm4x8(c));
    }
}
#elif HB_OUT_LAYOUT >= 6
// The deeper, grey and 16-bit RGBA layouts: every sample takes 16 bits but
// gray8's, so a block's words hold two samples (four for gray8).
vec4 hb_out_rgba(ivec2 p, ivec2 local) {
#ifdef HB_BLOCK_INPUT
    return clamp(hb_pixel(p, local), 0.0, 1.0);
#else
    return clamp(hb_pixel(min(p, hb_out_size - 1), local), 0.0, 1.0);
#endif
}

void hb_store_block(ivec2 base) {
#ifdef HB_BLOCK_INPUT
    hb_load_block(base);
#endif
    vec4 rgba[HB_BLOCK_W];
    for (int i = 0; i < HB_BLOCK_W; i++) {
        rgba[i] = hb_out_rgba(base + ivec2(i, 0), ivec2(i, 0));
    }
#if HB_OUT_LAYOUT == 11
    uvec4 c = uvec4(rgba[0] * 65535.0 + 0.5);
    hb_dst_write(0, base.y, base.x * 8, c.r | (c.g << 16));
    hb_dst_write(0, base.y, base.x * 8 + 4, c.b | (c.a << 16));
#elif HB_OUT_LAYOUT == 9
    uint word = 0u;
    for (int b = 0; b < 4; b++) {
        word |= hb_code(hb_to_yuv(rgba[b].rgb).x, 255.0) << (8 * b);
    }
    hb_dst_write(0, base.y, base.x, word);
#elif HB_OUT_LAYOUT == 10
    hb_dst_write(0, base.y, base.x * 2,
                 hb_code(hb_to_yuv(rgba[0].rgb).x, 65535.0) | (hb_code(hb_to_yuv(rgba[1].rgb).x, 65535.0) << 16));
#else
    vec3 yuv[HB_BLOCK_W];
    for (int i = 0; i < HB_BLOCK_W; i++) { yuv[i] = hb_to_yuv(rgba[i].rgb); }
    for (int w = 0; w < HB_BLOCK_W / 2; w++) {
        hb_dst_write(0, base.y, base.x * 2 + w * 4,
                     hb_code(yuv[w * 2].x, HB_OUT_MAX) | (hb_code(yuv[w * 2 + 1].x, HB_OUT_MAX) << 16));
    }
#if HB_OUT_LAYOUT == 6
    // 4:2:2: each chroma sample averages the RGB of its two pixels.
    vec2 first = hb_to_yuv(0.5 * (rgba[0].rgb + rgba[1].rgb)).yz;
    vec2 second = hb_to_yuv(0.5 * (rgba[2].rgb + rgba[3].rgb)).yz;
    int chromaX = base.x / 2;
#else
    vec2 first = yuv[0].yz;
    vec2 second = yuv[1].yz;
    int chromaX = base.x;
#endif
    hb_dst_write(1, base.y, chromaX * 2, hb_code(first.x, HB_OUT_MAX) | (hb_code(second.x, HB_OUT_MAX) << 16));
    hb_dst_write(2, base.y, chromaX * 2, hb_code(first.y, HB_OUT_MAX) | (hb_code(second.y, HB_OUT_MAX) << 16));
#if HB_OUT_LAYOUT == 8 || HB_OUT_LAYOUT == 13
    hb_dst_write(3, base.y, base.x * 2,
                 hb_code(rgba[0].a * HB_OUT_MAX, HB_OUT_MAX) | (hb_code(rgba[1].a * HB_OUT_MAX, HB_OUT_MAX) << 16));
#endif
#endif
}
#else
const float HB_MAX_CODE = HB_OUT_LAYOUT == 5 ? 1023.0 : 255.0;

void hb_store_block(ivec2 base) {
#ifdef HB_BLOCK_INPUT
    hb_load_block(base);
#endif
    vec3 rgb[HB_BLOCK.y][HB_BLOCK.x];
    for (int j = 0; j < HB_BLOCK.y; j++) {
        for (int i = 0; i < HB_BLOCK.x; i++) {
            rgb[j][i] = hb_out_rgb(base + ivec2(i, j), ivec2(i, j));
        }
    }
    // Luma: whole words per row.
    for (int j = 0; j < HB_BLOCK.y; j++) {
#if HB_OUT_LAYOUT == 5
        for (int w = 0; w < HB_BLOCK.x / 2; w++) {
            uint lo = hb_code(hb_to_yuv(rgb[j][w * 2]).x, HB_MAX_CODE);
            uint hi = hb_code(hb_to_yuv(rgb[j][w * 2 + 1]).x, HB_MAX_CODE);
            hb_dst_write(0, base.y + j, base.x * 2 + w * 4, lo | (hi << 16));
        }
#else
        for (int w = 0; w < HB_BLOCK.x / 4; w++) {
            uint word = 0u;
            for (int b = 0; b < 4; b++) {
                word |= hb_code(hb_to_yuv(rgb[j][w * 4 + b]).x, HB_MAX_CODE) << (8 * b);
            }
            hb_dst_write(0, base.y + j, base.x + w * 4, word);
        }
#endif
    }
    // Chroma: average the RGB each chroma sample covers.
#if HB_OUT_LAYOUT == 1 || HB_OUT_LAYOUT == 4 || HB_OUT_LAYOUT == 5
    const int CX = HB_BLOCK.x / 2;
    vec2 chroma[CX];
    for (int k = 0; k < CX; k++) {
        vec3 average = 0.25 * (rgb[0][2 * k] + rgb[0][2 * k + 1] + rgb[1][2 * k] + rgb[1][2 * k + 1]);
        chroma[k] = hb_to_yuv(average).yz;
    }
    int chromaRow = base.y / 2;
#elif HB_OUT_LAYOUT == 2
    const int CX = HB_BLOCK.x / 2;
    vec2 chroma[CX];
    for (int k = 0; k < CX; k++) {
        chroma[k] = hb_to_yuv(0.5 * (rgb[0][2 * k] + rgb[0][2 * k + 1])).yz;
    }
    int chromaRow = base.y;
#else
    const int CX = HB_BLOCK.x;
    vec2 chroma[CX];
    for (int k = 0; k < CX; k++) {
        chroma[k] = hb_to_yuv(rgb[0][k]).yz;
    }
    int chromaRow = base.y;
#endif
    int chromaX = base.x / (HB_BLOCK.x / CX);
#if HB_OUT_LAYOUT == 4
    // NV12: U and V interleaved, two chroma samples per word.
    uint uv = 0u;
    for (int k = 0; k < 2; k++) {
        uv |= hb_code(chroma[k].x, HB_MAX_CODE) << (16 * k);
        uv |= hb_code(chroma[k].y, HB_MAX_CODE) << (16 * k + 8);
    }
    hb_dst_write(1, chromaRow, chromaX * 2, uv);
#elif HB_OUT_LAYOUT == 5
    hb_dst_write(1, chromaRow, chromaX * 2,
                 hb_code(chroma[0].x, HB_MAX_CODE) | (hb_code(chroma[1].x, HB_MAX_CODE) << 16));
    hb_dst_write(2, chromaRow, chromaX * 2,
                 hb_code(chroma[0].y, HB_MAX_CODE) | (hb_code(chroma[1].y, HB_MAX_CODE) << 16));
#else
    uint u = 0u;
    uint v = 0u;
    for (int k = 0; k < 4; k++) {
        u |= hb_code(chroma[k].x, HB_MAX_CODE) << (8 * k);
        v |= hb_code(chroma[k].y, HB_MAX_CODE) << (8 * k);
    }
    hb_dst_write(1, chromaRow, chromaX, u);
    hb_dst_write(2, chromaRow, chromaX, v);
#endif
}
#endif
