/// FFmpeg's erosion and dilation written back in the frame's own layout run
/// on the planes (io/planes_morphology.glsl), on the codes as FFmpeg
/// computes them, each plane with its own threshold, so the output is
/// FFmpeg's bit for bit. Nothing is converted to RGB.
///
/// One erosion or dilation alone, written as its input's layout: planar
/// YUV of 8, 10 and 12 bits or 8-bit grey. Elsewhere it takes the RGB path
/// (kernels/erosion_dilation.glsl); `--no-fusion` too.
enum PlaneMorphology {
    /// The stage the pass runs (its data: `packed`).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_morphology", code: .embedded("io/planes_morphology.glsl"))

    /// Whether `filters` run as erosion or dilation on the planes for frames of `input` written as `outputLayout`.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard filters.count == 1, let filter = filters.first else { return false }
        return MorphologyFilters.all.contains(filter.descriptor) && filter.nodeInputSizes.isEmpty
            && outputLayout == input.layout && PlaneBoxblur.layouts.contains(input.layout)
    }

    /// Whether the filter takes the largest (dilation) rather than the smallest.
    static func dilates(_ filter: Filter) -> Bool { filter.descriptor == MorphologyFilters.dilation }

    /// Each plane's threshold (at most its largest code) and the coordinates.
    static func packed(_ filter: Filter, layout: PixelLayout) -> [Float] {
        let largest = Double((1 << layout.bitDepth) - 1)
        return (0..<layout.planeCount).flatMap { plane -> [Float] in
            [
                Float(min(filter.values.number("threshold\(plane)"), largest)),
                Float(filter.values.integer("coordinates")),
            ]
        }
    }
}
