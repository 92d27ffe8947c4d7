// The entry point of every generated pass: one block of output pixels per
// invocation (HB_BLOCK is 1x1 for images, larger for packed YUV words).
// With HB_GRID_SWAPPED the grid's x counts blocks down the frame (lavapipe
// runs a workgroup's invocations side by side along x only, so passes
// whose invocations each take a whole row put the rows along x).
void main() {
#ifdef HB_GRID_SWAPPED
    ivec2 base = ivec2(gl_GlobalInvocationID.yx) * HB_BLOCK;
#else
    ivec2 base = ivec2(gl_GlobalInvocationID.xy) * HB_BLOCK;
#endif
    if (base.x >= hb_out_size.x || base.y >= hb_out_size.y) {
        return;
    }
    hb_store_block(base);
}
