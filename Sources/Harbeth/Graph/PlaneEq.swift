/// FFmpeg's eq (and lutyuv, `lut_yuv`) written back in the frame's own
/// 8-bit layout runs on the planes (io/planes_eq.glsl): each code of Y, U
/// and V through its plane's table, the tables made as FFmpeg makes them
/// (`EqualizerFilter`, `SampleTableFilters`), so the output is FFmpeg's
/// bit for bit. Nothing is converted to RGB.
///
/// One eq alone, written as its input's layout: 8-bit planar YUV (4:2:0,
/// 4:2:2, 4:4:4) or grey, the formats FFmpeg's eq takes. Elsewhere it takes
/// the RGB path (pointwise/eq.glsl); `--no-fusion` too.
enum PlaneEq {
    /// The stage the pass runs (its data: the filter's, the tables first).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_eq", code: .embedded("io/planes_eq.glsl"))

    static let layouts: Set<PixelLayout> = [.yuv420p, .yuv422p, .yuv444p, .gray8]

    /// Rows an invocation walks down one group of four samples.
    static let run = 16

    /// Whether `filters` run as eq on the planes for frames of `input` written as `outputLayout`.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard filters.count == 1, let filter = filters.first else { return false }
        // lut_yuv's tables on grey would be a luma's (16...235); FFmpeg's
        // lut takes grey as full range, which the RGB path follows instead.
        let tables =
            filter.descriptor == EqualizerFilter.eq
            || (filter.descriptor == SampleTableFilters.lutYUV && input.layout != .gray8)
        return tables && filter.nodeInputSizes.isEmpty && outputLayout == input.layout
            && layouts.contains(input.layout)
    }

    /// The luma pixels one invocation covers: one group of chroma samples
    /// down a run, and the luma pixels those cover.
    static func block(layout: PixelLayout) -> (x: Int, y: Int) {
        (4 << layout.chromaShift.x, run << layout.chromaShift.y)
    }
}
