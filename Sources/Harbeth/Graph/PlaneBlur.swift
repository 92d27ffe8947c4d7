import Foundation

/// Blurs written back in the frame's own layout are linear per plane, so
/// they run on the planes (io/planes_blur.glsl), as FFmpeg's avgblur,
/// gblur and unsharp do: rows from the source planes into 16-bit
/// intermediate planes, then columns into the output planes, Y, U, V (and
/// A) each at its own size. Nothing is converted to RGB, and a sample
/// costs a few loads and one multiply-add per tap instead of the RGB
/// path's float images.
///
/// A subsampled plane is blurred by the same extent of the picture: a
/// Gaussian's sigma, and a box's width 2r + 1, are divided by the
/// subsampling in that direction (a box of 2.5 chroma samples weighs the
/// centre 1 and each neighbour 0.75, over 2.5). `unsharp_mask` (with no
/// threshold, where it is linear) adds `amount` times the difference
/// back to Y, U and V; alpha it leaves alone, as the RGB path does.
///
/// One filter alone, written as its input's layout (planar YUV of 8, 10
/// and 12 bits, grey), up to a radius of 32: a box up to radius 32, a
/// Gaussian or an unsharp mask up to sigma 10.6 (a Gaussian wider than
/// that takes the RGB path's pyramid; measured on lavapipe, the planes are
/// faster up to there: 1080p sigma 5 in 1.9 s against the pyramid's 4.5 s,
/// sigma 10 in 4.0 against 6.3). `--no-fusion` blurs on the RGB path.
///
/// A CPU-class device walks wide blurs, however wide, at a cost that does
/// not grow with their size (`Walk`): a Gaussian (or an unsharp mask's) of
/// sigma above 5.33 recursively (`Recursive`), each row and each column
/// walked forwards and backwards through Deriche's fourth-order
/// approximation; a box of radius 8 or more as running sums
/// (`RunningSum`). A GPU-class device keeps the windows, and the RGB path
/// past them, since a walk gives it one invocation per row where it wants
/// one per pixel.
enum PlaneBlur {
    /// The two passes.
    enum Direction: Int, Hashable, Sendable {
        case rows = 0
        case columns = 1
    }

    /// How the passes of a CPU-class device walk whole rows and columns
    /// instead of sliding a window, at a cost that does not grow with the
    /// blur's size.
    enum Walk: Hashable, Sendable {
        /// A Gaussian (or an unsharp mask's) through Deriche's recursive
        /// filter (`Recursive`), forwards then backwards.
        case recursive
        /// A box as a running sum (`RunningSum`), forwards: each sample
        /// adds the one entering the box and takes away the one leaving.
        case runningSum
    }

    /// What a plan compiles in: the window's radius (one of `radii`; 0
    /// for a walk), whether the columns pass adds the difference back
    /// (unsharp), and how the passes walk, if they do.
    struct Shape: Hashable, Sendable {
        let radius: Int
        let sharpens: Bool
        var walk: Walk? = nil
    }

    /// One of the two passes of a plan.
    struct Pass: Hashable, Sendable {
        let direction: Direction
        let shape: Shape
    }

    /// The stage a blur pass runs (its data: each plane's amount and weights).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_blur", code: .embedded("io/planes_blur.glsl"))

    /// Layouts whose planes the blur reads and writes.
    static let layouts: Set<PixelLayout> = [
        .yuv420p, .yuv422p, .yuv444p, .yuv420p10, .yuv422p10, .yuv444p10, .yuva444p10, .yuv444p12, .yuva444p12,
        .gray8, .gray16,
    ]

    /// The window radii plans compile: a radius takes the smallest that
    /// holds it (zero weights past its own), so a moving sigma makes a
    /// handful of plans, not one per value.
    static let radii = [2, 4, 6, 8, 12, 16, 24, 32]

    /// Groups of four samples a rows pass walks per invocation, and rows a
    /// columns pass walks: the window is loaded once per run.
    static let rowRun = 16
    static let columnRun = 32

