// yuv_pixelize, first pass: one pixel per block. FFmpeg's pixelize
// (vf_pixelize) on 8-bit YUV codes of the frame's matrix and range (BT.709
// limited for RGB frames): the block of width x height pixels from
// (bx width, by height), cut short at the frame's right and bottom edges,
// gives the average of each code rounded down, Y, Cb, Cr and alpha each
// on its own; back to RGB.
// Parameters: width, height, then the 4x4 RGB to YUV and YUV to RGB
// matrices, column-major.
vec4 hb_yuv_pixelize_blocks(ivec2 pos, uint base) {
    ivec2 size = ivec2(int(hbp_width), int(hbp_height));
    ivec2 start = pos * size;
    ivec2 end = min(start + size, hb_in_size);
    mat4 toYUV = hb_p_mat4(hbo_to_yuv);
    vec4 sum = vec4(0.0);
    for (int y = start.y; y < end.y; y++) {
        for (int x = start.x; x < end.x; x++) {
            vec4 color = hb_load(ivec2(x, y));
            // Whole codes, as FFmpeg reads them.
            vec4 codes = round(clamp(vec4((toYUV * vec4(color.rgb, 1.0)).xyz, color.a * 255.0), 0.0, 255.0));
            sum += codes;
        }
    }
    vec2 count = vec2(end - start);
    vec4 codes = floor(sum / (count.x * count.y));
    vec3 rgb = (hb_p_mat4(hbo_to_rgb) * vec4(codes.xyz, 1.0)).rgb;
    return vec4(rgb, codes.w / 255.0);
}
