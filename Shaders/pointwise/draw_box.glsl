// draw_box and draw_grid (FFmpeg drawbox, drawgrid): a box's edges, or the
// whole box when filled, or a grid's lines (hbp_grid 1), in a colour. The box's whole-pixel edges and size, and its thickness,
// come from the CPU (Sources/Harbeth/Filters/Builtin/DrawingFilters.swift):
//   inside = x <= px < x + w and y <= py < y + h
//   drawn  = inside and (py - y < t or y + h - 1 - py < t or px - x < t or x + w - 1 - px < t)
//   grid:  (px - x) mod w < t or (py - y) mod h < t, the remainders positive
//   drawn: rgb = mix(rgb, color, color alpha), alpha kept; replace: rgba = color
bool hb_draw_box_covers(ivec2 p, uint base) {
    ivec2 corner = ivec2(int(hbp_x), int(hbp_y));
    ivec2 size = ivec2(int(hbp_width), int(hbp_height));
    int thickness = int(hbp_thickness);
    ivec2 from = p - corner;
    if (hbp_grid > 0.5) {
        ivec2 within = ivec2(mod(vec2(from), vec2(size)));
        return within.x < thickness || within.y < thickness;
    }
    ivec2 to = corner + size - 1 - p;
    bool inside = all(greaterThanEqual(from, ivec2(0))) && all(greaterThanEqual(to, ivec2(0)));
    return inside && (from.x < thickness || from.y < thickness || to.x < thickness || to.y < thickness);
}

vec4 hb_draw_box(vec4 color, uint base) {
    if (!hb_draw_box_covers(hb_pos, base)) return color;
    vec4 box = vec4(hbp_color(0), hbp_color(1), hbp_color(2), hbp_color(3));
    if (hbp_replace > 0.5) return box;
    return vec4(mix(color.rgb, box.rgb, box.a), color.a);
}