    /// The shape of the blur `filters` make on frames of `input` written as
    /// `outputLayout` on a device of `deviceClass`; nil when it stays on the
    /// RGB path.
    static func shape(
        of filters: [Filter], input: FrameFormat, outputLayout: PixelLayout,
        deviceClass: DeviceCapabilities.DeviceClass
    ) -> Shape? {
        guard filters.count == 1, let filter = filters.first, filter.nodeInputSizes.isEmpty,
            filter.descriptor.sourcePath == nil, outputLayout == input.layout, layouts.contains(input.layout)
        else { return nil }
        let values = filter.values
        let needed: Int
        switch filter.descriptor {
        case NeighbourhoodFilters.boxBlur:
            needed = values.integer("radius")
        case BlurFilters.gaussianBlur:
            needed = Int(BlurFilters.gaussianWeights(sigma: values.number("sigma"))[0])
        case NeighbourhoodFilters.unsharpMask:
            guard values.number("threshold") == 0, !values.animated.contains("threshold") else { return nil }
            needed = Int(BlurFilters.gaussianWeights(sigma: values.number("sigma"))[0])
        default:
            return nil
        }
        let sharpens = filter.descriptor == NeighbourhoodFilters.unsharpMask
        if deviceClass == .cpu {
            if filter.descriptor == NeighbourhoodFilters.boxBlur {
                if needed >= RunningSum.fromRadius { return Shape(radius: 0, sharpens: false, walk: .runningSum) }
            } else if needed >= Recursive.fromRadius {
                return Shape(radius: 0, sharpens: sharpens, walk: .recursive)
            }
        }
        guard let radius = radii.first(where: { $0 >= needed }) else { return nil }
        return Shape(radius: radius, sharpens: sharpens)
    }

    /// The layout of the intermediate planes: the same planes with 16-bit
    /// samples (8-bit samples keep 8 bits of fraction).
    static func intermediateLayout(for layout: PixelLayout) -> PixelLayout {
        switch layout {
        case .yuv420p: return .yuv420p10
        case .yuv422p: return .yuv422p10
        case .yuv444p: return .yuv444p10
        case .gray8: return .gray16
        default: return layout
        }
    }

    /// The luma pixels one invocation covers: a run of groups along the
    /// rows of one chroma row, or a run of rows down one chroma group.
    static func block(_ pass: Pass, layout: PixelLayout) -> (x: Int, y: Int) {
        let shift = layout.chromaShift
        if pass.shape.walk != nil { return walkBlock(pass.direction, layout: layout) }
        switch pass.direction {
        case .rows: return (4 * rowRun, 1 << shift.y)
        case .columns: return (4 << shift.x, columnRun)
        }
    }

    /// Each plane's data for one pass of `filter` on frames of `input`:
    /// the amount added back (unsharp), then the weights from the centre
    /// out to the shape's radius, or a recursive blur's coefficients.
    static func packed(_ filter: Filter, direction: Direction, input: FrameFormat, shape: Shape) -> [Float] {
        let layout = input.layout
        let radius = shape.radius
        return (0..<layout.planeCount).flatMap { plane -> [Float] in
            let chroma = plane == 1 || plane == 2
            let shift = chroma ? (direction == .rows ? layout.chromaShift.x : layout.chromaShift.y) : 0
            let amount =
                filter.descriptor == NeighbourhoodFilters.unsharpMask && plane < 3 ? filter.values.number("amount") : 0
            switch shape.walk {
            case .recursive:
                return [Float(amount)] + Recursive(sigma: filter.values.number("sigma") / Double(1 << shift)).packed
            case .runningSum:
                return [0] + RunningSum(radius: filter.values.integer("radius"), shift: shift).packed
            case nil:
                break
            }
            var weights = self.weights(filter, shift: shift)
            weights += [Double](repeating: 0, count: max(0, radius + 1 - weights.count))
            return [Float(amount)] + weights.prefix(radius + 1).map(Float.init)
        }
    }

