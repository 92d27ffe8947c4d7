/// FFmpeg's unsharp written back in the frame's own 8-bit layout runs on
/// the planes (io/planes_unsharp.glsl) as FFmpeg runs it: each plane's
/// binomial mask and amount in FFmpeg's fixed point, so the output is
/// FFmpeg's bit for bit. Nothing is converted to RGB.
///
/// One unsharp alone, written as its input's layout: 8-bit planar YUV
/// (4:2:0, 4:2:2, 4:4:4) or grey. Elsewhere it takes the RGB path
/// (kernels/unsharp.glsl); `--no-fusion` too.
enum PlaneUnsharp {
    /// The stage the pass runs (its data: the filter's own, `UnsharpFilter.packed`).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_unsharp", code: .embedded("io/planes_unsharp.glsl"))

    /// Chroma rows an invocation writes down one group of four samples
    /// (each row's horizontal sums serve the run's rows).
    static let run = 8

    /// Whether `filters` run as unsharp on the planes for frames of `input` written as `outputLayout`.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard filters.count == 1, let filter = filters.first else { return false }
        return filter.descriptor == UnsharpFilter.descriptor && filter.nodeInputSizes.isEmpty
            && outputLayout == input.layout && PlaneEq.layouts.contains(input.layout)
    }

    /// The luma pixels one invocation covers: one group of chroma samples
    /// down a run, and the luma pixels those cover.
    static func block(layout: PixelLayout) -> (x: Int, y: Int) {
        (4 << layout.chromaShift.x, run << layout.chromaShift.y)
    }
}
