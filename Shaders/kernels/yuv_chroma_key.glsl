// yuv_chroma_key: FFmpeg's chromakey (vf_chromakey). Each neighbour's
// colour goes to 8-bit Cb, Cr codes of the frame's matrix and range
// (BT.709 limited for RGB frames); the distance is the mean over the 3x3
// neighbours (clamped to the edge) of |(Cb, Cr) - key| / (255 sqrt 2);
//   alpha = clamp((d - similarity) / blend, 0, 1), or d > similarity
// where blend is 0 (FFmpeg's blend <= 0.0001). The alpha is replaced, the
// colour kept.
// Parameters: the key's Cb and Cr codes, similarity, blend, then the 4x4
// RGB to YUV matrix, column-major.
vec2 hb_yuv_chroma_key_codes(ivec2 pos, uint at) {
    return clamp((hb_p_mat4(at) * vec4(hb_load(pos).rgb, 1.0)).yz, 0.0, 255.0);
}

vec4 hb_yuv_chroma_key(ivec2 pos, uint base) {
    vec2 key = vec2(hbp_key_u, hbp_key_v);
    float distance = 0.0;
    for (int dy = -1; dy <= 1; dy++) {
        for (int dx = -1; dx <= 1; dx++) {
            vec2 away = hb_yuv_chroma_key_codes(pos + ivec2(dx, dy), hbo_to_yuv) - key;
            distance += sqrt(dot(away, away) / (255.0 * 255.0 * 2.0));
        }
    }
    distance /= 9.0;
    float alpha = hbp_blend > 0.0001 ? clamp((distance - hbp_similarity) / hbp_blend, 0.0, 1.0)
                                     : (distance > hbp_similarity ? 1.0 : 0.0);
    return vec4(hb_load(pos).rgb, alpha);
}
