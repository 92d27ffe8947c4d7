import Foundation

/// An affine map of colours: `out = M (r, g, b, a) + o`, M row after row.
struct ColorAffine: Equatable, Sendable {
    /// 4x4, row after row.
    var matrix: [Double]
    var offset: [Double]

    static let identity = ColorAffine(
        matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], offset: [0, 0, 0, 0])

    /// A map on r, g, b only (alpha kept): `rgb' = rows rgb + offset`.
    init(rgb rows: [[Double]], offset: [Double] = [0, 0, 0]) {
        matrix = rows.flatMap { $0 + [0] } + [0, 0, 0, 1]
        self.offset = offset + [0]
    }

    init(matrix: [Double], offset: [Double]) {
        self.matrix = matrix
        self.offset = offset
    }

    /// This map, then `next`.
    func then(_ next: ColorAffine) -> ColorAffine {
        var matrix = [Double](repeating: 0, count: 16)
        var offset = next.offset
        for row in 0..<4 {
            for column in 0..<4 {
                for k in 0..<4 { matrix[row * 4 + column] += next.matrix[row * 4 + k] * self.matrix[k * 4 + column] }
                offset[row] += next.matrix[row * 4 + column] * self.offset[column]
            }
        }
        return ColorAffine(matrix: matrix, offset: offset)
    }

    /// The 20 floats `hb_color_affine` reads: M row after row, then o.
    var packed: [Float] { (matrix + offset).map(Float.init) }

    /// The 12 floats `hb_color_affine_rgb` reads: for r, g, b, the row's
    /// weights of r, g, b and its offset (alpha neither read nor changed).
    var packedRGB: [Float] {
        var values: [Float] = []
        for row in 0..<3 {
            for column in 0..<3 { values.append(Float(matrix[row * 4 + column])) }
            values.append(Float(offset[row]))
        }
        return values
    }
}

/// Folded colour maths: consecutive affine colour filters (brightness,
/// contrast, saturation, exposure, sepia, hue, color_matrix,
/// channel_mixer, invert, color_rgba, opacity) compose at plan time into
/// one map, whose values are worked out for each frame from the filters'
/// own packed values, so an animated value never recompiles anything.
///
/// - Inside a pass, a run of two or more becomes one stage
///   (`hb_color_affine`, 20 floats) in place of a function per filter.
/// - A chain of only such filters on a planar YUV frame written back in its
///   own layout (8-bit 4:2:0, 4:2:2, 4:4:4, NV12; 10-bit 4:2:0, 4:2:2,
///   4:4:4; 12-bit 4:4:4) never leaves YUV: the conversions to and from
///   RGB fold in as well, into one 3x4 matrix on the code values, applied
///   with luma per pixel and chroma per chroma sample
///   (io/planes_affine.glsl), with no image between
///   and a shader much smaller to compile. A frame whose map keeps the
///   RGB cube inside itself (the identity, a desaturation) skips the clip
///   to RGB, so colours the frame holds outside RGB are kept and
///   `brightness=0` gives back every code value; any other map clips each
///   pixel's colour as the RGB path does. Either way the results are the
///   RGB path's within rounding (except the kept colours). The chain may
///   end in a vignette: the pass mixes each pixel's colour towards the
///   tone by the pixel's place before coding it back.
///
/// `--no-fusion` folds nothing: every filter keeps its own pass.
enum ColorFold {
    /// The stage a folded run runs: a 3x4 map of r, g, b when no filter
    /// of the run touches alpha (12 multiply-adds a pixel, fewer than a
    /// run of two of its filters takes), else the whole 4x4 and offset.
    static let rgbStage = FilterStage.pointwise("hb_color_affine_rgb", file: "pointwise/color_affine.glsl")
    static let stage = FilterStage.pointwise("hb_color_affine", file: "pointwise/color_affine.glsl")

    /// Filters whose map changes alpha or reads it.
    private static let touchAlpha: Set<String> = ["color_matrix", "opacity"]

    /// The stage for a run of `filters`.
    private static func stage(for run: [Int], in filters: [Filter]) -> FilterStage {
        run.contains { touchAlpha.contains(filters[$0].descriptor.identity) } ? stage : rgbStage
    }

    /// Layouts whose planes a whole-chain fold reads and writes.
    static let planeLayouts: Set<PixelLayout> = [
        .yuv420p, .yuv422p, .yuv444p, .nv12, .yuv420p10, .yuv422p10, .yuv444p10, .yuv444p12,
    ]

    /// True when `filter` is one of the affine filters, as one stage.
    static func folds(_ filter: Filter) -> Bool {
        guard filter.descriptor.sourcePath == nil, filter.descriptor.stages.count == 1,
            filter.nodeInputSizes.isEmpty, !filter.descriptor.dataInBuffer
        else { return false }
        return maps[filter.descriptor.identity] != nil
    }

