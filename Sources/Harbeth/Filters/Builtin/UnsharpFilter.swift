/// FFmpeg's unsharp, with its options and in its own fixed point: each
/// plane blurred by a binomial mask and the difference added back, times
/// its amount (negative amounts blur).
enum UnsharpFilter {
    /// The values' prefixes: Y takes luma's, U and V chroma's, A alpha's.
    static let kinds = ["luma", "chroma", "alpha"]

    static let descriptor = FilterDescriptor(
        name: "unsharp", kind: .neighborhood,
        summary: "Sharpens or blurs each plane with a binomial mask (FFmpeg unsharp).",
        formula: "per plane (Y: luma, U and V: chroma, A: alpha) on codes v: sx = msize_x / 2, sy = msize_y / 2,"
            + " b = 2 (sx + sy), blur = (sum C(2 sx, i) C(2 sy, j) v[x - sx + i, y - sy + j] + 2^(b - 1)) >> b"
            + " (clamp-to-edge), out = clip(v + (((v - blur) trunc(65536 amount)) >> 16)), FFmpeg's unsharp in its"
            + " fixed point; sizes odd, sx + sy <= 12. Alone on 8-bit planar YUV or grey written back as is: on"
            + " the planes, FFmpeg's frames exactly. Elsewhere on RGB: Y, U, V by BT.601 from RGB, each treated"
            + " so at full size, and back",
        parameters: kinds.flatMap { kind -> [FilterParameter] in
            [
                .integer("\(kind)_msize_x", default: 5, range: 3...23, summary: "\(kind) mask width, odd"),
                .integer("\(kind)_msize_y", default: 5, range: 3...23, summary: "\(kind) mask height, odd"),
                .number(
                    "\(kind)_amount", default: kind == "luma" ? 1 : 0, range: -2...5,
                    summary: "\(kind) strength: positive sharpens, negative blurs, 0 leaves it"),
            ]
        },
        stages: [.kernel("hb_unsharp", file: "kernels/unsharp.glsl")],
        layout: [.init("steps", count: 9)],
        pack: { values, _ in packed(values).map(Float.init) },
        checkValues: check)

    /// Each kind's half width and height and its amount in 16.16 fixed
    /// point (FFmpeg keeps the amount as a float, then truncates 65536
    /// times it), luma, chroma, alpha.
    static func packed(_ values: FilterValues) -> [Double] {
        kinds.flatMap { kind -> [Double] in
            let amount = (Double(Float(values.number("\(kind)_amount"))) * 65536).rounded(.towardZero)
            return [
                Double(values.integer("\(kind)_msize_x") / 2), Double(values.integer("\(kind)_msize_y") / 2), amount,
            ]
        }
    }

    /// FFmpeg's limits: odd sizes, and half sizes that add up to 12 at most
    /// (the mask's weights then sum to 2^24 at most).
    @Sendable static func check(_ values: FilterValues) throws(FilterChainError) {
        for kind in kinds {
            for axis in ["x", "y"] {
                let name = "\(kind)_msize_\(axis)"
                // A mask's size decides how far the pass reads, as FFmpeg's does once.
                if let animated = values.values[name]?.animated {
                    throw .invalidValue(
                        filter: "unsharp", parameter: name, text: animated.description,
                        expected: "an odd size, 3...23 (a mask's size does not move)", column: nil)
                }
                let size = values.integer(name)
                guard size % 2 == 1 else {
                    throw .invalidValue(
                        filter: "unsharp", parameter: name, text: "\(size)", expected: "an odd size, 3...23",
                        column: nil)
                }
            }
            let (x, y) = (values.integer("\(kind)_msize_x"), values.integer("\(kind)_msize_y"))
            guard x / 2 + y / 2 <= 12 else {
                throw .invalidValue(
                    filter: "unsharp", parameter: "\(kind)_msize_y", text: "\(y)",
                    expected: "a mask of \(x)x\(y) or smaller: FFmpeg's limit is half sizes that add up to 12"
                        + " (13x13, 23x3)", column: nil)
            }
        }
    }
}

extension Filter {
    /// `unsharp` (FFmpeg's): each plane blurred by a binomial mask of
    /// `size` (odd, 3...23, half sizes adding up to 12 at most) and the
    /// difference added back times its amount (-2...5; negative blurs):
    /// `luma` for Y, `chroma` for U and V, `alpha` for A.
    public static func unsharp(
        luma: (width: Int, height: Int, amount: Double) = (5, 5, 1),
        chroma: (width: Int, height: Int, amount: Double) = (5, 5, 0),
        alpha: (width: Int, height: Int, amount: Double) = (5, 5, 0)
    ) throws(FilterChainError) -> Filter {
        var values: [String: FilterValue] = [:]
        for (kind, given) in zip(UnsharpFilter.kinds, [luma, chroma, alpha]) {
            values["\(kind)_msize_x"] = .number(Double(given.width))
            values["\(kind)_msize_y"] = .number(Double(given.height))
            values["\(kind)_amount"] = .number(given.amount)
        }
        return try Filter(UnsharpFilter.descriptor, values: values)
    }
}
