/// Morphology, one-axis dilation, colour packing and the affine or
/// perspective transform.
enum ShapeFilters {
    private static func pass(_ function: String, _ file: String) -> FilterStage {
        .kernel(function, file: "kernels/\(file).glsl")
    }

    private static let erode = [pass("hb_erode_h", "erode"), pass("hb_erode_v", "erode")]
    private static let dilate = [pass("hb_dilate_h", "dilate"), pass("hb_dilate_v", "dilate")]
    private static let hat = FilterStage.kernel(
        "hb_morphology_hat", file: "kernels/morphology.glsl", readsFilterInput: true)

    static let morphology = FilterDescriptor(
        name: "morphology", kind: .neighborhood, summary: "Erode, dilate, open, close, gradient and hats.",
        formula: "on the (2r + 1)^2 square per channel: erode min, dilate max, open dilate(erode), close"
            + " erode(dilate), gradient max - min, top_hat in - open, black_hat close - in (the last three keep"
            + " alpha) (Harbeth C7Morphology, which has erode and dilate)",
        parameters: [
            .choice(
                "operation", ["erode", "dilate", "open", "close", "gradient", "top_hat", "black_hat"],
                default: "open", summary: "the operation"),
            .integer("radius", default: 1, range: 1...32, summary: "half the square's side, pixels"),
        ],
        stages: erode + dilate,
        layout: ["radius", "black_hat"],
        pack: { values, _ in [Float(values.integer("radius")), values.text("operation") == "black_hat" ? 1 : 0] },
        plannedStages: { values, input in
            let stages: [FilterStage]
            switch values.text("operation") {
            case "erode": stages = erode
            case "dilate": stages = dilate
            case "close": stages = dilate + erode
            case "gradient": stages = [pass("hb_morphology_gradient", "morphology")]
            case "top_hat": stages = erode + dilate + [hat]
            case "black_hat": stages = dilate + erode + [hat]
            default: stages = erode + dilate
            }
            return stages.map { SizedStage(stage: $0, outputSize: input) }
        })

    static let rgbaDilation = FilterDescriptor(
        name: "rgba_dilation", kind: .neighborhood, summary: "Per-channel maximum along one axis.",
        formula: "max of in(p + i e) over |i| <= radius, e the axis; clamp-to-edge (Harbeth C7RGBADilation)",
        parameters: [
            .integer("radius", default: 1, range: 1...64, summary: "pixels each way"),
            .choice("axis", ["x", "y"], default: "x", summary: "x: along rows; y: along columns"),
        ],
        stages: [dilate[0]],
        // The axis chooses the stage; only the radius reaches it.
        layout: ["radius"],
        pack: { values, _ in [Float(values.integer("radius"))] },
        plannedStages: { values, input in
            [SizedStage(stage: values.text("axis") == "y" ? dilate[1] : dilate[0], outputSize: input)]
        })

    static let colorPacking = FilterDescriptor(
        name: "color_packing", kind: .neighborhood, summary: "Four diagonal neighbours' red packed into RGBA.",
        formula: "(r(-dx, -dy), r(dx, -dy), r(-dx, dy), r(dx, dy)), nearest, clamp-to-edge"
            + " (Harbeth C7ColorPacking, with offsets in pixels)",
        parameters: [
            .integer("dx", default: 1, range: 0...64, summary: "horizontal offset, pixels"),
            .integer("dy", default: 1, range: 0...64, summary: "vertical offset, pixels"),
        ],
        stages: [pass("hb_color_packing", "color_packing")])

    static let transform = FilterDescriptor(
        name: "transform", kind: .geometric, summary: "An affine or perspective warp: a matrix or four corners.",
        formula: "H maps input pixels to output pixels: matrix (a b tx / c d ty, or 3x3, row-major, about"
            + " the anchor) or the homography taking the frame's corners to `corners` (fractions of the frame,"
            + " top-left, top-right, bottom-right, bottom-left); out(p) = in(H^-1 p), bilinear; outside: fill"
            + " (Harbeth C7Transform, which has the affine matrix)",
        parameters: [
            .list(
                "matrix", count: 6...9, default: [1, 0, 0, 0, 1, 0], range: -100_000...100_000,
                summary: "a b tx c d ty (or nine numbers), translation in pixels"),
            .list("anchor", count: 2...2, default: [0.5, 0.5], range: 0...1, summary: "the matrix's origin"),
            .list("corners", count: 0...8, default: [], range: -10...10, summary: "8 numbers; replaces matrix"),
            .list("fill", count: 4...4, default: [0, 0, 0, 0], range: 0...1, summary: "r/g/b/a outside the frame"),
        ],
        stages: [.kernel("hb_transform", file: "kernels/transform.glsl", samples: true)],
        layout: [.init("inverse", count: 9), .init("fill", count: 4)],
        pack: { values, environment in
            try TransformMatrix.inverse(values: values, size: environment.inputSize).map(Float.init)
                + values.list("fill").map(Float.init)
        })

    static let all: [FilterDescriptor] = [morphology, rgbaDilation, colorPacking, transform]
}