    /// True when `filter` is an affine filter whose values, none of them
    /// animated, make its map the identity to within 1e-9 (`brightness=0`,
    /// `contrast=1`, `sepia=intensity=0`; not `hue=0`, whose YIQ constants
    /// move colours by up to 4e-4): it changes no colour, so it needs no
    /// pass (`PlaneView`).
    static func isIdentity(_ filter: Filter) -> Bool {
        guard folds(filter), !filter.isAnimated, filter.values.animated.isEmpty,
            let packed = try? filter.descriptor.pack(
                filter.values,
                FilterEnvironment(inputSize: FrameSize(width: 1, height: 1), resources: FileResourceLoader()))
        else { return false }
        let map = map(of: filter.descriptor, packed: packed)
        return zip(map.matrix + map.offset, ColorAffine.identity.matrix + ColorAffine.identity.offset).allSatisfy {
            abs($0 - $1) <= 1e-9
        }
    }

    /// The map of one filter from the floats its shader reads, by the
    /// names its shader reads them by.
    static func map(of descriptor: FilterDescriptor, packed: [Float]) -> ColorAffine {
        maps[descriptor.identity]!(PackedFields(layout: descriptor.layout ?? [], floats: packed.map(Double.init)))
    }

    /// The folded map of a run of filters, in order, from their packed values.
    static func composed(_ run: [(descriptor: FilterDescriptor, packed: [Float])]) -> ColorAffine {
        run.reduce(ColorAffine.identity) { $0.then(map(of: $1.descriptor, packed: $1.packed)) }
    }

    /// The 25 floats of the whole-chain fold on the planes
    /// (io/planes_affine.glsl): 1 when the map keeps the RGB cube inside
    /// itself (no clip), else 0; the rows R, G, B of `fold * toRGB` on
    /// (Y, Cb, Cr, 1) in code values; the rows Y', Cb', Cr' of `toYUV`. The conversions are the passes'
    /// column-major 4x4 matrices; alpha is 1 (the layouts have none), so
    /// the map's alpha column joins its offset.
    static func planes(_ fold: ColorAffine, toRGB: [Float], toYUV: [Float]) -> [Float] {
        func matrix(_ columnMajor: [Float]) -> [Double] {
            (0..<16).map { Double(columnMajor[($0 % 4) * 4 + $0 / 4]) }
        }
        func product(_ a: [Double], _ b: [Double]) -> [Double] {
            var result = [Double](repeating: 0, count: 16)
            for row in 0..<4 {
                for column in 0..<4 {
                    for k in 0..<4 { result[row * 4 + column] += a[row * 4 + k] * b[k * 4 + column] }
                }
            }
            return result
        }
        // The fold on (r, g, b, 1), row after row.
        var homogeneous = [Double](repeating: 0, count: 16)
        for row in 0..<3 {
            for column in 0..<3 { homogeneous[row * 4 + column] = fold.matrix[row * 4 + column] }
            homogeneous[row * 4 + 3] = fold.matrix[row * 4 + 3] + fold.offset[row]
        }
        homogeneous[15] = 1
        let toCodes = matrix(toYUV)
        let toColors = product(homogeneous, matrix(toRGB))
        let keepsCube = (0..<8).allSatisfy { corner in
            let rgb = [corner & 1, corner >> 1 & 1, corner >> 2 & 1].map(Double.init) + [1]
            return (0..<3).allSatisfy { row in
                var value = 0.0
                for k in 0..<4 { value += homogeneous[row * 4 + k] * rgb[k] }
                return value >= -1e-6 && value <= 1 + 1e-6
            }
        }
        let rows = { (matrix: [Double]) in matrix.prefix(12).map(Float.init) }
        return [keepsCube ? 1 : 0] + rows(toColors) + rows(toCodes)
    }

    /// Folds the passes' runs (see the type). `planes` allows the
    /// whole-chain fold: the plan is one pass reading and writing the
    /// same layout with no kernel.
    static func fold(_ passes: [PassPlan], filters: [Filter]) -> [PassPlan] {
        passes.map { pass in
            var pass = pass
            var folded: [PlannedStage] = []
            var run: [PlannedStage] = []
            func flush() {
                if run.count >= 2 {
                    let indices = run.map(\.filterIndex)
                    folded.append(
                        PlannedStage(
                            filterIndex: indices[0], stage: stage(for: indices, in: filters), combined: indices))
                } else {
                    folded += run
                }
                run = []
            }
            for planned in pass.pointwise {
                if folds(filters[planned.filterIndex]) && planned.inputPasses.isEmpty {
                    run.append(planned)
                } else {
                    flush()
                    folded.append(planned)
                }
            }
            flush()
            pass.pointwise = folded
            return pass
        }
        .foldingPlanes(filters: filters)
    }
}

