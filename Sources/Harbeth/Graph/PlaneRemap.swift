/// Flips, transposes, quarter turns and pads written back in the frame's
/// own layout move samples, not colours: a chain of only those is one pass
/// on the planes (io/planes_remap.glsl) in which every output sample of a
/// plane is one input sample of that plane, as FFmpeg's hflip, vflip,
/// transpose and pad move them, or, past a pad's input, the pad colour's
/// code value. Nothing is converted, so the pixels are the source's
/// exactly, colours outside RGB included.
///
/// Planar YUV (8, 10 and 12 bits, with or without alpha), grey and 8-bit
/// RGBA; a transpose or an odd quarter turn needs chroma subsampled alike
/// in both directions (4:2:0, 4:4:4), so 4:2:2 keeps the RGB path for
/// those, and a pad needs its corner on the chroma grid (and the pads of a
/// chain one colour). `--no-fusion` remaps nothing.
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

    /// Quarter turns clockwise of a filter that only moves pixels, whether
    /// it mirrors first, and a transpose's direction (FFmpeg's number);
    /// nil for any other filter (a pad moves them too, by its corner: see
    /// `map`).
    private static func motion(of filter: Filter) -> (turns: Int, mirrorX: Bool, mirrorY: Bool, transpose: Int?)? {
        guard filter.nodeInputSizes.isEmpty, filter.descriptor.sourcePath == nil else { return nil }
        switch filter.descriptor {
        case GeometryFilters.flip:
            let direction = filter.values.text("direction")
            return (0, direction != "vertical", direction != "horizontal", nil)
        case GeometryFilters.transpose:
            return (0, false, false, filter.values.choiceIndex("dir"))
        case GeometryFilters.rotate:
            // A size of its own (FFmpeg's rotate keeps the input's) samples.
            guard filter.values.integer("w") == 0, filter.values.integer("h") == 0,
                let turns = GeometryFilters.quarterTurns(filter.values.number("angle"))
            else { return nil }
            return (turns, false, false, nil)
        default:
            return nil
        }
    }

    /// True when `filters` remap frames of `input` written as `outputLayout`:
    /// flips, transposes and quarter turns (a transpose or an odd turn only
    /// where chroma is subsampled alike both ways), and pads whose corner
    /// is on the chroma grid, all of one colour.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard !filters.isEmpty, outputLayout == input.layout, layouts.contains(input.layout) else { return false }
        let shift = input.layout.chromaShift
        var size = FrameSize(width: input.width, height: input.height)
        var colors: Set<[Double]> = []
        for filter in filters {
            if filter.descriptor == GeometryFilters.pad {
                guard filter.nodeInputSizes.isEmpty,
                    let region = try? GeometryFilters.padRegion(filter.values, input: size),
                    region.x % (1 << shift.x) == 0, region.y % (1 << shift.y) == 0
                else { return false }
                colors.insert(filter.values.list("color"))
                size = FrameSize(width: region.width, height: region.height)
                continue
            }
            guard let motion = motion(of: filter) else { return false }
            let swaps = motion.transpose != nil || motion.turns % 2 == 1
            guard shift.x == shift.y || !swaps else { return false }
            if swaps { size = FrameSize(width: size.height, height: size.width) }
        }
        return colors.count <= 1
    }

    /// True when every filter keeps rows as rows (flips, half turns and
    /// pads, no transpose or odd quarter turn): the shader then moves whole
    /// words of 8-bit samples (`HB_ROWS`).
    static func keepsRows(_ filters: [Filter]) -> Bool {
        filters.allSatisfy { filter in
            guard let motion = motion(of: filter) else { return filter.descriptor == GeometryFilters.pad }
            return motion.transpose == nil && motion.turns % 2 == 0
        }
    }

    /// True when the filters include a pad: samples outside the input
    /// take its colour.
    static func fills(_ filters: [Filter]) -> Bool {
        filters.contains { $0.descriptor == GeometryFilters.pad }
    }

    /// Each plane's map for frames of `input`, and its pad colour's code
    /// value (`conversion` from RGB), as the floats the shader reads: six
    /// for the map, then the fill code's low and high 16 bits.
    static func packed(_ filters: [Filter], input: FrameFormat, conversion: ColorConversion) -> [Float] {
        let shift = input.layout.chromaShift
        let fill = fillCodes(filters, layout: input.layout, conversion: conversion)
        return (0..<input.layout.planeCount).flatMap { plane -> [Float] in
            let subsampled = plane == 1 || plane == 2
            let map = self.map(
                filters, input: FrameSize(width: input.width, height: input.height),
                shift: subsampled ? shift : (0, 0))
            let code = fill[plane]
            return [map.a, map.b, map.c, map.d, map.e, map.f].map(Float.init) + [
                Float(code & 0xFFFF), Float(code >> 16),
            ]
        }
    }

    /// The code value of the pads' colour in each plane, rounded as the
    /// RGB path stores it (Shaders/io/store_buffer.glsl); RGBA packed.
    static func fillCodes(_ filters: [Filter], layout: PixelLayout, conversion: ColorConversion) -> [UInt32] {
        guard let pad = filters.first(where: { $0.descriptor == GeometryFilters.pad }) else {
            return Array(repeating: 0, count: layout.planeCount)
        }
        return fillCodes(color: pad.values.list("color"), layout: layout, conversion: conversion)
    }

    /// The code value of a colour (r, g, b[, a]) in each plane of `layout`,
    /// rounded as the RGB path stores it; RGBA packed.
    static func fillCodes(color: [Double], layout: PixelLayout, conversion: ColorConversion) -> [UInt32] {
        let rgba = GeometryFilters.rgba(color).map { min(max($0, 0), 1) }
        func code(_ value: Float, _ maximum: Float) -> UInt32 { UInt32(min(max(value + 0.5, 0), maximum)) }
        if layout == .rgba8 {
            return [(0..<4).reduce(UInt32(0)) { $0 | code(rgba[$1] * 255, 255) << (8 * UInt32($1)) }]
        }
        let maximum = Float((1 << layout.bitDepth) - 1)
        let m = conversion.rgbToYUV
        let yuv = (0..<3).map { row in m[row] * rgba[0] + m[4 + row] * rgba[1] + m[8 + row] * rgba[2] + m[12 + row] }
        let planes = (0..<min(layout.planeCount, 3)).map { code(yuv[$0], maximum) }
        return layout.planeCount == 4 ? planes + [code(rgba[3] * maximum, maximum)] : planes
    }

    /// The map of a plane subsampled by `shift` through the chain, for
    /// frames of `input` (the luma size).
    static func map(_ filters: [Filter], input: FrameSize, shift: (x: Int, y: Int)) -> Map {
        var size = input
        var total = Map()
        for filter in filters {
            let (w, h) = ((size.width + (1 << shift.x) - 1) >> shift.x, (size.height + (1 << shift.y) - 1) >> shift.y)
            if filter.descriptor == GeometryFilters.pad {
                // `applies` checked the region.
                guard let region = try? GeometryFilters.padRegion(filter.values, input: size) else { continue }
                total = total.after(Map(c: -(region.x >> shift.x), f: -(region.y >> shift.y)))
                size = FrameSize(width: region.width, height: region.height)
                continue
            }
            guard let motion = motion(of: filter) else { continue }
            var step = Map()
            if motion.mirrorX { step = step.after(Map(a: -1, c: w - 1)) }
            if motion.mirrorY { step = step.after(Map(e: -1, f: h - 1)) }
            // FFmpeg's transpose: out(x, y) = in(y, x), the source's rows
            // reversed for clock (1), the output's for cclock (2).
            if let direction = motion.transpose {
                step = Map(
                    a: 0, b: direction & 2 == 0 ? 1 : -1, c: direction & 2 == 0 ? 0 : w - 1,
                    d: direction & 1 == 0 ? 1 : -1, e: 0, f: direction & 1 == 0 ? 0 : h - 1)
            }
            switch motion.turns {
            case 1: step = Map(a: 0, b: 1, c: 0, d: -1, e: 0, f: h - 1)
            case 2: step = Map(a: -1, c: w - 1, e: -1, f: h - 1)
            case 3: step = Map(a: 0, b: -1, c: w - 1, d: 1, e: 0)
            default: break
            }
            total = total.after(step)
            if motion.transpose != nil || motion.turns % 2 == 1 {
                size = FrameSize(width: size.height, height: size.width)
            }
        }
        return total
    }
}
