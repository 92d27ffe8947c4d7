/// A draw_box or draw_grid written back in the frame's own layout runs on the planes
/// (io/planes_box.glsl), as FFmpeg's drawbox does: each drawn sample of Y,
/// U and V becomes floor((1 - a) code + a colour code), the colour's codes
/// in the frame's own matrix and range (`hb_rgb_to_yuv`), the colour itself
/// with `replace`. A chroma sample is drawn when one of its luma pixels is.
/// Every other sample is the frame's as it came: nothing is converted to
/// RGB, so an opaque box is FFmpeg's bit for bit.
///
/// One draw_box alone, written as its input's layout: planar YUV of 8, 10
/// or 12 bits without alpha, or grey. Elsewhere it takes the RGB path
/// (pointwise/draw_box.glsl); `--no-fusion` too.
enum PlaneBox {
    /// The stage the pass runs (its data: the filter's own, `DrawingFilters.packed`).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_box", code: .embedded("io/planes_box.glsl"))

    /// Chroma rows an invocation writes down one group of four samples.
    static let run = 8

    /// Whether `filters` draw a box on the planes for frames of `input` written as `outputLayout`.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard filters.count == 1, let filter = filters.first else { return false }
        return draws(filter) && filter.nodeInputSizes.isEmpty
            && outputLayout == input.layout && PlaneDenoise.layouts.contains(input.layout)
    }

    /// Whether `filter` draws a box or a grid.
    static func draws(_ filter: Filter) -> Bool {
        [DrawingFilters.drawBox, DrawingFilters.drawGrid].contains(filter.descriptor)
    }

    /// The luma pixels one invocation covers: one group of chroma samples
    /// down a run, and the luma pixels those cover.
    static func block(layout: PixelLayout) -> (x: Int, y: Int) {
        (4 << layout.chromaShift.x, run << layout.chromaShift.y)
    }
}
