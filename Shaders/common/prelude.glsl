// Shared by every generated pass: the version, the workgroup size (set by
// specialization constants 0, 1, 2), the parameter block at binding 0 and
// the data buffer at binding 3. HB_SUBGROUP_VOTE (the device votes across
// a subgroup) enables subgroupAll for kernels that vote.
//
// The parameter block is a uniform buffer (16 KiB, the size every Vulkan
// device offers) written by the host for each frame. Uniform buffers, not
// storage buffers: values every invocation reads alike are loaded once
// per SIMD group from uniform memory, which on lavapipe costs a fraction
// of a storage-buffer load per pixel.
//   hb_io            input width, height; output width, height
//   hb_in_planes[i]  byte offset and bytes per row of input plane i (4: Y, U, V, A)
//   hb_out_planes[i] byte offset and bytes per row of output plane i
//   hb_frame         time in seconds, frame index, the time's remainder
//                    (time - float(time), for exact differences), 0
//   hb_yuv_to_rgb    maps (Y, Cb, Cr, 1) in code values to (R, G, B, 1) in 0...1
//   hb_rgb_to_yuv    maps (R, G, B, 1) in 0...1 to (Y, Cb, Cr, 1) in code values
//   hb_p[]           slot i holds stage i's base index; then each filter's
//                    parameters, starting at its base
// The data buffer holds the parameters of filters with large tables (LUTs,
// curves), which declare so and read hb_data_at(base + i) instead: through
// a texel buffer view of words with HB_TEXEL_DATA (a gather on lavapipe,
// where a storage-buffer load is a loop over the lanes), else a storage
// buffer.
#version 450
#extension GL_GOOGLE_cpp_style_line_directive : require
#extension GL_EXT_scalar_block_layout : require
#ifdef HB_SUBGROUP_VOTE
#extension GL_KHR_shader_subgroup_vote : require
#endif

layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

// 16 KiB in all: 72 floats of header, then the parameters.
const int HB_UNIFORM_FLOATS = 4024;

layout(std430, set = 0, binding = 0) uniform HBParameters {
    ivec4 hb_io;
    ivec4 hb_in_planes[4];
    ivec4 hb_out_planes[4];
    vec4 hb_frame;
    mat4 hb_yuv_to_rgb;
    mat4 hb_rgb_to_yuv;
    float hb_p[HB_UNIFORM_FLOATS];
};

#ifdef HB_TEXEL_DATA
layout(set = 0, binding = 3) uniform highp usamplerBuffer hb_data_texels;
float hb_data_at(uint index) { return uintBitsToFloat(texelFetch(hb_data_texels, int(index)).x); }
#else
layout(std430, set = 0, binding = 3) restrict readonly buffer HBData { float hb_data[]; };
float hb_data_at(uint index) { return hb_data[index]; }
#endif

#define hb_in_size (hb_io.xy)
#define hb_out_size (hb_io.zw)
#define hb_time (hb_frame.x)
#define hb_frame_index (int(hb_frame.y))
#define hb_time_remainder (hb_frame.z)

// The output pixel whose value is being computed; filters that depend on
// position (vignette, halftone) read it.
ivec2 hb_pos;

// The 4x4 matrix whose 16 parameters start at hb_p[at], column-major (the
// YUV filters' conversions between RGB and a frame's codes).
mat4 hb_p_mat4(uint at) {
    return mat4(
        hb_p[at], hb_p[at + 1u], hb_p[at + 2u], hb_p[at + 3u], hb_p[at + 4u], hb_p[at + 5u], hb_p[at + 6u],
        hb_p[at + 7u], hb_p[at + 8u], hb_p[at + 9u], hb_p[at + 10u], hb_p[at + 11u], hb_p[at + 12u],
        hb_p[at + 13u], hb_p[at + 14u], hb_p[at + 15u]);
}

// Luminance with Harbeth's weights (Rec. 709 primaries).
const vec3 HB_LUMA = vec3(0.2125, 0.7154, 0.0721);

float hb_luma(vec3 rgb) { return dot(rgb, HB_LUMA); }

// Bilinear sample at `source` (in texels, centres at +0.5), clamped to the
// image's edge. Built from texelFetch so it is exact at texel centres on
// every driver (a sampler's filtering precision varies).
vec4 hb_bilinear(sampler2D image, vec2 source) {
    vec2 t = source - 0.5;
    ivec2 t0 = ivec2(floor(t));
    vec2 f = t - vec2(t0);
    ivec2 last = textureSize(image, 0) - 1;
    vec4 a = texelFetch(image, clamp(t0, ivec2(0), last), 0);
    vec4 b = texelFetch(image, clamp(t0 + ivec2(1, 0), ivec2(0), last), 0);
    vec4 c = texelFetch(image, clamp(t0 + ivec2(0, 1), ivec2(0), last), 0);
    vec4 d = texelFetch(image, clamp(t0 + ivec2(1, 1), ivec2(0), last), 0);
    return mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
}

