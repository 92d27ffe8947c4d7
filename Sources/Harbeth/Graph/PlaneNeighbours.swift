/// 3x3 neighbourhood filters written back in the frame's own layout run on
/// the planes (io/planes_neighbours.glsl): one pass over Y, U and V each at
/// its own size, alpha left alone as the RGB path leaves it. Nothing is
/// converted to RGB.
///
/// A sharpen is linear per plane, so the planes give what RGB gives. cas
/// works per plane as FFmpeg's cas does (its `planes` default), which on
/// YUV sharpens luma and chroma contrasts rather than red, green and blue
/// ones: the same algorithm on other channels, as FFmpeg's cas on YUV and
/// on RGB input are.
///
/// One filter alone, written as its input's layout (the layouts
/// `PlaneBlur` takes). `--no-fusion` runs it on the RGB path.
enum PlaneNeighbours {
    /// Which filter the pass runs (HB_NEIGHBOURS in the shader).
    enum Kind: Int, Hashable, Sendable {
        case sharpen = 0
        case cas = 1
    }

    /// The stage the pass runs (its data: each plane's amount).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_neighbours", code: .embedded("io/planes_neighbours.glsl"))

    /// Rows an invocation walks down one group of four samples.
    static let run = 32

    /// The filter `filters` is when it runs on the planes for frames of
    /// `input` written as `outputLayout`; nil when it takes the RGB path.
    static func kind(of filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Kind? {
        guard filters.count == 1, let filter = filters.first, filter.nodeInputSizes.isEmpty,
            outputLayout == input.layout, PlaneBlur.layouts.contains(input.layout)
        else { return nil }
        switch filter.descriptor {
        case NeighbourhoodFilters.sharpen: return .sharpen
        case QualityFilters.cas: return .cas
        default: return nil
        }
    }

    /// Each plane's amount, none for alpha: sharpen's `amount`; for cas
    /// 1 / mix(16, 4.01, strength).
    static func packed(_ filter: Filter, kind: Kind, layout: PixelLayout) -> [Float] {
        let amount: Double
        switch kind {
        case .sharpen: amount = filter.values.number("amount")
        case .cas: amount = 1 / (16 + (4.01 - 16) * filter.values.number("strength"))
        }
        return (0..<layout.planeCount).map { $0 < 3 ? Float(amount) : 0 }
    }

    /// The luma pixels one invocation covers: one group of four samples of
    /// each plane, down a run of rows.
    static func block(layout: PixelLayout) -> (x: Int, y: Int) {
        (4 << layout.chromaShift.x, run)
    }
}
