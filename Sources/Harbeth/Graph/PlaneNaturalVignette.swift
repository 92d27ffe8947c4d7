/// FFmpeg's vignette (`natural_vignette`) written back in the frame's own
/// 8-bit layout runs on the planes (io/planes_natural_vignette.glsl): each
/// code scaled as FFmpeg scales it, chroma about 127, with FFmpeg's dither
/// drawn for each sample in FFmpeg's order, so the output is FFmpeg's
/// within one code (where its double and our float factor part at a
/// whole number). Nothing is converted to RGB.
///
/// One natural_vignette alone, written as its input's layout: 8-bit planar
/// YUV (4:2:0, 4:2:2, 4:4:4) or grey, formats FFmpeg's vignette takes.
/// Elsewhere it takes the RGB path (pointwise/natural_vignette.glsl);
/// `--no-fusion` too.
enum PlaneNaturalVignette {
    /// The stage the pass runs (its data: the filter's own, with the
    /// factor's function from the RGB path's file).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_natural_vignette",
        code: .embedded("io/planes_natural_vignette.glsl"))

    /// Whether `filters` run as natural_vignette on the planes for frames of `input` written as `outputLayout`.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard filters.count == 1, let filter = filters.first else { return false }
        return filter.descriptor == NaturalVignetteFilter.descriptor && filter.nodeInputSizes.isEmpty
            && outputLayout == input.layout && PlaneEq.layouts.contains(input.layout)
    }
}
