/// FFmpeg's boxblur written back in the frame's own layout runs on the
/// planes (io/planes_boxblur.glsl) as FFmpeg runs it: each plane's box in
/// FFmpeg's fixed point, its power times along the rows and then down the
/// columns, the edges mirrored, every pass rounded to codes, so the output
/// is FFmpeg's bit for bit. Nothing is converted to RGB.
///
/// Two passes a frame whatever the power: rows, each invocation walking
/// whole rows of every plane through all its passes (between them the
/// lines go to the intermediate and scratch planes in turn), then columns
/// the same way, down whole columns of groups. A running sum costs the
/// same whatever the radius.
///
/// One boxblur alone, written as its input's layout: planar YUV of 8, 10
/// and 12 bits, or 8-bit grey. Elsewhere it takes the RGB path
/// (kernels/boxblur.glsl); `--no-fusion` too.
enum PlaneBoxblur {
    /// The stage both passes run (their data: `packed`).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_boxblur", code: .embedded("io/planes_boxblur.glsl"))

    /// Layouts whose planes it reads and writes: FFmpeg's boxblur takes them all.
    static let layouts: Set<PixelLayout> = [
        .yuv420p, .yuv422p, .yuv444p, .yuv420p10, .yuv422p10, .yuv444p10, .yuva444p10, .yuv444p12, .yuva444p12,
        .gray8,
    ]

    /// The floats of each plane's data (`packed`).
    static let planeFloats = 3

    /// Whether `filters` run as boxblur on the planes for frames of `input` written as `outputLayout`.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard filters.count == 1, let filter = filters.first else { return false }
        return filter.descriptor == BoxblurFilter.descriptor && filter.nodeInputSizes.isEmpty
            && outputLayout == input.layout && layouts.contains(input.layout)
    }

    /// Each of the layout's planes' box for frames of `input`: Y luma's, U
    /// and V chroma's (at their own size), A alpha's.
    static func boxes(_ filter: Filter, input: FrameFormat) throws(RenderError) -> [BoxblurFilter.Box] {
        let layout = input.layout
        let kinds = try BoxblurFilter.evaluated(
            filter.values, width: input.width, height: input.height, chromaShift: layout.chromaShift)
        return (0..<layout.planeCount).map { plane in plane == 0 ? kinds[0] : plane < 3 ? kinds[1] : kinds[2] }
    }

    /// Each plane's radius, power and FFmpeg's reciprocal of the box's
    /// width in 16.16 fixed point, `(2^16 + L / 2) / L`.
    static func packed(_ filter: Filter, input: FrameFormat) -> [Float] {
        // A radius out of range failed when the plan was made.
        let boxes = (try? boxes(filter, input: input)) ?? []
        return boxes.flatMap { box -> [Float] in
            let width = 2 * box.radius + 1
            return [Float(box.radius), Float(box.power), Float((65536 + width / 2) / width)]
        }
    }
}