extension ColorFold {
    /// True when the filters a fold on the planes combines end in a
    /// vignette, which the pass applies to each pixel's colour after the
    /// map (a mix towards a tone by the pixel's place: affine per pixel,
    /// not per frame).
    static func endsInVignette(_ indices: [Int], filters: [Filter]) -> Bool {
        guard let last = indices.last else { return false }
        let filter = filters[last]
        return filter.descriptor == ColourEffectFilters.vignette && filter.nodeInputSizes.isEmpty
    }
}

extension [PassPlan] {
    /// One pass of nothing but affine filters (the last may be a
    /// vignette), YUV planes in and out in one of `ColorFold.planeLayouts`:
    /// the fold moves onto the planes.
    fileprivate func foldingPlanes(filters: [Filter]) -> [PassPlan] {
        guard count == 1, var pass = first, pass.readsWholeBlocks, case .source(let layout) = pass.input,
            ColorFold.planeLayouts.contains(layout), !pass.pointwise.isEmpty
        else { return self }
        let indices = pass.pointwise.flatMap { $0.combined.isEmpty ? [$0.filterIndex] : $0.combined }
        let affine = ColorFold.endsInVignette(indices, filters: filters) ? indices.dropLast() : indices[...]
        guard affine.allSatisfy({ ColorFold.folds(filters[$0]) }) else { return self }
        pass.pointwise = [PlannedStage(filterIndex: indices[0], stage: ColorFold.stage, combined: indices)]
        pass.foldsPlanes = true
        return [pass]
    }
}

extension ColorFold {
    /// Each affine filter's map from its packed floats, as its shader
    /// computes it (Shaders/pointwise/<name>.glsl).
    fileprivate static let maps: [String: @Sendable (PackedFields) -> ColorAffine] = [
        "brightness": { p in ColorAffine(rgb: identityRows, offset: Array(repeating: p["brightness"], count: 3)) },
        "contrast": { p in
            ColorAffine(
                rgb: scaled(identityRows, p["contrast"]), offset: Array(repeating: 0.5 * (1 - p["contrast"]), count: 3))
        },
        "saturation": { p in
            // mix(luma, rgb, s) = s rgb + (1 - s) (L . rgb) for each channel.
            let s = p["saturation"]
            return ColorAffine(
                rgb: (0..<3).map { row in (0..<3).map { (row == $0 ? s : 0) + (1 - s) * harbethLuma[$0] } })
        },
        "exposure": { p in ColorAffine(rgb: scaled(identityRows, pow2(p["exposure"]))) },
        "sepia": { p in
            let k = p["intensity"]
            let toned: [[Double]] = [[0.3588, 0.7044, 0.1368], [0.2990, 0.5870, 0.1140], [0.2392, 0.4696, 0.0912]]
            return ColorAffine(
                rgb: (0..<3).map { row in (0..<3).map { (row == $0 ? 1 - k : 0) + k * toned[row][$0] } })
        },
        "hue": { p in
            // y = Y rgb, i2 = c I rgb + s Q rgb, q2 = c Q rgb - s I rgb,
            // out = y + a i2 + b q2 per channel.
            let (c, s) = (p["cos"], p["sin"])
            let y = [0.299, 0.587, 0.114]
            let i = [0.595716, -0.274453, -0.321263]
            let q = [0.211456, -0.522591, 0.31135]
            let a = [0.9563, -0.2721, -1.1070]
            let b = [0.6210, -0.6474, 1.7046]
            return ColorAffine(
                rgb: (0..<3).map { row in
                    (0..<3).map { column in
                        y[column] + a[row] * (c * i[column] + s * q[column]) + b[row] * (c * q[column] - s * i[column])
                    }
                })
        },
        "color_matrix": { p in
            // mix(c, W c + o, k).
            let k = p["intensity"]
            let matrix = (0..<16).map { index in (index % 5 == 0 ? 1 - k : 0) + k * p["matrix", index] }
            return ColorAffine(matrix: matrix, offset: (0..<4).map { k * p["offset", $0] })
        },
        "channel_mixer": { p in
            let rows = ["r", "g", "b"]
            return ColorAffine(
                rgb: rows.map { row in (0..<3).map { p[row, $0] } }, offset: rows.map { p[$0, 3] })
        },
        "invert": { _ in ColorAffine(rgb: scaled(identityRows, -1), offset: [1, 1, 1]) },
        "color_rgba": { p in
            let k = p["intensity"]
            return ColorAffine(rgb: (0..<3).map { row in (0..<3).map { row == $0 ? 1 - k + k * p["color", row] : 0 } })
        },
        "opacity": { p in
            var map = ColorAffine.identity
            map.matrix[15] = p["opacity"]
            return map
        },
    ]

    private static let identityRows: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]

    /// HB_LUMA in Shaders/common/prelude.glsl.
    private static let harbethLuma = [0.2125, 0.7154, 0.0721]

    private static func scaled(_ rows: [[Double]], _ factor: Double) -> [[Double]] {
        rows.map { $0.map { $0 * factor } }
    }

    private static func pow2(_ exponent: Double) -> Double { Foundation.pow(2, exponent) }
}
