// motion_blur: the mean of n bilinear samples evenly spaced along a line
// of `length` pixels through the pixel centre, at `angle` degrees
// (0 = horizontal, positive turns clockwise on screen as y points down);
// n = ceil(length) + 1, so samples are at most a pixel apart. Harbeth's
// C7MotionBlur takes nine weighted taps along the same line; a dense
// uniform line is what a moving camera integrates. Clamp-to-edge.
// p0 = n, p1 = length, p2 = cos(angle), p3 = sin(angle).
vec4 hb_motion_blur(ivec2 pos, uint base) {
    int count = int(hbp_count);
    float len = hbp_length;
    vec2 direction = vec2(hbp_direction(0), hbp_direction(1));
    vec2 centre = vec2(pos) + 0.5;
    if (count < 2) {
        return hb_sample(centre);
    }
    vec4 sum = vec4(0.0);
    for (int i = 0; i < count; i++) {
        float t = len * (float(i) / float(count - 1) - 0.5);
        sum += hb_sample(centre + direction * t);
    }
    return sum / float(count);
}
