/// FFmpeg's gblur written back in the frame's own layout runs on the
/// planes (io/planes_gblur.glsl) as FFmpeg runs it: each plane in its own
/// samples, in floats, through its recursive filter in its order, scaled,
/// clipped and truncated at the end, so the output is FFmpeg's within one
/// code (where a float lands on either side of a whole number).
///
/// Two passes a frame: rows, each invocation walking whole rows of every
/// plane into intermediate planes of floats and filtering them there, then
/// columns, walking whole columns of groups in place and writing the
/// codes. A walk costs the same whatever the sigma, and every value is
/// data: a sigma that moves compiles nothing.
///
/// One gblur alone, written as its input's layout: planar YUV of 8, 10
/// and 12 bits, or 8-bit grey. Elsewhere it takes the RGB path
/// (kernels/gblur.glsl); `--no-fusion` too.
enum PlaneGblur {
    /// The stage both passes run (their data: `packed`).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_gblur", code: .embedded("io/planes_gblur.glsl"))

    /// The floats of each plane's data (`packed`).
    static let planeFloats = 7

    /// Whether `filters` run as gblur on the planes for frames of `input` written as `outputLayout`.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard filters.count == 1, let filter = filters.first else { return false }
        return filter.descriptor == GblurFilter.descriptor && filter.nodeInputSizes.isEmpty
            && outputLayout == input.layout && PlaneBoxblur.layouts.contains(input.layout)
    }

    /// The intermediate planes' size for frames `size` large: 16-bit
    /// samples, two to a float, with room for a last group of four floats
    /// past any plane's end.
    static func intermediateSize(for size: FrameSize) -> FrameSize {
        FrameSize(width: 2 * (size.width + 8), height: size.height)
    }

    /// Each plane's data: whether it blurs (its bit of `planes`, and a
    /// sigma above 0), steps, the rows' nu and boundary scale, the
    /// columns', and the product of both postscales, in floats as FFmpeg
    /// keeps them.
    static func packed(_ filter: Filter, layout: PixelLayout) -> [Float] {
        let (rows, columns, steps) = GblurFilter.coefficients(filter.values)
        let planes = filter.values.integer("planes")
        let blurs = filter.values.number("sigma") > 0
        return (0..<layout.planeCount).flatMap { plane -> [Float] in
            let on = blurs && planes & (1 << plane) != 0
            return [
                on ? 1 : 0, Float(steps), rows.nu, rows.boundary, columns.nu, columns.boundary,
                rows.postscale * columns.postscale,
            ]
        }
    }
}
