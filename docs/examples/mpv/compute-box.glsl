// A compute pass: each 16x16 workgroup loads its tile and a one-pixel
// border into shared memory, then writes the 3x3 box mean.

//!HOOK MAIN
//!BIND HOOKED
//!COMPUTE 16 16
//!DESC compute box blur

shared vec4 tile[18][18];

void hook() {
    ivec2 origin = ivec2(gl_WorkGroupID.xy) * 16 - 1;
    for (uint i = gl_LocalInvocationIndex; i < 18u * 18u; i += 256u) {
        ivec2 local = ivec2(int(i % 18u), int(i / 18u));
        tile[local.y][local.x] = HOOKED_tex((vec2(origin + local) + 0.5) * HOOKED_pt);
    }
    barrier();
    ivec2 local = ivec2(gl_LocalInvocationID.xy) + 1;
    vec4 sum = vec4(0.0);
    for (int y = -1; y <= 1; y++)
        for (int x = -1; x <= 1; x++)
            sum += tile[local.y + y][local.x + x];
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (all(lessThan(pixel, ivec2(target_size))))
        imageStore(out_image, pixel, sum / 9.0);
}
