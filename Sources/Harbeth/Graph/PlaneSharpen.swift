/// A sharpen written back in the frame's own layout is linear per plane,
/// so it runs on the planes (io/planes_sharpen.glsl): one pass adding the
/// 4-neighbour Laplacian back to Y, U and V each at its own size, alpha
/// left alone as the RGB path leaves it. Nothing is converted to RGB.
///
/// One sharpen alone, written as its input's layout (the layouts
/// `PlaneBlur` takes). `--no-fusion` sharpens on the RGB path.
enum PlaneSharpen {
    /// The stage the pass runs (its data: each plane's amount).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_sharpen", code: .embedded("io/planes_sharpen.glsl"))

    /// Rows an invocation walks down one group of four samples.
    static let run = 32

    /// True when `filters` sharpen frames of `input` written as `outputLayout`
    /// on the planes.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard filters.count == 1, let filter = filters.first else { return false }
        return filter.descriptor == NeighbourhoodFilters.sharpen && filter.nodeInputSizes.isEmpty
            && outputLayout == input.layout && PlaneBlur.layouts.contains(input.layout)
    }

    /// Each plane's amount: the filter's for Y, U and V, none for alpha.
    static func packed(_ filter: Filter, layout: PixelLayout) -> [Float] {
        (0..<layout.planeCount).map { $0 < 3 ? Float(filter.values.number("amount")) : 0 }
    }

    /// The luma pixels one invocation covers: one group of four samples of
    /// each plane, down a run of rows.
    static func block(layout: PixelLayout) -> (x: Int, y: Int) {
        (4 << layout.chromaShift.x, run)
    }
}
