import Foundation

/// A resize written back in the frame's own layout runs on the planes
/// (io/planes_resize.glsl), as FFmpeg's scale does: rows from the source
/// planes into 16-bit intermediate planes of the new width, then columns
/// into the output planes, each plane from its own size to its own new
/// size with the RGB path's mapping and taps. Nothing is converted, and a
/// sample costs its taps' multiply-adds on the samples themselves instead
/// of the RGB path's float images.
///
/// One resize alone, written as its input's layout (planar YUV of 8, 10
/// and 12 bits, grey), every method, where the taps of a group of four
/// output samples lie within eight words of a row: down to about a ninth
/// of the width at 8 bits, a third at 10 and 12.
/// `--no-fusion` resizes on the RGB path.
enum PlaneResize {
    /// What a plan compiles in: the method (its index in resize's choices)
    /// and the words a row's taps reach for a group of four samples.
    struct Shape: Hashable, Sendable {
        let method: Int
        let words: Int
    }

    /// One of the two passes of a plan.
    struct Pass: Hashable, Sendable {
        let direction: PlaneBlur.Direction
        let shape: Shape
    }

    /// The stage a resize pass runs (no data: the sizes are the passes').
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_resize", code: .embedded("io/planes_resize.glsl"))

    static let layouts: Set<PixelLayout> = [
        .yuv420p, .yuv422p, .yuv444p, .yuv420p10, .yuv422p10, .yuv444p10, .yuva444p10, .yuv444p12, .yuva444p12,
        .gray8,
    ]

    /// Rows an invocation walks down one group of four samples.
    static let run = 16

    /// The taps of each method (resize's choices: bilinear, bicubic,
    /// nearest, Lanczos).
    static let taps = [2, 4, 1, 6]

    /// The shape of the resize `filters` make on frames of `input` written
    /// as `outputLayout`; nil when it stays on the RGB path.
    static func shape(of filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Shape? {
        guard filters.count == 1, let filter = filters.first, filter.descriptor == GeometryFilters.resize,
            filter.nodeInputSizes.isEmpty, outputLayout == input.layout, layouts.contains(input.layout),
            let output = try? filter.stages(input: FrameSize(width: input.width, height: input.height)).last?
                .outputSize
        else { return nil }
        let method = filter.values.choiceIndex("method")
        let layout = input.layout
        let perWord = layout.bitDepth > 8 ? 2 : 4
        // The widest reach of a group's taps over the planes: its first
        // samples' spread, the window's start within a word, the taps.
        let reach = (0..<min(layout.planeCount, 2)).map { plane -> Int in
            let from = layout.planeSize(plane, width: input.width, height: input.height).width
            let to = layout.planeSize(plane, width: output.width, height: output.height).width
            return (perWord - 1) + Int((3 * Double(from) / Double(to)).rounded(.up)) + 1 + taps[method] - 1
        }.max()!
        let words = reach / perWord + 1
        guard words <= 8 else { return nil }
        return Shape(method: method, words: words)
    }

    /// The luma pixels one invocation covers: one group of four samples of
    /// each plane, down a run of rows.
    static func block(layout: PixelLayout) -> (x: Int, y: Int) {
        (4 << layout.chromaShift.x, run)
    }
}
