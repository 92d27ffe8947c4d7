// Output of the last pass: the frame's planes in one buffer of 32-bit
// words, in the layout HB_OUT_LAYOUT (numbered as in load_buffer.glsl).
// Each invocation writes a block of pixels that fills whole words, so no
// two invocations share a word; plane rows are padded to whole blocks.
// The output is clamped here, once. Chroma is the average of the block's
// clamped RGB over each chroma sample's footprint (centre-sited), converted
// with hb_rgb_to_yuv and rounded to the nearest code value.
layout(std430, set = 0, binding = 2) restrict writeonly buffer HBDestination { uint hb_dst[]; };

// HB_BLOCK_W x HB_BLOCK_H (set by the generator, see PlaneLayout.outputBlock):
// 1x1 rgba8, 8x2 yuv420p, 8x1 yuv422p, 4x1 yuv444p, 4x2 nv12 and yuv420p10.
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
    hb_dst[uint(hb_out_planes[plane].x + row * hb_out_planes[plane].y + byteInRow) >> 2] = value;
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
