/// A denoise written back in the frame's own layout runs on the planes
/// (io/planes_denoise.glsl): non-local means on Y, U and V each at its own
/// size, as FFmpeg's nlmeans works plane by plane, in one pass that never
/// converts to RGB. On RGB, or with other filters that keep it off the
/// planes, denoise works per RGB channel (kernels/denoise_strip.glsl); the
/// two are the same algorithm on different channels, as nlmeans on YUV and
/// on RGB input are.
///
/// One denoise alone, written as its input's layout (planar YUV of 8, 10
/// and 12 bits without alpha, grey), with p and r up to the defaults (7 and
/// 15) and neither moving with time: they are compiled in. `--no-fusion`
/// denoises on the RGB path.
enum PlaneDenoise {
    /// The patch and research radii the pass compiles in: p / 2 and r / 2.
    struct Shape: Hashable, Sendable {
        let patch: Int
        let research: Int
    }

    /// The stage the pass runs (its data: 1 / (h max)^2).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_denoise", code: .embedded("io/planes_denoise.glsl"))

    /// Layouts whose planes the denoise reads and writes.
    static let layouts: Set<PixelLayout> = [
        .yuv420p, .yuv422p, .yuv444p, .yuv420p10, .yuv422p10, .yuv444p10, .yuv444p12, .gray8, .gray16,
    ]

    /// Rows of one group of samples an invocation works at a time (HB_RUN
    /// in the shader).
    static let run = 8

    /// The radii of the denoise `filters` make on frames of `input` written
    /// as `outputLayout` on the planes; nil when it takes the RGB path.
    static func shape(of filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Shape? {
        guard filters.count == 1, let filter = filters.first, filter.descriptor == QualityFilters.denoise,
            filter.nodeInputSizes.isEmpty, outputLayout == input.layout, layouts.contains(input.layout),
            filter.values.animated.isDisjoint(with: ["p", "r"])
        else { return nil }
        let shape = Shape(patch: filter.values.integer("p") / 2, research: filter.values.integer("r") / 2)
        guard shape.patch <= 3, shape.research <= 7 else { return nil }
        return shape
    }

    /// The pass's data: 1 / (h max)^2, h = 10 s / 255 and max the largest
    /// code, so that the weights of 8-bit samples are nlmeans's own.
    static func packed(_ filter: Filter, layout: PixelLayout) -> [Float] {
        let h = 10 * filter.values.number("s") / 255 * Double((1 << layout.bitDepth) - 1)
        return [Float(1 / (h * h))]
    }

    /// The luma pixels one invocation covers: one run of one group of
    /// chroma samples, and the luma pixels those cover.
    static func block(layout: PixelLayout) -> (x: Int, y: Int) {
        (4 << layout.chromaShift.x, run << layout.chromaShift.y)
    }
}
