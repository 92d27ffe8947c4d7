// A custom shader for harbeth-render --shader: a warm grade of adjustable
// strength. Uniforms are the parameters, with their defaults and ranges;
// `vec4 filter(vec4 rgba, ivec2 pos)` makes it pointwise, so it fuses with
// the built-in pointwise filters around it into one GPU pass.
uniform float amount = 0.3; // range 0...1

vec4 filter(vec4 rgba, ivec2 pos) {
    vec3 warm = rgba.rgb * vec3(1.0 + 0.3 * amount, 1.0 + 0.05 * amount, 1.0 - 0.3 * amount);
    return vec4(clamp(warm, 0.0, 1.0), rgba.a);
}
