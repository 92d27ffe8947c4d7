import Foundation

/// FFmpeg's `eq`: brightness, contrast, saturation and gamma on the YUV
/// code values, as FFmpeg computes them, so `eq=...` means here what it
/// means there.
enum EqualizerFilter {
    static let eq = FilterDescriptor(
        name: "eq", kind: .pointwise,
        summary: "Brightness, contrast, saturation and gamma on the YUV codes, as FFmpeg's eq.",
        formula: "per plane, a table of the 8-bit codes: Y with (contrast, brightness, gamma * gamma_g), U and V with"
            + " (saturation, 0, sqrt(gamma_b / gamma_g)) and sqrt(gamma_r / gamma_g)); unchanged at (1, 0, 1);"
            + " for gamma 1 and |contrast| < 8, ((x c4096) >> 12) + (((int)(100 b + 100) 511) / 200 - 128 -"
            + " c4096 / 32) clipped, c4096 = (int)(4096 contrast); else v = contrast (x/255 - 0.5) + 0.5 +"
            + " brightness, 0 if v <= 0, else v (1 - weight) + v^(1/gamma) weight, 255 if >= 1, else"
            + " (int)(256 v) (FFmpeg vf_eq, bit for bit on 8-bit planar YUV and grey). Elsewhere (10 bits, RGB,"
            + " with other filters) the colour is taken to 8-bit codes of the frame's colorimetry (BT.709"
            + " limited for RGB frames, the renderer's conversion), the tables are read between entries, and"
            + " the result taken back.",
        parameters: [
            .number("contrast", default: 1, range: -1000...1000, summary: "contrast; 1 leaves it unchanged"),
            .number("brightness", default: 0, range: -1...1, summary: "added to luma; 0 leaves it unchanged"),
            .number("saturation", default: 1, range: 0...3, summary: "chroma scale; 1 leaves it unchanged"),
            .number("gamma", default: 1, range: 0.1...10, summary: "gamma of luma"),
            .number("gamma_r", default: 1, range: 0.1...10, summary: "gamma of red (on V)"),
            .number("gamma_g", default: 1, range: 0.1...10, summary: "gamma of green (on luma)"),
            .number("gamma_b", default: 1, range: 0.1...10, summary: "gamma of blue (on U)"),
            .number("gamma_weight", default: 1, range: 0...1, summary: "how much of the gamma applies"),
        ],
        stages: [.pointwise("hb_eq", file: "pointwise/eq.glsl")],
        dataInBuffer: true,
        layout: tablesLayout,
        pack: { values, environment in
            // The RGB path's codes: 8-bit, the frame's matrix and range
            // (for RGB frames the renderer's conversion, BT.709 limited).
            let conversion = environment.codes8
            return tables(values).map(Float.init) + conversion.rgbToYUV + conversion.yuvToRGB
        })

    /// The layout pointwise/eq.glsl reads by name: three tables of 256
    /// codes, then the 4x4 matrices to the codes and back (column-major).
    /// FFmpeg's lut filters (`SampleTableFilters`) fill it too.
    static let tablesLayout: [ParameterField] = [
        .init("y", count: 256), .init("u", count: 256), .init("v", count: 256), .init("to_yuv", count: 16),
        .init("to_rgb", count: 16),
    ]

    /// What FFmpeg's eq does to one plane's 8-bit codes: its `contrast`,
    /// `brightness`, `gamma` and `weight` (`EQParameters`).
    struct Plane {
        var contrast: Double
        var brightness: Double
        var gamma: Double
        var weight: Double

        /// The output code of each input code 0...255, as FFmpeg 5.1 makes
        /// it: a copy, the integer `process_c`, or `create_lut`'s table.
        var table: [UInt8] {
            if contrast == 1 && brightness == 0 && gamma == 1 { return (0...255).map(UInt8.init) }
            if gamma == 1 && abs(contrast) < 8 {
                let scale = Int(contrast * 256 * 16)
                let offset = (Int(100 * brightness + 100) * 511) / 200 - 128 - scale / 32
                return (0...255).map { code in UInt8(min(max(((code * scale) >> 12) + offset, 0), 255)) }
            }
            let exponent = 1 / gamma
            let linear = 1 - weight
            return (0...255).map { code in
                var v = Double(code) / 255
                v = contrast * (v - 0.5) + 0.5 + brightness
                guard v > 0 else { return 0 }
                v = v * linear + pow(v, exponent) * weight
                return v >= 1 ? 255 : UInt8(256 * v)
            }
        }
    }

    /// The three planes' parameters, as FFmpeg's eq sets them: each value
    /// is kept as a float (its `av_clipf`), so brightness 0.02 is
    /// 0.0199999996 and its integer offset one code lower than 0.02's.
    static func planes(_ values: FilterValues) -> [Plane] {
        let value = { (name: String) in Double(Float(values.number(name))) }
        let weight = value("gamma_weight")
        let green = value("gamma_g")
        let saturation = value("saturation")
        return [
            Plane(
                contrast: value("contrast"), brightness: value("brightness"), gamma: value("gamma") * green,
                weight: weight),
            Plane(contrast: saturation, brightness: 0, gamma: (value("gamma_b") / green).squareRoot(), weight: weight),
            Plane(contrast: saturation, brightness: 0, gamma: (value("gamma_r") / green).squareRoot(), weight: weight),
        ]
    }

    /// Y, U and V's tables, 256 codes each.
    static func tables(_ values: FilterValues) -> [UInt8] {
        planes(values).flatMap(\.table)
    }

    static let all: [FilterDescriptor] = [eq]
}

extension Filter {
    /// FFmpeg's `eq`: `contrast` (-1000...1000), `brightness` (-1...1),
    /// `saturation` (0...3) and `gamma` (0.1...10) on the YUV codes, as FFmpeg
    /// computes them; values are clamped.
    public static func eq(
        contrast: Double = 1, brightness: Double = 0, saturation: Double = 1, gamma: Double = 1
    ) -> Filter {
        Filter(
            clamping: EqualizerFilter.eq,
            values: [
                "contrast": .number(contrast), "brightness": .number(brightness), "saturation": .number(saturation),
                "gamma": .number(gamma),
            ])
    }
}
