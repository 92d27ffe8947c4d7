// color_packing (Harbeth C7ColorPacking, GPUImage's colour packing): the
// red values of four diagonal neighbours at +-(dx, dy) pixels packed into
// one pixel, out = (r(-dx, -dy), r(dx, -dy), r(-dx, dy), r(dx, dy));
// clamp-to-edge, nearest. p0 = dx, p1 = dy (whole pixels).
vec4 hb_color_packing(ivec2 pos, uint base) {
    ivec2 d = ivec2(int(hbp_dx), int(hbp_dy));
    return vec4(
        hb_load(pos + ivec2(-d.x, -d.y)).r, hb_load(pos + ivec2(d.x, -d.y)).r, hb_load(pos + ivec2(-d.x, d.y)).r,
        hb_load(pos + d).r);
}
