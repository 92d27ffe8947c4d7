// The entry point of every generated pass: one block of output pixels per
// invocation (HB_BLOCK is 1x1 for images, larger for packed YUV words).
void main() {
    ivec2 base = ivec2(gl_GlobalInvocationID.xy) * HB_BLOCK;
    if (base.x >= hb_out_size.x || base.y >= hb_out_size.y) {
        return;
    }
    hb_store_block(base);
}
