/// A deband written back in the frame's own layout runs on the planes
/// (io/planes_deband.glsl): libplacebo's debanding on Y, U and V each at its
/// own size, as libplacebo debands each plane of its source, in one pass
/// that converts nothing to RGB. Offsets are in luma pixels, divided by a
/// plane's subsampling; thresholds and grain scale with the codes' range.
/// With other filters, or written as another layout, deband works on RGB
/// (kernels/deband.glsl), with the same random numbers on luma.
///
/// One deband alone, written as its input's layout (planar YUV of 8, 10 or
/// 12 bits, or grey; alpha layouts take the RGB path). `--no-fusion`
/// debands on the RGB path.
enum PlaneDeband {
    /// The stage the pass runs (its data: iterations, threshold, radius, grain).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_deband", code: .embedded("io/planes_deband.glsl"))

    /// Chroma rows an invocation writes down one group of four samples.
    static let run = 4

    /// Whether `filters` deband on the planes for frames of `input` written as `outputLayout`.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard filters.count == 1, let filter = filters.first else { return false }
        return filter.descriptor == QualityFilters.deband && filter.nodeInputSizes.isEmpty
            && outputLayout == input.layout && PlaneDenoise.layouts.contains(input.layout)
    }

    /// The pass's data, this frame's values: iterations, threshold, radius, grain.
    static func packed(_ filter: Filter) -> [Float] {
        ["iterations", "threshold", "radius", "grain"].map { Float(filter.values.number($0)) }
    }

    /// The luma pixels one invocation covers: one group of chroma samples
    /// down a run, and the luma pixels those cover.
    static func block(layout: PixelLayout) -> (x: Int, y: Int) {
        (4 << layout.chromaShift.x, run << layout.chromaShift.y)
    }
}