/// The matrix of `transform`, from its values, in pixel coordinates.
enum TransformMatrix {
    /// H^-1, row-major: output pixels to input pixels.
    static func inverse(values: FilterValues, size: FrameSize) throws -> [Double] {
        let matrix = try forward(values: values, size: size)
        let inverse = ColorPrimaries.inverse(matrix)
        guard inverse.allSatisfy(\.isFinite) else {
            throw RenderError.invalidFilterSetup(filter: "transform", reason: "the matrix cannot be inverted")
        }
        return inverse
    }

    /// H: input pixels to output pixels.
    static func forward(values: FilterValues, size: FrameSize) throws -> [Double] {
        let (w, h) = (Double(size.width), Double(size.height))
        let corners = values.list("corners")
        if !corners.isEmpty {
            guard corners.count == 8 else {
                throw RenderError.invalidFilterSetup(
                    filter: "transform", reason: "corners takes 8 numbers (4 x/y pairs), not \(corners.count)")
            }
            let from = [(0.0, 0.0), (w, 0), (w, h), (0, h)]
            let to = (0..<4).map { (corners[$0 * 2] * w, corners[$0 * 2 + 1] * h) }
            return try homography(from: from, to: to)
        }
        var m = values.list("matrix")
        if m.count == 6 { m += [0, 0, 1] }
        guard m.count == 9 else {
            throw RenderError.invalidFilterSetup(filter: "transform", reason: "matrix takes 6 or 9 numbers")
        }
        // About the anchor: T(anchor) M T(-anchor).
        let anchor = values.list("anchor")
        let (ax, ay) = (anchor[0] * w, anchor[1] * h)
        let toAnchor: [Double] = [1, 0, -ax, 0, 1, -ay, 0, 0, 1]
        let back: [Double] = [1, 0, ax, 0, 1, ay, 0, 0, 1]
        return ColorPrimaries.product(back, ColorPrimaries.product(m, toAnchor))
    }

    /// The 3x3 homography taking four points to four others (h33 = 1),
    /// by Gaussian elimination of the 8 x 8 system.
    static func homography(from: [(Double, Double)], to: [(Double, Double)]) throws -> [Double] {
        var rows: [[Double]] = []
        for ((x, y), (u, v)) in zip(from, to) {
            rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
            rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
        }
        for column in 0..<8 {
            let pivot = (column..<8).max { abs(rows[$0][column]) < abs(rows[$1][column]) }!
            guard abs(rows[pivot][column]) > 1e-12 else {
                throw RenderError.invalidFilterSetup(
                    filter: "transform", reason: "three of the corners lie on one line")
            }
            rows.swapAt(column, pivot)
            for row in 0..<8 where row != column {
                let factor = rows[row][column] / rows[column][column]
                for k in column..<9 { rows[row][k] -= factor * rows[column][k] }
            }
        }
        return (0..<8).map { rows[$0][8] / rows[$0][$0] } + [1]
    }
}

extension Filter {
    /// The operations of `Filter.morphology(_:radius:)`.
    public enum MorphologyOperation: String, Sendable, CaseIterable {
        /// Minimum: grows dark areas.
        case erode
        /// Maximum: grows bright areas.
        case dilate
        /// Erode then dilate: removes small bright specks.
        case open
        /// Dilate then erode: fills small dark holes.
        case close
        /// Maximum minus minimum: outlines.
        case gradient
        /// The input minus its opening: small bright details.
        case topHat = "top_hat"
        /// The closing minus the input: small dark details.
        case blackHat = "black_hat"
    }

    /// `morphology` with `operation` over a square of `radius` (1...32, clamped).
    public static func morphology(_ operation: MorphologyOperation, radius: Int = 1) -> Filter {
        Filter(
            clamping: ShapeFilters.morphology,
            values: ["operation": .choice(operation.rawValue), "radius": .number(Double(radius))])
    }

    /// `rgba_dilation` of `radius` (1...64, clamped) along rows, or
    /// columns when `vertical`.
    public static func rgbaDilation(radius: Int = 1, vertical: Bool = false) -> Filter {
        Filter(
            clamping: ShapeFilters.rgbaDilation,
            values: ["radius": .number(Double(radius)), "axis": .choice(vertical ? "y" : "x")])
    }

    /// `color_packing` with offsets `dx` and `dy` (0...64 pixels, clamped).
    public static func colorPacking(dx: Int = 1, dy: Int = 1) -> Filter {
        Filter(clamping: ShapeFilters.colorPacking, values: ["dx": .number(Double(dx)), "dy": .number(Double(dy))])
    }

    /// `transform` by an affine matrix `a b tx c d ty` (translation in
    /// pixels) about `anchor` (fractions of the frame), `fill` outside.
    public static func transform(
        affine matrix: [Double], anchor: (x: Double, y: Double) = (0.5, 0.5), fill: [Double] = [0, 0, 0, 0]
    ) -> Filter {
        Filter(
            clamping: ShapeFilters.transform,
            values: ["matrix": .list(matrix), "anchor": .list([anchor.x, anchor.y]), "fill": .list(fill)])
    }

    /// `transform` taking the frame's corners (top-left, top-right,
    /// bottom-right, bottom-left) to `corners`, fractions of the frame.
    public static func transform(corners: [(x: Double, y: Double)], fill: [Double] = [0, 0, 0, 0]) -> Filter {
        Filter(
            clamping: ShapeFilters.transform,
            values: ["corners": .list(corners.flatMap { [$0.x, $0.y] }), "fill": .list(fill)])
    }
}
