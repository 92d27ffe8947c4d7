/// FFmpeg's boxblur, with its options and in its own fixed point: each
/// plane blurred by a box of its radius, `power` times along the rows and
/// then `power` times down the columns, the edges mirrored, every pass
/// rounded to codes.
enum BoxblurFilter {
    /// The values' prefixes: Y takes luma's, U and V chroma's, A alpha's.
    static let kinds = ["luma", "chroma", "alpha"]

    static let descriptor = FilterDescriptor(
        name: "boxblur", kind: .neighborhood,
        summary: "Blurs each plane with a box, power times each way (FFmpeg boxblur).",
        formula: "per plane (Y: luma, U and V: chroma, A: alpha) of len samples along a row or column, radius r,"
            + " L = 2r + 1, inv = (2^16 + L / 2) / L: out[x] = (inv sum v[m(x + i)], |i| <= r, + 2^15) >> 16,"
            + " m mirroring the edges (m(-1) = 0, m(len) = len - 1); power passes along the rows, then power"
            + " down the columns, each rounded to codes, FFmpeg's boxblur. A radius is an expression of w, h,"
            + " cw, ch, hsub, vsub, at most half the plane's smaller side; chroma and alpha take luma's radius and"
            + " power unless given. Alone on 8- to 12-bit planar YUV or grey written back as is: on the planes,"
            + " FFmpeg's frames exactly. Elsewhere on RGB: Y, U, V by BT.601 from RGB at full size (cw = w),"
            + " each by the power-fold box at once, and back",
        parameters: [
            .planeExpression("luma_radius", default: "2", summary: "luma's box radius, in samples"),
            .integer(
                "luma_power", default: 2, range: 0...100, summary: "times luma is blurred each way", structural: true),
            .planeExpression("chroma_radius", summary: "chroma's box radius, in chroma samples; empty: luma's"),
            .integer(
                "chroma_power", default: -1, range: -1...100, summary: "times chroma is blurred; -1: luma's",
                structural: true),
            .planeExpression("alpha_radius", summary: "alpha's box radius; empty: luma's"),
            .integer(
                "alpha_power", default: -1, range: -1...100, summary: "times alpha is blurred; -1: luma's",
                structural: true),
        ],
        stages: [
            .kernel("hb_boxblur_h", file: "kernels/boxblur.glsl"),
            .kernel("hb_boxblur_v", file: "kernels/boxblur.glsl"),
        ],
        dataInBuffer: true,
        layout: [.init("reach", count: 3), .rest("weights")],
        pack: { values, environment in
            let size = environment.inputSize
            let planes = try evaluated(values, width: size.width, height: size.height, chromaShift: (0, 0))
            return weights(planes)
        })

    /// One plane's box: its radius in samples and how many times it runs each way.
    struct Box: Hashable, Sendable {
        var radius: Int
        var power: Int

        /// Whether it changes the plane at all.
        var blurs: Bool { radius > 0 && power > 0 }
    }

    /// The boxes of luma, chroma and alpha for frames `width` x `height`
    /// whose chroma planes are subsampled by `chromaShift`, FFmpeg's way:
    /// each radius evaluated with w, h, cw, ch, hsub, vsub and truncated,
    /// chroma's and alpha's taking luma's where not given; a radius past
    /// half its plane's smaller side is an error.
    static func evaluated(_ values: FilterValues, width: Int, height: Int, chromaShift: (x: Int, y: Int))
        throws(RenderError) -> [Box]
    {
        let chromaWidth = (width + (1 << chromaShift.x) - 1) >> chromaShift.x
        let chromaHeight = (height + (1 << chromaShift.y) - 1) >> chromaShift.y
        var variables = ExpressionVariables(w: Double(width), h: Double(height))
        variables.chromaWidth = Double(chromaWidth)
        variables.chromaHeight = Double(chromaHeight)
        variables.hsub = Double(1 << chromaShift.x)
        variables.vsub = Double(1 << chromaShift.y)
        var boxes: [Box] = []
        for kind in kinds {
            var text = values.text("\(kind)_radius")
            if text.isEmpty { text = values.text("luma_radius") }
            var power = values.integer("\(kind)_power")
            if power < 0 { power = values.integer("luma_power") }
            let value: Double
            do {
                value = try ParameterExpression(parsing: text, names: .planes).value(variables)
            } catch {
                throw .invalidFilterSetup(filter: "boxblur", reason: "\(kind)_radius '\(text)': \(error)")
            }
            let radius = Int(exactly: value.rounded(.towardZero)) ?? -1
            // FFmpeg checks alpha against the luma plane's size.
            let (side, name) =
                kind == "chroma" ? (min(chromaWidth, chromaHeight), "chroma") : (min(width, height), kind)
            guard radius >= 0, 2 * radius <= side else {
                throw .invalidFilterSetup(
                    filter: "boxblur",
                    reason: "\(name) radius \(FilterValue.format(value.rounded(.towardZero))) must be 0...\(side / 2)"
                        + " (half the \(name) plane's smaller side, \(side))")
            }
            boxes.append(Box(radius: radius, power: power))
        }
        return boxes
    }

    /// The RGB path's data: each kind's reach (power times radius), then
    /// the weights of its power-fold box from the centre out, luma's,
    /// chroma's, alpha's.
    static func weights(_ boxes: [Box]) -> [Float] {
        var reach: [Float] = []
        var weights: [Float] = []
        for box in boxes {
            var kernel: [Double] = [1]
            if box.blurs {
                let width = 2 * box.radius + 1
                for _ in 0..<box.power {
                    var next = [Double](repeating: 0, count: kernel.count + width - 1)
                    for (index, weight) in kernel.enumerated() {
                        for offset in 0..<width { next[index + offset] += weight / Double(width) }
                    }
                    kernel = next
                }
            }
            let centre = kernel.count / 2
            reach.append(Float(centre))
            weights += kernel[centre...].map(Float.init)
        }
        return reach + weights
    }

}

extension Filter {
    /// `boxblur` (FFmpeg's): each plane blurred by a box of `radius`
    /// samples either side, `power` times along the rows and then down the
    /// columns, the edges mirrored: `luma` for Y, `chroma` for U and V (in
    /// chroma samples; nil: luma's), `alpha` for A (nil: luma's). A radius
    /// past half its plane's smaller side fails when the frame comes.
    public static func boxblur(
        luma: (radius: Int, power: Int) = (2, 2), chroma: (radius: Int, power: Int)? = nil,
        alpha: (radius: Int, power: Int)? = nil
    ) throws(FilterChainError) -> Filter {
        var values: [String: FilterValue] = [:]
        for (kind, given) in zip(BoxblurFilter.kinds, [luma, chroma, alpha]) {
            guard let given else { continue }
            values["\(kind)_radius"] = .text("\(given.radius)")
            values["\(kind)_power"] = .number(Double(given.power))
        }
        return try Filter(BoxblurFilter.descriptor, values: values)
    }
}
