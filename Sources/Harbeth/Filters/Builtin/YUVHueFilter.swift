import Foundation

/// FFmpeg's `hue`: the chroma turned and scaled and the luma moved, on the
/// frame's own YUV, so `hue=h=90:s=0.5` means here what it means there
/// (FFmpeg's spelling parses as `yuv_hue`). Catalog `hue` turns hues in
/// YIQ instead, as Harbeth's does.
enum YUVHueFilter {
    static let yuvHue = FilterDescriptor(
        name: "yuv_hue", kind: .pointwise,
        summary: "Turns and scales the chroma and moves the luma in the frame's YUV, as FFmpeg's hue.",
        formula: "the colour as 8-bit Y, Cb, Cr codes of the frame's colorimetry (BT.709 limited for RGB frames);"
            + " Cb' = c (Cb - 128) - s (Cr - 128) + 128, Cr' = s (Cb - 128) + c (Cr - 128) + 128, c = saturation"
            + " cos(degrees), s = saturation sin(degrees); Y' = Y + 25.5 brightness; each clipped to 0...255;"
            + " and back (FFmpeg vf_hue)",
        parameters: [
            .number("degrees", default: 0, range: -36000...36000, summary: "the turn of the chroma in degrees"),
            .number("saturation", default: 1, range: -10...10, summary: "chroma scale; 1 unchanged, 0 grey"),
            .number(
                "brightness", default: 0, range: -10...10,
                summary: "added to luma, a tenth of 255 codes per unit; 0 unchanged"),
        ],
        stages: [.pointwise("hb_yuv_hue", file: "pointwise/yuv_hue.glsl")],
        layout: ["c", "s", "lift", .init("to_yuv", count: 16), .init("to_rgb", count: 16)],
        pack: { values, environment in
            // The codes of the frame's matrix and range (for RGB frames the
            // renderer's conversion, BT.709 limited), as eq's.
            let conversion = environment.codes8
            let radians = values.number("degrees") * .pi / 180
            let saturation = values.number("saturation")
            return [
                Float(saturation * cos(radians)), Float(saturation * sin(radians)),
                Float(25.5 * values.number("brightness")),
            ] + conversion.rgbToYUV + conversion.yuvToRGB
        })

    static let all: [FilterDescriptor] = [yuvHue]
}

extension Filter {
    /// FFmpeg's `hue` as `yuv_hue`: the chroma turned by `degrees` and
    /// scaled by `saturation` (-10...10), the luma moved by `brightness`
    /// (-10...10, a tenth of the code range each), on the frame's YUV;
    /// values are clamped.
    public static func yuvHue(degrees: Double = 0, saturation: Double = 1, brightness: Double = 0) -> Filter {
        Filter(
            clamping: YUVHueFilter.yuvHue,
            values: [
                "degrees": .number(degrees), "saturation": .number(saturation), "brightness": .number(brightness),
            ])
    }
}
