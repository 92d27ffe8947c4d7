// boxblur (FFmpeg's) on the frame's own planes (Sources/Harbeth/Graph/
// PlaneBoxblur.swift), in its fixed point: a line of len samples blurred
// by a box of radius r is, with L = 2r + 1 and inv = (2^16 + L / 2) / L,
//   out[x] = (inv sum v[m(x + i)], |i| <= r, + 2^15) >> 16,
// m mirroring the edges (m(-1) = 0, m(len) = len - 1), kept in the
// sample's bits as FFmpeg stores it. Each plane runs its power q times
// along every row, then q times down every column, each pass rounded to
// codes. A running sum gives each sample from the one before: add the
// sample entering the box, take away the one leaving it.
//
// Per plane p, in the data buffer from hb_base(0) + 3p (HB_PLANE_DATA):
// r, q, inv; a plane left alone has r = 0, q = 1, inv = 2^16 (a copy).
//
// HB_DIRECTION 0, rows: an invocation walks whole rows of each plane. Pass
// k of q reads the source (k = 1) or what pass k - 1 wrote, and writes
// 16-bit codes to the intermediate planes (hb_out_planes[p].xy) when
// q - k is even, else to the scratch planes (.zw), both through the
// destination binding (HB_DST_READ): the last pass lands in the
// intermediate planes.
// HB_DIRECTION 1, columns: an invocation walks a whole column of groups
// of four samples. Pass k < q writes the scratch planes (hb_out_planes
// [p].zw) when k is odd, the intermediate planes (hb_in_planes[p].xy)
// when even, all through the scratch binding; pass q writes the output.

const ivec2 HB_BLOCK = ivec2(HB_BLOCK_W, HB_BLOCK_H);

// What a sample's bits hold, as FFmpeg stores a pass's result.
const uint HB_BB_MASK = (1u << uint(8 * HB_IN_BYTES)) - 1u;

int hb_bb_mirror(int i, int len) {
    return i < 0 ? -i - 1 : (i >= len ? 2 * len - i - 1 : i);
}

#if HB_DIRECTION == 0
// Where the rows' passes keep their lines: 1 the intermediate planes, 2 the scratch planes.
ivec2 hb_bb_place(int plane, int at) {
    return at == 1 ? hb_out_planes[plane].xy : hb_out_planes[plane].zw;
}

// Where a row lies: its first sample's byte, the bytes a sample takes, and
// whether it is the source's (else a pass's planes, read through the
// destination).
struct HBLine {
    int start;
    int bytes;
    bool source;
};

HBLine hb_bb_line(int plane, int row, int from) {
    if (from == 0) return HBLine(hb_in_planes[plane].x + row * hb_in_planes[plane].y, HB_IN_BYTES, true);
    ivec2 place = hb_bb_place(plane, from);
    return HBLine(place.x + row * place.y, 2, false);
}

// Sample i of a row. A walk reads its samples in order, so each reader
// keeps the word it read last (`cached`, `word`) and loads the next only
// when the sample lies in it: a word a group of samples, not one a sample.
int hb_bb_get(HBLine line, int i, inout int cached, inout uint word) {
    int at = line.start + i * line.bytes;
    int index = at >> 2;
    if (index != cached) {
        cached = index;
        word = line.source ? hb_src_at(index) : hb_dst_at(index);
    }
    return int((word >> (uint(at & 3) * 8u)) & ((1u << uint(8 * line.bytes)) - 1u));
}

void hb_bb_put_pair(int plane, int row, int to, int pair, uint word) {
    ivec2 place = hb_bb_place(plane, to);
    hb_dst_put((place.x + row * place.y + 4 * pair) >> 2, word);
}

