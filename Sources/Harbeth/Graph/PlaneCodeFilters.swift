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

    /// Whether `filters` run as one of them on the planes for frames of `input` written as `outputLayout`.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard filters.count == 1, let filter = filters.first, filter.nodeInputSizes.isEmpty,
            outputLayout == input.layout, PlaneBoxblur.layouts.contains(input.layout)
        else { return false }
        switch filter.descriptor {
        case ConvolutionPlanesFilter.descriptor:
            // A matrix its mode cannot take fails on the RGB path, with its reason.
            return (try? ConvolutionPlanesFilter.packed(filter.values)) != nil
        case LimiterFilter.descriptor:
            // Bounds the wrong way round fail on the RGB path, with their reason.
            return (try? LimiterFilter.bounds(filter.values, largest: 65535)) != nil
        default:
            return (MorphologyFilters.all + EdgeOperatorFilters.all).contains(filter.descriptor)
        }
    }

    /// The operation of one of `MorphologyFilters.all` or `EdgeOperatorFilters.all`.
    static func operation(of filter: Filter) -> Operation {
        if filter.descriptor == ConvolutionPlanesFilter.descriptor { return .convolution }
        if filter.descriptor == LimiterFilter.descriptor { return .limiter }
        if let edges = EdgeOperatorFilters.operation(of: filter.descriptor) {
            return Operation(rawValue: edges.rawValue)!
        }
        switch filter.descriptor {
        case MorphologyFilters.dilation: return .dilation
        case MorphologyFilters.deflate: return .deflate
        case MorphologyFilters.inflate: return .inflate
        default: return .erosion
        }
    }

    /// Each plane's threshold (at most its largest code) and the
    /// coordinates (deflate and inflate: every neighbour); for an edge
    /// operator each plane's scale (-1 for a plane `planes` leaves out,
    /// which is copied) and delta.
    static func packed(_ filter: Filter, layout: PixelLayout) -> [Float] {
        if filter.descriptor == LimiterFilter.descriptor {
            // Each plane's smallest and largest code kept.
            let largest = (1 << layout.bitDepth) - 1
            let (low, high) = (try? LimiterFilter.bounds(filter.values, largest: largest)) ?? (0, largest)
            let planes = filter.values.integer("planes")
            return (0..<layout.planeCount).flatMap { plane -> [Float] in
                planes & (1 << plane) != 0 ? [Float(low), Float(high)] : [0, Float(largest)]
            }
        }
        if filter.descriptor == ConvolutionPlanesFilter.descriptor {
            // Each plane's 53 floats (`ConvolutionPlanesFilter.packed`).
            return ((try? ConvolutionPlanesFilter.packed(filter.values)) ?? []).map(Float.init)
        }
        if EdgeOperatorFilters.operation(of: filter.descriptor) != nil {
            let planes = filter.values.integer("planes")
            return (0..<layout.planeCount).flatMap { plane -> [Float] in
                [
                    planes & (1 << plane) != 0 ? Float(filter.values.number("scale")) : -1,
                    Float(filter.values.number("delta")),
                ]
            }
        }
        let largest = Double((1 << layout.bitDepth) - 1)
        return (0..<layout.planeCount).flatMap { plane -> [Float] in
            [
                Float(min(filter.values.number("threshold\(plane)"), largest)),
                Float(operation(of: filter).rawValue < 2 ? filter.values.integer("coordinates") : 255),
            ]
        }
    }
}
