// shadows (Harbeth C7Shadows): brightens or darkens by an amount weighted
// towards the shadows.
//   l = dot(rgb, (0.2126, 0.7152, 0.0722)), k = smoothstep(0, 0.5, l)
//   amount > 0: rgb += amount * (1 - k);  amount < 0: rgb += amount * k
// alpha kept. p0 = amount, -1...1.
vec4 hb_shadows(vec4 color, uint base) {
    float amount = hbp_amount;
    float l = dot(color.rgb, vec3(0.2126, 0.7152, 0.0722));
    float k = smoothstep(0.0, 0.5, l);
    return vec4(color.rgb + amount * (amount > 0.0 ? 1.0 - k : k), color.a);
}
