#version 450
// A 4x4 colour matrix plus offset on packed RGBA8 pixels, one pixel per
// invocation: out = clamp(M * in + offset, 0, 1), rounded to 8 bits.
// Used for RGBA8 stills and as the core's reference kernel in tests.

layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer Source { uint source[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Destination { uint destination[]; };

layout(push_constant) uniform Parameters {
    mat4 matrix;   // column-major, as GLSL stores it
    vec4 offset;
    uint width;
    uint height;
} parameters;

void main() {
    uvec2 position = gl_GlobalInvocationID.xy;
    if (position.x >= parameters.width || position.y >= parameters.height) {
        return;
    }
    uint index = position.y * parameters.width + position.x;
    vec4 colour = unpackUnorm4x8(source[index]);
    destination[index] = packUnorm4x8(clamp(parameters.matrix * colour + parameters.offset, 0.0, 1.0));
}
