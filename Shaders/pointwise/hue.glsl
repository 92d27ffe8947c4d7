// hue (Harbeth C7Hue, GPUImage HueFilter): rotates the chroma in YIQ.
//   Y = dot(rgb, (0.299, 0.587, 0.114))
//   I = dot(rgb, (0.595716, -0.274453, -0.321263))
//   Q = dot(rgb, (0.211456, -0.522591, 0.31135))
//   hue = atan2(Q, I) - angle, chroma = |(I, Q)| unchanged
//   R = Y + 0.9563 I + 0.6210 Q, G = Y - 0.2721 I - 0.6474 Q, B = Y - 1.1070 I + 1.7046 Q
// The angle is applied as a rotation of (I, Q): the same result as going
// through atan2 and back, and defined where I = Q = 0.
// p0 = cos(angle), p1 = sin(angle), computed once when the value is packed.
vec4 hb_hue(vec4 color, uint base) {
    float c = hbp_cos;
    float s = hbp_sin;
    float y = dot(color.rgb, vec3(0.299, 0.587, 0.114));
    float i = dot(color.rgb, vec3(0.595716, -0.274453, -0.321263));
    float q = dot(color.rgb, vec3(0.211456, -0.522591, 0.31135));
    // chroma * cos(hue - angle) and chroma * sin(hue - angle).
    float i2 = i * c + q * s;
    float q2 = q * c - i * s;
    return vec4(
        y + 0.9563 * i2 + 0.6210 * q2,
        y - 0.2721 * i2 - 0.6474 * q2,
        y - 1.1070 * i2 + 1.7046 * q2,
        color.a);
}
