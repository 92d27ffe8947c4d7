import Foundation

/// FFmpeg's `monochrome`: a grey picture whose luma keeps more where the
/// chroma lies near a chosen spot, on the frame's own YUV codes, so
/// `monochrome=cb=0.5:cr=-0.3` means here what it means there (FFmpeg's
/// spelling with its options parses as `yuv_monochrome`). Catalog
/// `monochrome` tints the luma with a colour instead, as Harbeth's does.
enum YUVMonochromeFilter {
    static let yuvMonochrome = FilterDescriptor(
        name: "yuv_monochrome", kind: .pointwise,
        summary: "Grey, its luma kept where the chroma lies near a spot, on the frame's YUV, as FFmpeg's monochrome.",
        formula: "the colour as 8-bit Y, Cb, Cr codes of the frame's colorimetry (BT.709 limited for RGB frames);"
            + " y = Y / 255, u = Cb / 255 - 0.5, v = Cr / 255 - 0.5; f = exp(-min(((cb / 2 - u)^2 + (cr / 2 - v)^2)"
            + " / size, 1)); e = 1 - (y / 0.6 - 1)^2 below 0.6, else s^2 (3 - 2 s), s = (1 - y) / 0.4;"
            + " t = e + (1 - e)(1 - high); Y' = 255 ((1 - t) y + t f y), Cb' = Cr' = 128; and back (FFmpeg"
            + " vf_monochrome)",
        parameters: [
            .number("cb", default: 0, range: -1...1, summary: "the spot's blue chroma"),
            .number("cr", default: 0, range: -1...1, summary: "the spot's red chroma"),
            .number("size", default: 1, range: 0.1...10, summary: "how far from the spot the luma is kept"),
            .number("high", default: 0, range: 0...1, summary: "how much the highlights are filtered too"),
        ],
        stages: [.pointwise("hb_yuv_monochrome", file: "pointwise/yuv_monochrome.glsl")],
        layout: ["spot_cb", "spot_cr", "inverse_size", "keep", .init("to_yuv", count: 16), .init("to_rgb", count: 16)],
        pack: { values, environment in
            // The codes of the frame's matrix and range (for RGB frames the
            // renderer's conversion, BT.709 limited), as yuv_hue's.
            let conversion = environment.codes8
            return [
                Float(values.number("cb") / 2), Float(values.number("cr") / 2), Float(1 / values.number("size")),
                Float(1 - values.number("high")),
            ] + conversion.rgbToYUV + conversion.yuvToRGB
        })

    static let all: [FilterDescriptor] = [yuvMonochrome]
}
