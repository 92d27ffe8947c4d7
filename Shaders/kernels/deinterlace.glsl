// deinterlace: FFmpeg bwdif or yadif on each plane of the decoded frames,
// in integers, then converted as hb_load converts. The input is a field
// window: the previous, current and next frames stacked (3H rows), read
// from the source's planes as coded, so chroma rows stay in their fields.
// p0 = parity: rows y with (y ^ p0) odd are made, the others kept;
// p1 = 1 when the made field's neighbours in time are the previous frame
//      and this one (bwdif's parity ^ tff), 0 for this one and the next;
// p2 = 0 temporal and spatial, 1 spatial only (the run's first field),
//      2 the frame as it is (not interlaced, deint=interlaced);
// p3 = 0 bwdif, 1 yadif.
// FFmpeg's row tests at the edges count in bytes per sample (HB_DI_BYTES).
#ifndef HB_IN_LAYOUT
#error "deinterlace reads the decoded frame's planes: it must be the first filter"
#endif

#if HB_IN_LAYOUT == 9 || HB_IN_LAYOUT == 10
#define HB_DI_CHANNELS 1
#elif HB_IN_LAYOUT == 0 || HB_IN_LAYOUT == 11 || HB_IN_LAYOUT == 8 || HB_IN_LAYOUT == 13
#define HB_DI_CHANNELS 4
#else
#define HB_DI_CHANNELS 3
#endif
#if HB_IN_LAYOUT <= 4 || HB_IN_LAYOUT == 9
#define HB_DI_BYTES 1
#else
#define HB_DI_BYTES 2
#endif

// The code value of channel `ch` of window frame `frame` (0 previous, 1
// current, 2 next) at `q` in the channel's plane, whose rows per frame
// are `rows`.
int hb_di_code(int ch, int frame, ivec2 q, int rows) {
    q.y += frame * rows;
#if HB_IN_LAYOUT == 0
    return int(hb_src_byte(0, ivec2(q.x * 4 + ch, q.y)));
#elif HB_IN_LAYOUT == 11
    return int(hb_src_short(0, ivec2(q.x * 4 + ch, q.y)));
#elif HB_IN_LAYOUT == 4
    return ch == 0 ? int(hb_src_byte(0, q)) : int(hb_src_byte(1, ivec2(q.x * 2 + ch - 1, q.y)));
#elif HB_IN_LAYOUT >= 5
    return int(hb_src_short(ch, q));
#else
    return int(hb_src_byte(ch, q));
#endif
}

// What bwdif and yadif share for row y of a made field between rows
// `above` and `below`: their values c and e, the mean d of the made field's
// own lines before and after this frame's kept field (frames `before` and
// `after`), their difference t0, and how far the result may stray from d
// in time (diff).
struct HbDiTemporal { int c; int e; int d; int t0; int diff; };

HbDiTemporal hb_di_temporal(int ch, int x, int y, int h, int above, int below, int before, int after) {
    HbDiTemporal t;
    t.c = hb_di_code(ch, 1, ivec2(x, above), h);
    t.e = hb_di_code(ch, 1, ivec2(x, below), h);
    int p2 = hb_di_code(ch, before, ivec2(x, y), h);
    int n2 = hb_di_code(ch, after, ivec2(x, y), h);
    t.d = (p2 + n2) >> 1;
    t.t0 = abs(p2 - n2);
    int t1 = (abs(hb_di_code(ch, 0, ivec2(x, above), h) - t.c) + abs(hb_di_code(ch, 0, ivec2(x, below), h) - t.e)) >> 1;
    int t2 = (abs(hb_di_code(ch, 2, ivec2(x, above), h) - t.c) + abs(hb_di_code(ch, 2, ivec2(x, below), h) - t.e)) >> 1;
    t.diff = max(max(t.t0 >> 1, t1), t2);
    return t;
}

// bwdif's value for row y of a plane of h rows (FFmpeg's filter_intra,
// filter_edge and filter_line, with its row tests).
int hb_bwdif(int ch, int x, int y, int h, int parity, int previousField, int mode, int df, int maxValue) {
#define HB_CUR(r) hb_di_code(ch, 1, ivec2(x, r), h)
    if (mode == 2 || ((y ^ parity) & 1) == 0) return HB_CUR(y);
    if (mode == 1) {
        int below = y + df < h ? y + 1 : y - 1;
        int above = y > df - 1 ? y - 1 : y + 1;
        int below3 = y + 3 * df < h ? y + 3 : y - 1;
        int above3 = y > 3 * df - 1 ? y - 3 : y + 1;
        int value = (5077 * (HB_CUR(above) + HB_CUR(below)) - 981 * (HB_CUR(above3) + HB_CUR(below3))) >> 13;
        return clamp(value, 0, maxValue);
    }
    // The made field's lines before and after this frame's kept field.
    int before = previousField == 1 ? 0 : 1;
    int after = previousField == 1 ? 1 : 2;
#define HB_P2(r) hb_di_code(ch, before, ivec2(x, r), h)
#define HB_N2(r) hb_di_code(ch, after, ivec2(x, r), h)
    bool edge = y < 4 || y + 5 > h;
    int below = !edge || y + df < h ? y + 1 : y - 1;
    int above = !edge || y > df - 1 ? y - 1 : y + 1;
    HbDiTemporal t = hb_di_temporal(ch, x, y, h, above, below, before, after);
    int c = t.c, e = t.e, d = t.d, temporal0 = t.t0, diff = t.diff;
    int p2 = HB_P2(y);
    int n2 = HB_N2(y);
    if (diff == 0) return d;
    if (!edge || !(y < 2 || y + 3 > h)) {
        int b = ((HB_P2(y - 2) + HB_N2(y - 2)) >> 1) - c;
        int f = ((HB_P2(y + 2) + HB_N2(y + 2)) >> 1) - e;
        int dc = d - c;
        int de = d - e;
        int most = max(max(de, dc), min(b, f));
        int least = min(min(de, dc), max(b, f));
        diff = max(max(diff, least), -most);
    }
    int value;
    if (edge) {
        value = (c + e) >> 1;
    } else if (abs(c - e) > temporal0) {
        int high = 5570 * (p2 + n2) - 3801 * (HB_P2(y - 2) + HB_N2(y - 2) + HB_P2(y + 2) + HB_N2(y + 2))
            + 1016 * (HB_P2(y - 4) + HB_N2(y - 4) + HB_P2(y + 4) + HB_N2(y + 4));
        value = ((high >> 2) + 4309 * (c + e) - 213 * (HB_CUR(y - 3) + HB_CUR(y + 3))) >> 13;
    } else {
        value = (5077 * (c + e) - 981 * (HB_CUR(y - 3) + HB_CUR(y + 3))) >> 13;
    }
    value = clamp(value, d - diff, d + diff);
    return clamp(value, 0, maxValue);
#undef HB_CUR
#undef HB_P2
#undef HB_N2
}

