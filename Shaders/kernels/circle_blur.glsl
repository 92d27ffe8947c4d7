// circle_blur (Harbeth C7CircleBlur): the mean of `samples` bilinear
// samples on a circle of `radius` pixels around each pixel,
//   out = 1/N sum_i in(p + radius (cos 2 pi i / N, sin 2 pi i / N))
// (Harbeth's radius is a fraction of each axis, an ellipse, read nearest).
// p0 = radius in pixels, p1 = N.
vec4 hb_circle_blur(ivec2 pos, uint base) {
    float radius = hbp_radius;
    int samples = int(hbp_samples);
    vec2 p = vec2(pos) + 0.5;
    vec4 sum = vec4(0.0);
    for (int i = 0; i < samples; i++) {
        float angle = 6.283185307179586 * float(i) / float(samples);
        sum += hb_sample(p + radius * vec2(cos(angle), sin(angle)));
    }
    return sum / float(samples);
}