// One pass along a row of len samples, two samples to a written word.
void hb_bb_row(int plane, int row, int len, int r, int inv, int from, int to) {
    HBLine line = hb_bb_line(plane, row, from);
    // The readers of the samples entering and leaving the box.
    int entering = -1;
    uint enteringWord = 0u;
    int leaving = -1;
    uint leavingWord = 0u;
    int sum = 0;
    for (int i = -r; i <= r; i++) {
        sum += hb_bb_get(line, hb_bb_mirror(i, len), entering, enteringWord);
    }
    uint pending = 0u;
    for (int x = 0; x < len; x++) {
        if (x > 0) {
            sum += hb_bb_get(line, hb_bb_mirror(x + r, len), entering, enteringWord)
                - hb_bb_get(line, hb_bb_mirror(x - r - 1, len), leaving, leavingWord);
        }
        uint code = uint((sum * inv + 32768) >> 16) & HB_BB_MASK;
        if ((x & 1) == 0) {
            pending = code;
        } else {
            hb_bb_put_pair(plane, row, to, x >> 1, pending | (code << 16));
        }
    }
    if ((len & 1) == 1) hb_bb_put_pair(plane, row, to, len >> 1, pending);
}
#else
// Where the columns' passes keep their lines: 1 the intermediate planes, 2 the scratch planes.
ivec2 hb_bb_place(int plane, int at) {
    return at == 1 ? hb_in_planes[plane].xy : hb_out_planes[plane].zw;
}

// Group g of a row of a pass's planes (1, 2), as 16-bit codes.
ivec4 hb_bb_group(int plane, int row, int g, int from) {
    ivec2 place = hb_bb_place(plane, from);
    int word = (place.x + row * place.y + 8 * g) >> 2;
    uint a = hb_scratch_at(word);
    uint b = hb_scratch_at(word + 1);
    return ivec4(uvec4(a & 0xFFFFu, a >> 16, b & 0xFFFFu, b >> 16));
}

void hb_bb_put_group(int plane, int row, int g, int to, uvec4 codes) {
    if (to == 0) {
        hb_put_codes(plane, row, g, vec4(codes));
        return;
    }
    ivec2 place = hb_bb_place(plane, to);
    int word = (place.x + row * place.y + 8 * g) >> 2;
    hb_scratch_put(word, codes.x | (codes.y << 16));
    hb_scratch_put(word + 1, codes.z | (codes.w << 16));
}

// One pass down four columns of len samples: to 0 is the output.
void hb_bb_column(int plane, int g, int len, int r, int inv, int from, int to) {
    ivec4 sum = ivec4(0);
    for (int i = -r; i <= r; i++) {
        sum += hb_bb_group(plane, hb_bb_mirror(i, len), g, from);
    }
    for (int y = 0; y < len; y++) {
        if (y > 0) {
            sum += hb_bb_group(plane, hb_bb_mirror(y + r, len), g, from)
                - hb_bb_group(plane, hb_bb_mirror(y - r - 1, len), g, from);
        }
        hb_bb_put_group(plane, y, g, to, uvec4((sum * inv + 32768) >> 16) & HB_BB_MASK);
    }
}
#endif

// The plane's box (r, q, inv; a copy for a plane left alone).
ivec3 hb_bb_box(uint data) {
    int r = int(hb_data_at(data));
    int q = int(hb_data_at(data + 1u));
    int inv = int(hb_data_at(data + 2u));
    return r == 0 || q == 0 ? ivec3(0, 1, 65536) : ivec3(r, q, inv);
}

#if HB_DIRECTION == 0
// The row's q passes, from the source to the intermediate planes.
void hb_walk_row(int plane, int row, int width, uint data) {
    ivec3 box = hb_bb_box(data);
    int from = 0;
    for (int k = 1; k <= box.y; k++) {
        int to = ((box.y - k) & 1) == 0 ? 1 : 2;
        hb_bb_row(plane, row, width, box.x, box.z, from, to);
        from = to;
    }
}
#else
// The column's q passes, from the intermediate planes to the output.
void hb_walk_column(int plane, int g, int height, uint data) {
    ivec3 box = hb_bb_box(data);
    int from = 1;
    for (int k = 1; k <= box.y; k++) {
        int to = k == box.y ? 0 : ((k & 1) == 1 ? 2 : 1);
        hb_bb_column(plane, g, height, box.x, box.z, from, to);
        from = to;
    }
}
#endif