// yadif's value for row y of a plane of w x h (FFmpeg's filter_line and
// filter_edges: no spatial search within 3 columns of the sides, no
// spatial-temporal check on the second and second-last rows).
int hb_yadif(int ch, int x, int y, int w, int h, int parity, int previousField, int mode) {
#define HB_CUR(i, r) hb_di_code(ch, 1, ivec2(i, r), h)
    if (mode == 2 || ((y ^ parity) & 1) == 0) return HB_CUR(x, y);
    int before = previousField == 1 ? 0 : 1;
    int after = previousField == 1 ? 1 : 2;
#define HB_P2(r) hb_di_code(ch, before, ivec2(x, r), h)
#define HB_N2(r) hb_di_code(ch, after, ivec2(x, r), h)
    int below = y + 1 < h ? y + 1 : y - 1;
    int above = y > 0 ? y - 1 : y + 1;
    HbDiTemporal t = hb_di_temporal(ch, x, y, h, above, below, before, after);
    int c = t.c, e = t.e, d = t.d, diff = t.diff;
    int predicted = (c + e) >> 1;
    if (x >= 3 && x < w - 3) {
#define HB_SCORE(j) (abs(HB_CUR(x - 1 + (j), above) - HB_CUR(x - 1 - (j), below)) \
    + abs(HB_CUR(x + (j), above) - HB_CUR(x - (j), below)) + abs(HB_CUR(x + 1 + (j), above) - HB_CUR(x + 1 - (j), below)))
        int best = abs(HB_CUR(x - 1, above) - HB_CUR(x - 1, below)) + abs(c - e)
            + abs(HB_CUR(x + 1, above) - HB_CUR(x + 1, below)) - 1;
        for (int side = -1; side <= 1; side += 2) {
            int score = HB_SCORE(side);
            if (score < best) {
                best = score;
                predicted = (HB_CUR(x + side, above) + HB_CUR(x - side, below)) >> 1;
                score = HB_SCORE(2 * side);
                if (score < best) {
                    best = score;
                    predicted = (HB_CUR(x + 2 * side, above) + HB_CUR(x - 2 * side, below)) >> 1;
                }
            }
        }
#undef HB_SCORE
    }
    if (!(y == 1 || y + 2 == h)) {
        int b = (HB_P2(2 * above - y) + HB_N2(2 * above - y)) >> 1;
        int f = (HB_P2(2 * below - y) + HB_N2(2 * below - y)) >> 1;
        int most = max(max(d - e, d - c), min(b - c, f - e));
        int least = min(min(d - e, d - c), max(b - c, f - e));
        diff = max(max(diff, least), -most);
    }
    return clamp(predicted, d - diff, d + diff);
#undef HB_CUR
#undef HB_P2
#undef HB_N2
}

vec4 hb_deinterlace(ivec2 pos, uint base) {
    int parity = int(hbp_parity);
    int previousField = int(hbp_previous_field);
    int mode = int(hbp_mode);
    bool yadif = hbp_yadif > 0.5;
    int df = HB_DI_BYTES;
    int maxValue = int(HB_IN_MAX);
    int height = hb_in_size.y / 3;
    vec4 codes = vec4(0.0);
    for (int ch = 0; ch < HB_DI_CHANNELS; ch++) {
        ivec2 shift = ch == 1 || ch == 2 ? HB_IN_SHIFT : ivec2(0);
        ivec2 q = pos >> shift;
        int rows = (height + (1 << shift.y) - 1) >> shift.y;
        int columns = (hb_in_size.x + (1 << shift.x) - 1) >> shift.x;
        codes[ch] = float(
            yadif ? hb_yadif(ch, q.x, q.y, columns, rows, parity, previousField, mode)
                  : hb_bwdif(ch, q.x, q.y, rows, parity, previousField, mode, df, maxValue));
    }
#if HB_IN_LAYOUT == 0 || HB_IN_LAYOUT == 11
    return codes / HB_IN_MAX;
#elif HB_IN_LAYOUT == 9 || HB_IN_LAYOUT == 10
    float neutral = HB_IN_LAYOUT == 9 ? 128.0 : 32768.0;
    return vec4((hb_yuv_to_rgb * vec4(codes.x, neutral, neutral, 1.0)).rgb, 1.0);
#else
    float alpha = HB_DI_CHANNELS == 4 ? codes.w / HB_IN_MAX : 1.0;
    return vec4((hb_yuv_to_rgb * vec4(codes.xyz, 1.0)).rgb, alpha);
#endif
}
