// Shared by every generated pass: the version, the workgroup size (set by
// specialization constants 0, 1, 2) and the parameter block at binding 0.
//
// The parameter block is written by the host for each frame:
//   hb_io            input width, height; output width, height
//   hb_in_planes[i]  byte offset and bytes per row of input plane i
//   hb_out_planes[i] byte offset and bytes per row of output plane i
//   hb_frame         time in seconds, frame index, 0, 0
//   hb_yuv_to_rgb    maps (Y, Cb, Cr, 1) in code values to (R, G, B, 1) in 0...1
//   hb_rgb_to_yuv    maps (R, G, B, 1) in 0...1 to (Y, Cb, Cr, 1) in code values
//   hb_p[]           each filter's parameters, starting at its own base index
#version 450
#extension GL_GOOGLE_cpp_style_line_directive : require

layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) restrict readonly buffer HBParameters {
    ivec4 hb_io;
    ivec4 hb_in_planes[3];
    ivec4 hb_out_planes[3];
    vec4 hb_frame;
    mat4 hb_yuv_to_rgb;
    mat4 hb_rgb_to_yuv;
    float hb_p[];
};

#define hb_in_size (hb_io.xy)
#define hb_out_size (hb_io.zw)
#define hb_time (hb_frame.x)
#define hb_frame_index (int(hb_frame.y))

// The output pixel whose value is being computed; filters that depend on
// position (vignette, halftone) read it.
ivec2 hb_pos;

// Luminance with Harbeth's weights (Rec. 709 primaries).
const vec3 HB_LUMA = vec3(0.2125, 0.7154, 0.0721);

float hb_luma(vec3 rgb) { return dot(rgb, HB_LUMA); }
