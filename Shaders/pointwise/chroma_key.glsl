// chroma_key (Harbeth C7ChromaKey, GPUImage ChromaKeyFilter): pixels whose
// chroma is near the key colour become transparent.
//   Y = 0.2989 r + 0.5866 g + 0.1145 b, Cr = 0.7132 (r - Y), Cb = 0.5647 (b - Y)
//   d = distance((Cr, Cb), (Cr, Cb) of the key)
//   alpha' = alpha * ramp(d), ramp rising smoothly (3t^2 - 2t^3) from 0 at
//   threshold to 1 at threshold + smoothing; a step at threshold when
//   smoothing is 0. The colour is unchanged (Harbeth scales the whole
//   premultiplied pixel; frames here are not premultiplied).
// p0..2 = key colour, p3 = threshold, p4 = smoothing.
vec2 hb_chroma_key_crcb(vec3 rgb) {
    float y = dot(rgb, vec3(0.2989, 0.5866, 0.1145));
    return vec2(0.7132 * (rgb.r - y), 0.5647 * (rgb.b - y));
}

vec4 hb_chroma_key(vec4 color, uint base) {
    vec2 key = hb_chroma_key_crcb(vec3(hbp_color(0), hbp_color(1), hbp_color(2)));
    float threshold = hbp_threshold;
    float smoothing = hbp_smoothing;
    float d = distance(hb_chroma_key_crcb(color.rgb), key);
    float keep;
    if (smoothing > 0.0) {
        float t = clamp((d - threshold) / smoothing, 0.0, 1.0);
        keep = t * t * (3.0 - 2.0 * t);
    } else {
        keep = step(threshold, d);
    }
    return vec4(color.rgb, color.a * keep);
}
