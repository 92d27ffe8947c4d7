// mirror: one half of the frame reflected onto the other, about the
// centre line (Harbeth C7Mirror is a plain left-right flip, which
// flip=h does). keep: 0 the left half, 1 the right, 2 the top,
// 3 the bottom:
//   left: out(x, y) = in(x < w - 1 - x ? x : w - 1 - x, y), likewise the others.
// p0 = the half kept.
vec4 hb_mirror(ivec2 pos, uint base) {
    int mode = int(hbp_keep);
    ivec2 last = hb_in_size - 1;
    ivec2 reflected = last - pos;
    ivec2 p = pos;
    if (mode == 0) p.x = min(pos.x, reflected.x);
    else if (mode == 1) p.x = max(pos.x, reflected.x);
    else if (mode == 2) p.y = min(pos.y, reflected.y);
    else p.y = max(pos.y, reflected.y);
    return hb_load(p);
}