    /// The weights from the centre out of `filter`'s blur on a plane
    /// subsampled by `shift` (0 or 1) in this direction.
    static func weights(_ filter: Filter, shift: Int) -> [Double] {
        let scale = Double(1 << shift)
        if filter.descriptor == NeighbourhoodFilters.boxBlur {
            let box = RunningSum(radius: filter.values.integer("radius"), shift: shift)
            return [Double](repeating: 1 / box.width, count: box.whole + 1)
                + (box.edge > 0 ? [box.edge / box.width] : [])
        }
        let weights = BlurFilters.gaussianWeights(sigma: filter.values.number("sigma") / scale)
        return weights.dropFirst().map(Double.init)
    }

    /// The floats each plane's data takes in a pass of `shape`.
    static func planeFloats(_ shape: Shape) -> Int {
        switch shape.walk {
        case .recursive: return 1 + Recursive.floats
        case .runningSum: return 1 + RunningSum.floats
        case nil: return shape.radius + 2
        }
    }

    /// A walk's block side: past any frame's side.
    static let walkSide = 1 << 15

    /// The luma pixels one invocation of a walk covers (a walking blur's,
    /// boxblur's, gblur's): whole rows of one chroma row, or a whole column
    /// of one chroma group.
    static func walkBlock(_ direction: Direction, layout: PixelLayout) -> (x: Int, y: Int) {
        let shift = layout.chromaShift
        switch direction {
        case .rows: return (walkSide, 1 << shift.y)
        case .columns: return (4 << shift.x, walkSide)
        }
    }

    /// The GLSL of the window walks for `pass` (declared in
    /// io/planes_blur.glsl): the window's samples held in variables and
    /// slid along the run, every tap unrolled, so nothing is indexed at
    /// run time.
    static func taps(_ pass: Pass) -> String {
        let radius = pass.shape.radius
        var lines: [String] = []
        let weights = (0...radius).map { "float k\($0) = hb_p[data + \($0 + 1)u];" }
        switch pass.direction {
        case .rows:
            // Groups of four either side that the taps reach.
            let side = (radius + 3) / 4
            let window = 2 * side + 1
            // Samples 4g + t ... 4g + t + 3 from the window's groups.
            func shifted(_ t: Int) -> String {
                let at = 4 * side + t
                let (q, r) = (at / 4, at % 4)
                switch r {
                case 0: return "w\(q)"
                case 1: return "vec4(w\(q).yzw, w\(q + 1).x)"
                case 2: return "vec4(w\(q).zw, w\(q + 1).xy)"
                default: return "vec4(w\(q).w, w\(q + 1).xyz)"
                }
            }
            lines.append("void hb_blur_row(int plane, int row, int first, int count, uint data) {")
            lines += weights
            lines += (0..<window).map { "vec4 w\($0) = hb_group(plane, row, first + \($0 - side));" }
            lines.append("for (int n = 0; n < count; n++) {")
            lines.append("vec4 sum = k0 * w\(side);")
            lines += (1...radius).map { "sum += k\($0) * (\(shifted($0)) + \(shifted(-$0)));" }
            lines.append("hb_put(plane, row, first + n, sum);")
            lines += (0..<window - 1).map { "w\($0) = w\($0 + 1);" }
            lines.append("w\(window - 1) = hb_group(plane, row, first + n + \(side + 1));")
        case .columns:
            let window = 2 * radius + 1
            lines.append("void hb_blur_column(int plane, int g, int first, int count, uint data) {")
            lines.append("float amount = hb_p[data];")
            lines += weights
            lines += (0..<window).map { "vec4 r\($0) = hb_group(plane, first + \($0 - radius), g);" }
            lines.append("for (int n = 0; n < count; n++) {")
            lines.append("vec4 sum = k0 * r\(radius);")
            lines += (1...radius).map { "sum += k\($0) * (r\(radius - $0) + r\(radius + $0));" }
            lines.append("hb_put(plane, first + n, g, sum, amount);")
            lines += (0..<window - 1).map { "r\($0) = r\($0 + 1);" }
            lines.append("r\(window - 1) = hb_group(plane, first + n + \(radius + 1), g);")
        }
        lines += ["}", "}"]
        return lines.joined(separator: "\n") + "\n"
    }
}
