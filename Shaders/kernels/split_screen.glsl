// split_screen (Harbeth C7SplitScreen): the middle of the frame repeated
// in two or three panes along one axis. With u = (x + 0.5) / w:
//   2 panes: u += u < 0.5 ? 0.25 : -0.25
//   3 panes: u += u < 1/3 ? 1/3 : (u > 2/3 ? -1/3 : 0)
//   out = in(floor(u w)), nearest, as Harbeth reads.
// p0 = panes (2 or 3), p1 = axis (0 x: side by side, 1 y: stacked).
vec4 hb_split_screen(ivec2 pos, uint base) {
    int panes = int(hbp_panes);
    int axis = int(hbp_axis);
    float size = float(axis == 0 ? hb_in_size.x : hb_in_size.y);
    float u = (float(axis == 0 ? pos.x : pos.y) + 0.5) / size;
    if (panes == 2) {
        u += u < 0.5 ? 0.25 : -0.25;
    } else {
        u += u < 1.0 / 3.0 ? 1.0 / 3.0 : (u > 2.0 / 3.0 ? -1.0 / 3.0 : 0.0);
    }
    int source = int(floor(u * size));
    return hb_load(axis == 0 ? ivec2(source, pos.y) : ivec2(pos.x, source));
}
