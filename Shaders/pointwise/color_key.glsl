// color_key (FFmpeg colorkey): keys out the colours near a key colour by
// their distance in RGB, and replaces the alpha as FFmpeg does.
//   d = |clamp(rgb, 0, 1) - color| / sqrt(3) (0 at the key, 1 at the far corner)
//   alpha = clamp((d - similarity) / blend, 0, 1); with blend 0 (below
//   0.0001, as FFmpeg takes it), 1 where d > similarity, else 0.
vec4 hb_color_key(vec4 color, uint base) {
    vec3 key = vec3(hbp_color(0), hbp_color(1), hbp_color(2));
    float d = length(clamp(color.rgb, 0.0, 1.0) - key) * 0.57735026919;
    float alpha = hbp_blend > 0.0001 ? clamp((d - hbp_similarity) / hbp_blend, 0.0, 1.0)
                                     : (d > hbp_similarity ? 1.0 : 0.0);
    return vec4(color.rgb, alpha);
}
