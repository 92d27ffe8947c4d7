/// FFmpeg's filters that work on each plane's codes on their own, written
/// back in the frame's own layout, run on the planes
/// (io/planes_code_filters.glsl) as FFmpeg computes them, so the output is
/// FFmpeg's bit for bit: vf_neighbor's erosion, dilation, deflate and
/// inflate, vf_convolution's edge operators and convolution, and limiter.
/// Nothing is converted to RGB.
///
/// One of them alone, written as its input's layout: planar YUV of 8, 10
/// and 12 bits or 8-bit grey. Elsewhere each takes the RGB path (its
/// catalog kernel in 8-bit codes); `--no-fusion` too.
enum PlaneCodeFilters {
    /// The stage the pass runs (its data: `packed`).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_code_filters", code: .embedded("io/planes_code_filters.glsl"))

    /// FFmpeg's neighbour filters the pass runs (HB_CODE_FILTER in the shader).
    enum Operation: Int, Hashable, Sendable {
        case erosion = 0
        case dilation = 1
        case deflate = 2
        case inflate = 3
        case prewitt = 4
        case sobel = 5
        case scharr = 6
        case roberts = 7
        case kirsch = 8
        case convolution = 9
        case limiter = 10
    }

    /// The operation of a filter of this family; nil for any other.
    static func operation(of descriptor: FilterDescriptor) -> Operation? {
        if let edges = EdgeOperatorFilters.operation(of: descriptor) { return Operation(rawValue: edges.rawValue) }
        switch descriptor {
        case MorphologyFilters.erosion: return .erosion
        case MorphologyFilters.dilation: return .dilation
        case MorphologyFilters.deflate: return .deflate
        case MorphologyFilters.inflate: return .inflate
        case ConvolutionPlanesFilter.descriptor: return .convolution
        case LimiterFilter.descriptor: return .limiter
        default: return nil
        }
    }

    /// The operation of a filter that `applies`.
    static func operation(of filter: Filter) -> Operation { operation(of: filter.descriptor) ?? .erosion }

    /// Whether `filters` run as one of them on the planes for frames of `input` written as `outputLayout`.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard filters.count == 1, let filter = filters.first, filter.nodeInputSizes.isEmpty,
            outputLayout == input.layout, PlaneBoxblur.layouts.contains(input.layout),
            let operation = operation(of: filter.descriptor)
        else { return false }
        // Values its RGB path refuses (a matrix its mode cannot take,
        // bounds the wrong way round) fail there, with their reason.
        switch operation {
        case .convolution: return (try? ConvolutionPlanesFilter.packed(filter.values)) != nil
        case .limiter: return (try? LimiterFilter.bounds(filter.values, largest: 65535)) != nil
        default: return true
        }
    }

    /// What the shader reads for each plane: for erosion, dilation,
    /// deflate and inflate the plane's threshold (at most its largest
    /// code) and the coordinates (deflate and inflate: every neighbour);
    /// for an edge operator the plane's scale (-1 for a plane `planes`
    /// leaves out, which is copied) and delta; for limiter its smallest
    /// and largest code kept; for convolution 53 floats
    /// (`ConvolutionPlanesFilter.packed`).
    static func packed(_ filter: Filter, layout: PixelLayout) -> [Float] {
        let largest = (1 << layout.bitDepth) - 1
        let values = filter.values
        let planes = (0..<layout.planeCount).map { values.integer("planes") & (1 << $0) != 0 }
        switch operation(of: filter) {
        case .convolution:
            return ((try? ConvolutionPlanesFilter.packed(values)) ?? []).map(Float.init)
        case .limiter:
            let (low, high) = (try? LimiterFilter.bounds(values, largest: largest)) ?? (0, largest)
            return planes.flatMap { $0 ? [Float(low), Float(high)] : [0, Float(largest)] }
        case .prewitt, .sobel, .scharr, .roberts, .kirsch:
            return planes.flatMap { [$0 ? Float(values.number("scale")) : -1, Float(values.number("delta"))] }
        case .erosion, .dilation, .deflate, .inflate:
            let coordinates =
                [.erosion, .dilation].contains(operation(of: filter)) ? values.integer("coordinates") : 255
            return (0..<layout.planeCount).flatMap { plane -> [Float] in
                [Float(min(values.number("threshold\(plane)"), Double(largest))), Float(coordinates)]
            }
        }
    }
}
