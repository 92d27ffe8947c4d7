// luma_key (FFmpeg lumakey, on full-range BT.709 luma): keys out the
// luminances within `tolerance` of `threshold`, with a soft edge.
//   y = luma(rgb); low = threshold - tolerance, high = threshold + tolerance
//   alpha = 0 within [low, high]; else, within `softness` of it, the
//   distance from it over softness; else 1. The output alpha is this times
//   the input's.
// p0 = threshold, p1 = tolerance, p2 = softness.
vec4 hb_luma_key(vec4 color, uint base) {
    float y = dot(color.rgb, vec3(0.2126, 0.7152, 0.0722));
    float low = hbp_threshold - hbp_tolerance;
    float high = hbp_threshold + hbp_tolerance;
    float soft = hbp_softness;
    float alpha;
    if (y >= low && y <= high) alpha = 0.0;
    else if (soft > 0.0 && y > low - soft && y < high + soft) alpha = (y < low ? low - y : y - high) / soft;
    else alpha = 1.0;
    return vec4(color.rgb, color.a * alpha);
}
