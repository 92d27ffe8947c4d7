/// FFmpeg's avgblur written back in the frame's own layout runs on the
/// planes (io/planes_avgblur.glsl) as FFmpeg 5.1 computes it: each plane's
/// box sums in whole numbers, edges clamped, divided and truncated, so the
/// output is FFmpeg's bit for bit. Nothing is converted to RGB.
///
/// Two passes a frame: rows, each invocation walking whole rows into
/// intermediate planes of row sums, then columns down whole columns of
/// groups into the output. Running sums cost the same whatever the size.
///
/// One avgblur alone, written as its input's layout: planar YUV of 8, 10
/// and 12 bits or 8-bit grey, where the largest sum fits 32 bits. Elsewhere
/// it takes the RGB path (kernels/avgblur.glsl); `--no-fusion` too.
enum PlaneAvgblur {
    /// The stage both passes run (their data: `packed`).
    static let stage = FilterStage(
        .kernel(samples: false), function: "hb_planes_avgblur", code: .embedded("io/planes_avgblur.glsl"))

    /// The floats of each plane's data (`packed`).
    static let planeFloats = 4

    /// Whether `filters` run as avgblur on the planes for frames of `input` written as `outputLayout`.
    static func applies(to filters: [Filter], input: FrameFormat, outputLayout: PixelLayout) -> Bool {
        guard filters.count == 1, let filter = filters.first, filter.descriptor == AvgblurFilter.descriptor,
            filter.nodeInputSizes.isEmpty, outputLayout == input.layout, PlaneBoxblur.layouts.contains(input.layout)
        else { return false }
        // Sums only: values that move take the RGB path's per-frame check.
        let (rx, ry) = AvgblurFilter.radii(filter.values, planeSizes: planeSizes(input))
        return (2 * rx + 1) * (2 * ry + 1) * ((1 << input.layout.bitDepth) - 1) < 1 << 32
    }

    /// The sizes of the planes of frames of `input`.
    static func planeSizes(_ input: FrameFormat) -> [FrameSize] {
        let shift = input.layout.chromaShift
        return (0..<input.layout.planeCount).map { plane in
            guard plane == 1 || plane == 2 else { return FrameSize(width: input.width, height: input.height) }
            return FrameSize(
                width: (input.width + (1 << shift.x) - 1) >> shift.x,
                height: (input.height + (1 << shift.y) - 1) >> shift.y)
        }
    }

    /// Each plane's data: whether it blurs, the box's half width and half
    /// height (FFmpeg's, narrowed by the smallest plane), and its area.
    static func packed(_ filter: Filter, input: FrameFormat) -> [Float] {
        let (rx, ry) = AvgblurFilter.radii(filter.values, planeSizes: planeSizes(input))
        let planes = filter.values.integer("planes")
        return (0..<input.layout.planeCount).flatMap { plane -> [Float] in
            [planes & (1 << plane) != 0 ? 1 : 0, Float(rx), Float(ry), Float((2 * rx + 1) * (2 * ry + 1))]
        }
    }
}