// An integer hash of 32 bits (lowbias32: xor-shift-multiply, full
// avalanche), for noise that every device and the references compute
// exactly alike. hb_hash01 maps it onto 0...1.
uint hb_hash(uint x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

float hb_hash01(uint x) { return float(hb_hash(x) >> 8) / 16777215.0; }

// The 3x3 Sobel gradient (gx, gy) of luminance at pos, clamp-to-edge,
//   gx = (tr + 2r + br) - (tl + 2l + bl), gy = (bl + 2b + br) - (tl + 2t + tr),
// for sobel, sketch, canny and threshold_sketch. hb_load comes from the
// pass's input file, after this one.
vec4 hb_load(ivec2 p);

vec2 hb_sobel_luma(ivec2 pos) {
    float tl = hb_luma(hb_load(pos + ivec2(-1, -1)).rgb);
    float t = hb_luma(hb_load(pos + ivec2(0, -1)).rgb);
    float tr = hb_luma(hb_load(pos + ivec2(1, -1)).rgb);
    float l = hb_luma(hb_load(pos + ivec2(-1, 0)).rgb);
    float r = hb_luma(hb_load(pos + ivec2(1, 0)).rgb);
    float bl = hb_luma(hb_load(pos + ivec2(-1, 1)).rgb);
    float b = hb_luma(hb_load(pos + ivec2(0, 1)).rgb);
    float br = hb_luma(hb_load(pos + ivec2(1, 1)).rgb);
    return vec2((tr + 2.0 * r + br) - (tl + 2.0 * l + bl), (bl + 2.0 * b + br) - (tl + 2.0 * t + tr));
}

// Transfer functions, for tonemap and colorspace. PQ (SMPTE ST 2084) in
// nits; HLG's inverse OETF (BT.2100) to scene light 0...1.
const float HB_PQ_M1 = 0.1593017578125;
const float HB_PQ_M2 = 78.84375;
const float HB_PQ_C1 = 0.8359375;
const float HB_PQ_C2 = 18.8515625;
const float HB_PQ_C3 = 18.6875;

float hb_pq_to_nits(float e) {
    float p = pow(clamp(e, 0.0, 1.0), 1.0 / HB_PQ_M2);
    return 10000.0 * pow(max(p - HB_PQ_C1, 0.0) / (HB_PQ_C2 - HB_PQ_C3 * p), 1.0 / HB_PQ_M1);
}

float hb_nits_to_pq(float nits) {
    float y = pow(clamp(nits / 10000.0, 0.0, 1.0), HB_PQ_M1);
    return pow((HB_PQ_C1 + HB_PQ_C2 * y) / (1.0 + HB_PQ_C3 * y), HB_PQ_M2);
}

const float HB_HLG_A = 0.17883277;
const float HB_HLG_B = 0.28466892;
const float HB_HLG_C = 0.55991073;

float hb_hlg_to_scene(float e) {
    if (e <= 0.5) return e * e / 3.0;
    return (exp((e - HB_HLG_C) / HB_HLG_A) + HB_HLG_B) / 12.0;
}

float hb_scene_to_hlg(float s) {
    s = max(s, 0.0);
    if (s <= 1.0 / 12.0) return sqrt(3.0 * s);
    return HB_HLG_A * log(12.0 * s - HB_HLG_B) + HB_HLG_C;
}

// HLG's scene light at 75% signal: SDR white in BT.2408's mapping.
const float HB_HLG_WHITE = 0.26496255;

// Code value to relative linear light (1 = SDR white) for the curves of
// Colorimetry.Transfer: 0 BT.709, 1 sRGB, 2 gamma 2.2, 3 gamma 2.8,
// 4 SMPTE 240M, 5 linear, 6 PQ (white = `white` nits), 7 HLG (scene
// light, white at 75%), 8 BT.1886 (a 2.4 power). Negative values keep
// their sign.
float hb_decode_transfer(float v, int curve, float white) {
    float a = abs(v);
    float r;
    if (curve == 0) r = a < 0.081 ? a / 4.5 : pow((a + 0.099) / 1.099, 1.0 / 0.45);
    else if (curve == 1) r = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4);
    else if (curve == 2) r = pow(a, 2.2);
    else if (curve == 3) r = pow(a, 2.8);
    else if (curve == 4) r = a < 0.0913 ? a / 4.0 : pow((a + 0.1115) / 1.1115, 1.0 / 0.45);
    else if (curve == 5) r = a;
    else if (curve == 6) r = hb_pq_to_nits(a) / white;
    else if (curve == 8) r = pow(a, 2.4);
    else r = hb_hlg_to_scene(a) / HB_HLG_WHITE;
    return sign(v) * r;
}

// The inverse of hb_decode_transfer, for values from 0 up.
float hb_encode_transfer(float l, int curve, float white) {
    l = max(l, 0.0);
    if (curve == 0) return l < 0.018 ? 4.5 * l : 1.099 * pow(l, 0.45) - 0.099;
    if (curve == 1) return l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
    if (curve == 2) return pow(l, 1.0 / 2.2);
    if (curve == 3) return pow(l, 1.0 / 2.8);
    if (curve == 4) return l < 0.0228 ? 4.0 * l : 1.1115 * pow(l, 0.45) - 0.1115;
    if (curve == 5) return l;
    if (curve == 6) return hb_nits_to_pq(l * white);
    if (curve == 8) return pow(l, 1.0 / 2.4);
    return hb_scene_to_hlg(l * HB_HLG_WHITE);
}

// The three channels through hb_decode_transfer / hb_encode_transfer (PQ
// relative to 203 nits), for linearize, delinearize and mpv's LINEAR.
vec3 hb_to_linear(vec3 c, int curve) {
    return vec3(
        hb_decode_transfer(c.r, curve, 203.0), hb_decode_transfer(c.g, curve, 203.0),
        hb_decode_transfer(c.b, curve, 203.0));
}

vec3 hb_from_linear(vec3 c, int curve) {
    return vec3(
        hb_encode_transfer(c.r, curve, 203.0), hb_encode_transfer(c.g, curve, 203.0),
        hb_encode_transfer(c.b, curve, 203.0));
}
