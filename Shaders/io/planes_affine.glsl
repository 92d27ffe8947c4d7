// A chain of affine colour filters on YUV planes, folded with the
// conversions to and from RGB (Sources/Harbeth/Graph/ColorFold.swift): the
// frame never leaves its planes. Luma is made per pixel with the chroma
// sample that covers it (as the RGB path converts), chroma per chroma
// sample from its pixels; results are rounded to the nearest code and
// clamped to the code range.
//
// Each pixel's colour is made as RGB (p1..p12, rows R, G, B from
// (Y, Cb, Cr, 1), the folded filters included) and coded back (p13..p24,
// rows Y', Cb', Cr' from (R, G, B, 1)); chroma from the mean of its
// pixels' colours. p0 says whether the colour is clipped to 0...1 first:
// - 1, the map keeps every colour of the RGB cube inside it: no clip, so
//   colours the frame holds outside RGB are kept (the identity gives back
//   every code value);
// - 0, it may leave the cube: clipped, the RGB path's results.
// With HB_VIGNETTE the chain ends in a vignette (pointwise/vignette.glsl,
// its values from p25): each pixel's colour is mixed towards its tone by
// the pixel's place before it is coded back.
//
// HB_IN_LAYOUT (numbered as in load_buffer.glsl): 1 yuv420p (blocks of
// 8x2), 2 yuv422p (8x1), 3 yuv444p (4x1), 4 nv12 (4x2), 5 yuv420p10 (4x2),
// 6 yuv422p10 (4x1), 7 yuv444p10 (2x1), 12 yuv444p12 (2x1). Input and
// output share the layout and the block, and blocks never cross a plane's
// padded rows, so whole 32-bit words are read and written. The 10- and
// 12-bit layouts hold two 16-bit samples a word: a block row of luma is
// HB_BLOCK_W / 2 words, of each chroma plane one word (two samples).

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);
#if HB_IN_LAYOUT == 3 || HB_IN_LAYOUT == 7 || HB_IN_LAYOUT == 12
const int HB_SX = 1;
#else
const int HB_SX = 2;
#endif
#if HB_IN_LAYOUT == 5 || HB_IN_LAYOUT == 6 || HB_IN_LAYOUT == 7 || HB_IN_LAYOUT == 12
#define HB_SHORTS 1
#endif
// Chroma samples in a block (one row of them).
const int HB_CX = HB_BLOCK_W / HB_SX;

float hb_ys[HB_BLOCK_H][HB_BLOCK_W];
float hb_cbs[HB_CX];
float hb_crs[HB_CX];

uint hb_src_word(int plane, int row, int byteInRow) {
    return hb_src_at((hb_in_planes[plane].x + row * hb_in_planes[plane].y + byteInRow) >> 2);
}

void hb_dst_write(int plane, int row, int byteInRow, uint value) {
    hb_dst_put((hb_out_planes[plane].x + row * hb_out_planes[plane].y + byteInRow) >> 2, value);
}

vec4 hb_bytes(uint word) {
    return vec4((uvec4(word) >> uvec4(0u, 8u, 16u, 24u)) & 0xFFu);
}

vec2 hb_shorts(uint word) {
    return vec2(float(word & 0xFFFFu), float(word >> 16));
}

uint hb_code(float value) {
    return uint(clamp(value + 0.5, 0.0, HB_OUT_MAX));
}

uint hb_pack_bytes(float a, float b, float c, float d) {
    return hb_code(a) | (hb_code(b) << 8) | (hb_code(c) << 16) | (hb_code(d) << 24);
}

uint hb_pack_shorts(float a, float b) {
    return hb_code(a) | (hb_code(b) << 16);
}

vec4 hb_row(uint at) {
    return vec4(hb_p[at], hb_p[at + 1u], hb_p[at + 2u], hb_p[at + 3u]);
}

