/// Flips, transposes and quarter turns written back in the frame's own
/// layout move samples, not colours: a chain of only those is one pass on
/// the planes (io/planes_remap.glsl) in which every output sample of a
/// plane is one input sample of that plane, as FFmpeg's hflip, vflip and
/// transpose move them. Nothing is converted, so the pixels are the
/// source's exactly, colours outside RGB included.
///
/// Planar YUV (8, 10 and 12 bits, with or without alpha), grey and 8-bit
/// RGBA; a transpose or an odd quarter turn needs chroma subsampled alike
/// in both directions (4:2:0, 4:4:4), so 4:2:2 keeps the RGB path for
/// those. `--no-fusion` remaps nothing.
enum PlaneRemap {
    /// The stage a remap pass runs (its data: each plane's map).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_remap", code: .embedded("io/planes_remap.glsl"))

    /// Layouts whose planes a remap reads and writes.
    static let layouts: Set<PixelLayout> = [
        .yuv420p, .yuv422p, .yuv444p, .yuv420p10, .yuv422p10, .yuv444p10, .yuva444p10, .yuv444p12, .yuva444p12,
        .gray8, .gray16, .rgba8,
    ]

    /// An output sample's input sample: (a x + b y + c, d x + e y + f).
    struct Map: Equatable {
        var a = 1, b = 0, c = 0
        var d = 0, e = 1, f = 0

        /// The input sample of output sample (x, y).
        func callAsFunction(_ x: Int, _ y: Int) -> (x: Int, y: Int) { (a * x + b * y + c, d * x + e * y + f) }

        /// This map after `inner`: an output sample goes through `inner`
        /// first (the later filter), then this map.
        func after(_ inner: Map) -> Map {
            Map(
                a: a * inner.a + b * inner.d, b: a * inner.b + b * inner.e, c: a * inner.c + b * inner.f + c,
                d: d * inner.a + e * inner.d, e: d * inner.b + e * inner.e, f: d * inner.c + e * inner.f + f)
        }
    }

    /// Quarter turns clockwise of a filter that only moves pixels, and
    /// whether it mirrors first; nil for any other filter.
    private static func motion(of filter: Filter) -> (turns: Int, mirrorX: Bool, mirrorY: Bool, transposes: Bool)? {
        guard filter.nodeInputSizes.isEmpty, filter.descriptor.sourcePath == nil else { return nil }
        switch filter.descriptor {
        case GeometryFilters.flip:
            let direction = filter.values.text("direction")
            return (0, direction != "vertical", direction != "horizontal", false)
        case GeometryFilters.transpose:
            return (0, false, false, true)
        case GeometryFilters.rotate:
            guard let turns = GeometryFilters.quarterTurns(filter.values.number("angle")) else { return nil }
            return (turns, false, false, false)
        default:
            return nil
        }
    }

    /// True when `filters` remap frames of `input` written as `outputLayout`.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard !filters.isEmpty, outputLayout == input.layout, layouts.contains(input.layout) else { return false }
        let shift = input.layout.chromaShift
        return filters.allSatisfy { filter in
            guard let motion = motion(of: filter) else { return false }
            return shift.x == shift.y || !(motion.transposes || motion.turns % 2 == 1)
        }
    }

    /// Each plane's map for frames of `input` (its luma size), as the
    /// floats the shader reads: six per plane.
    static func packed(_ filters: [Filter], input: FrameFormat) -> [Float] {
        (0..<input.layout.planeCount).flatMap { plane -> [Float] in
            let size = input.layout.planeSize(plane, width: input.width, height: input.height)
            let map = self.map(filters, planeWidth: size.width, planeHeight: size.height)
            return [map.a, map.b, map.c, map.d, map.e, map.f].map(Float.init)
        }
    }

    /// The map of a plane of this size through the chain.
    static func map(_ filters: [Filter], planeWidth: Int, planeHeight: Int) -> Map {
        var (w, h) = (planeWidth, planeHeight)
        var total = Map()
        for filter in filters {
            guard let motion = motion(of: filter) else { continue }
            var step = Map()
            if motion.mirrorX { step = step.after(Map(a: -1, c: w - 1)) }
            if motion.mirrorY { step = step.after(Map(e: -1, f: h - 1)) }
            if motion.transposes { step = Map(a: 0, b: 1, d: 1, e: 0) }
            switch motion.turns {
            case 1: step = Map(a: 0, b: 1, c: 0, d: -1, e: 0, f: h - 1)
            case 2: step = Map(a: -1, c: w - 1, e: -1, f: h - 1)
            case 3: step = Map(a: 0, b: -1, c: w - 1, d: 1, e: 0)
            default: break
            }
            total = total.after(step)
            if motion.transposes || motion.turns % 2 == 1 { (w, h) = (h, w) }
        }
        return total
    }
}
