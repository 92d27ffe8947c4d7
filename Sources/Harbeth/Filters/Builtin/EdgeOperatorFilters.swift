/// FFmpeg's edge operators (vf_convolution's prewitt, sobel, scharr,
/// roberts and kirsch): each plane's gradient over the 3x3 square, times
/// `scale` plus `delta`, cut to a whole code, on the planes `planes` picks
/// (the others copied). Catalog `sobel` is Harbeth's luma edges: FFmpeg's
/// sobel is `sobel_planes`, which `-vf sobel` with FFmpeg's options names.
enum EdgeOperatorFilters {
    /// The operators, in the order the planes' shader numbers them from 4.
    enum Operator: Int, CaseIterable {
        case prewitt = 4
        case sobel = 5
        case scharr = 6
        case roberts = 7
        case kirsch = 8

        /// The catalog's name.
        var name: String { self == .sobel ? "sobel_planes" : "\(self)" }

        /// The gradient, as FFmpeg computes it from the square c0...c8
        /// (row by row, c4 the sample).
        var formula: String {
            switch self {
            case .prewitt: return "a = c6 + c7 + c8 - c0 - c1 - c2, b = c2 + c5 + c8 - c0 - c3 - c6; sqrt(a^2 + b^2)"
            case .sobel:
                return "a = c6 + 2 c7 + c8 - c0 - 2 c1 - c2, b = c2 + 2 c5 + c8 - c0 - 2 c3 - c6; sqrt(a^2 + b^2)"
            case .scharr:
                return
                    "a = (47 (c6 + c8 - c0 - c2) + 162 (c7 - c1)) / 256, b = (47 (c2 + c8 - c0 - c6) + 162 (c5 - c3))"
                    + " / 256; sqrt(a^2 + b^2)"
            case .roberts: return "a = c0 - c1, b = c4 - c3; sqrt(a^2 + b^2)"
            case .kirsch:
                return "|the largest of 8 sums|, each 5 times three samples in a row of c0 c1 c2 c3 c5 c6 c7 c8"
                    + " (cyclic) and -3 times the other five"
            }
        }
    }

    static let prewitt = descriptor(.prewitt)
    static let sobelPlanes = descriptor(.sobel)
    static let scharr = descriptor(.scharr)
    static let roberts = descriptor(.roberts)
    static let kirsch = descriptor(.kirsch)

    static let all = [prewitt, sobelPlanes, scharr, roberts, kirsch]

    /// The operator of one of `all`.
    static func operation(of descriptor: FilterDescriptor) -> Operator? {
        Operator.allCases.first { $0.name == descriptor.name }
    }

    private static func descriptor(_ operation: Operator) -> FilterDescriptor {
        FilterDescriptor(
            name: operation.name, kind: .neighborhood,
            summary: "FFmpeg's \(operation == .sobel ? "sobel" : operation.name) edge operator, plane by plane.",
            formula:
                "per plane in its own samples, FFmpeg's \(operation == .sobel ? "sobel" : operation.name): over the"
                + " 3x3 square c0...c8 (mirrored at the edges: -1 is 1, w is w - 1), \(operation.formula); times scale,"
                + " plus delta, cut to a whole code and clamped; planes not in `planes` kept. Alone on 8- to 12-bit"
                + " planar YUV or grey written back as is: on the planes, FFmpeg's frames exactly. Elsewhere on RGB in"
                + " 8-bit codes, green, blue and red as FFmpeg's planes 0 to 2 of planar RGB, the alpha kept (an"
                + " opaque frame's would be 0 after it; FFmpeg filters the alpha plane of frames that have one)",
            parameters: [
                .integer("planes", default: 15, range: 0...15, summary: "the planes filtered, a bit each (1: Y or G)"),
                .number("scale", default: 1, range: 0...65535, summary: "what the gradient is multiplied by"),
                .number("delta", default: 0, range: -65535...65535, summary: "what is added to it, in codes"),
            ],
            stages: [.kernel("hb_edge_operator", file: "kernels/edge_operators.glsl")],
            layout: ["operator", "planes", "scale", "delta"],
            pack: { values, _ in
                [
                    Float(operation.rawValue), Float(values.integer("planes")), Float(values.number("scale")),
                    Float(values.number("delta")),
                ]
            })
    }
}