// The block's samples in, then out, in place. One path for both ways: a
// branch on a uniform still costs both sides on lavapipe, so the way is
// the clip's bounds (0...1, or none when the map keeps the cube).
void hb_fold(uint at, ivec2 base) {
    const float share = 1.0 / float(HB_SX * HB_BLOCK_H);
    float low = hb_p[at] > 0.5 ? -1e30 : 0.0;
    float high = hb_p[at] > 0.5 ? 1e30 : 1.0;
    // Columns of the map to RGB: what Y, Cb, Cr and 1 each add.
    vec4 r = hb_row(at + 1u);
    vec4 g = hb_row(at + 5u);
    vec4 b = hb_row(at + 9u);
    vec3 perY = vec3(r.x, g.x, b.x);
    vec4 toY = hb_row(at + 13u);
    vec4 toCb = hb_row(at + 17u);
    vec4 toCr = hb_row(at + 21u);
    vec3 fromChroma[HB_CX];
    vec3 mean[HB_CX];
    for (int k = 0; k < HB_CX; k++) {
        fromChroma[k] = vec3(r.y, g.y, b.y) * hb_cbs[k] + vec3(r.z, g.z, b.z) * hb_crs[k] + vec3(r.w, g.w, b.w);
        mean[k] = vec3(0.0);
    }
    for (int j = 0; j < HB_BLOCK_H; j++) {
        for (int i = 0; i < HB_BLOCK_W; i++) {
            vec3 rgb = perY * hb_ys[j][i] + fromChroma[i / HB_SX];
#ifdef HB_VIGNETTE
            // The chain's last filter, a vignette, mixes each pixel's
            // colour towards its tone by the pixel's place (before the
            // clip, as the RGB path stores only its result).
            hb_pos = base + ivec2(i, j);
            rgb = hb_vignette(vec4(rgb, 1.0), at + 25u).rgb;
#endif
            rgb = clamp(rgb, low, high);
            mean[i / HB_SX] += rgb * share;
            hb_ys[j][i] = dot(toY.xyz, rgb) + toY.w;
        }
    }
    for (int k = 0; k < HB_CX; k++) {
        hb_cbs[k] = dot(toCb.xyz, mean[k]) + toCb.w;
        hb_crs[k] = dot(toCr.xyz, mean[k]) + toCr.w;
    }
}

void hb_store_block(ivec2 base) {
    int chromaRow = HB_IN_LAYOUT == 1 || HB_IN_LAYOUT == 4 || HB_IN_LAYOUT == 5 ? base.y / 2 : base.y;
#ifdef HB_SHORTS
    // Two 16-bit samples a word.
    for (int j = 0; j < HB_BLOCK_H; j++) {
        for (int w = 0; w < HB_BLOCK_W / 2; w++) {
            vec2 pair = hb_shorts(hb_src_word(0, base.y + j, base.x * 2 + w * 4));
            hb_ys[j][w * 2] = pair.x;
            hb_ys[j][w * 2 + 1] = pair.y;
        }
    }
    vec2 u = hb_shorts(hb_src_word(1, chromaRow, base.x / HB_SX * 2));
    vec2 v = hb_shorts(hb_src_word(2, chromaRow, base.x / HB_SX * 2));
    hb_cbs = float[2](u.x, u.y);
    hb_crs = float[2](v.x, v.y);
#else
    for (int j = 0; j < HB_BLOCK_H; j++) {
        for (int w = 0; w < HB_BLOCK_W / 4; w++) {
            vec4 y = hb_bytes(hb_src_word(0, base.y + j, base.x + w * 4));
            for (int i = 0; i < 4; i++) { hb_ys[j][w * 4 + i] = y[i]; }
        }
    }
#if HB_IN_LAYOUT == 4
    vec4 uv = hb_bytes(hb_src_word(1, chromaRow, base.x));
    hb_cbs = float[2](uv.x, uv.z);
    hb_crs = float[2](uv.y, uv.w);
#else
    vec4 u = hb_bytes(hb_src_word(1, chromaRow, base.x / HB_SX));
    vec4 v = hb_bytes(hb_src_word(2, chromaRow, base.x / HB_SX));
    hb_cbs = float[4](u.x, u.y, u.z, u.w);
    hb_crs = float[4](v.x, v.y, v.z, v.w);
#endif
#endif
    hb_fold(hb_base(0), base);
#ifdef HB_SHORTS
    for (int j = 0; j < HB_BLOCK_H; j++) {
        for (int w = 0; w < HB_BLOCK_W / 2; w++) {
            hb_dst_write(0, base.y + j, base.x * 2 + w * 4, hb_pack_shorts(hb_ys[j][w * 2], hb_ys[j][w * 2 + 1]));
        }
    }
    hb_dst_write(1, chromaRow, base.x / HB_SX * 2, hb_pack_shorts(hb_cbs[0], hb_cbs[1]));
    hb_dst_write(2, chromaRow, base.x / HB_SX * 2, hb_pack_shorts(hb_crs[0], hb_crs[1]));
#else
    for (int j = 0; j < HB_BLOCK_H; j++) {
        for (int w = 0; w < HB_BLOCK_W / 4; w++) {
            int i = w * 4;
            hb_dst_write(
                0, base.y + j, base.x + i,
                hb_pack_bytes(hb_ys[j][i], hb_ys[j][i + 1], hb_ys[j][i + 2], hb_ys[j][i + 3]));
        }
    }
#if HB_IN_LAYOUT == 4
    hb_dst_write(1, chromaRow, base.x, hb_pack_bytes(hb_cbs[0], hb_crs[0], hb_cbs[1], hb_crs[1]));
#else
    hb_dst_write(1, chromaRow, base.x / HB_SX, hb_pack_bytes(hb_cbs[0], hb_cbs[1], hb_cbs[2], hb_cbs[3]));
    hb_dst_write(2, chromaRow, base.x / HB_SX, hb_pack_bytes(hb_crs[0], hb_crs[1], hb_crs[2], hb_crs[3]));
#endif
#endif
}
