// highlights (Harbeth C7Highlights): brightens or darkens by an amount
// weighted towards the highlights.
//   l = dot(rgb, (0.2126, 0.7152, 0.0722)), k = smoothstep(0.5, 1, l)
//   amount > 0: rgb += amount * k;  amount < 0: rgb += amount * (1 - k)
// alpha kept. p0 = amount, -1...1.
vec4 hb_highlights(vec4 color, uint base) {
    float amount = hbp_amount;
    float l = dot(color.rgb, vec3(0.2126, 0.7152, 0.0722));
    float k = smoothstep(0.5, 1.0, l);
    return vec4(color.rgb + amount * (amount > 0.0 ? k : 1.0 - k), color.a);
}
