import Foundation

/// FFmpeg's `lutyuv` and `lutrgb`: an expression of each sample's code
/// (`negval`, `val*1.2`, `gammaval(0.8)`) evaluated for every code into a
/// table, so the same recipe means here what it means there. They run as
/// eq runs (pointwise/eq.glsl, whose tables and matrices they fill; and
/// lut_yuv, like eq, on the planes of 8-bit planar YUV, bit for bit).
enum SampleTableFilters {
    static let lutYUV = FilterDescriptor(
        name: "lut_yuv", kind: .pointwise,
        summary: "Each Y, U and V code through a table made from an expression of it, as FFmpeg's lutyuv.",
        formula: "per plane, table[code] = clip(trunc(e(val = code)), 0, 255), clipval = clip(val, minval, maxval),"
            + " negval = maxval - clipval + minval, gammaval(g) = ((clipval - minval) / (maxval - minval))^g"
            + " (maxval - minval) + minval, minval/maxval 16/235 for Y and 16/240 for U and V in limited range,"
            + " 0/255 in full (FFmpeg vf_lut); the colour as 8-bit codes of the frame's colorimetry (BT.709"
            + " limited for RGB frames), each through its table (read between entries), and back; alone on"
            + " 8-bit planar YUV, each code through its table on the planes",
        parameters: [
            .sampleExpression("y", default: "clipval", summary: "Y's new code, of its code val"),
            .sampleExpression("u", default: "clipval", summary: "U's new code, of its code val"),
            .sampleExpression("v", default: "clipval", summary: "V's new code, of its code val"),
        ],
        stages: [.pointwise("hb_eq", file: "pointwise/eq.glsl")],
        dataInBuffer: true,
        layout: EqualizerFilter.tablesLayout,
        pack: { values, environment in
            // The codes of the frame's matrix and range (for RGB frames the
            // renderer's conversion, BT.709 limited), as eq's.
            let colorimetry = environment.colorimetryOrBT709
            let conversion = ColorConversion(colorimetry: colorimetry, bitDepth: 8)
            let limited = colorimetry.range == .limited
            let ranges: [ClosedRange<Double>] = limited ? [16...235, 16...240, 16...240] : [0...255, 0...255, 0...255]
            return try tables(values, ["y", "u", "v"], ranges: ranges, size: environment.inputSize)
                + conversion.rgbToYUV + conversion.yuvToRGB
        })

    static let lutRGB = FilterDescriptor(
        name: "lut_rgb", kind: .pointwise,
        summary: "Each R, G and B code through a table made from an expression of it, as FFmpeg's lutrgb.",
        formula: "per channel, table[code] = clip(trunc(e(val = code)), 0, 255) on 8-bit codes, minval 0 and"
            + " maxval 255 (clipval, negval and gammaval as lut_yuv's; FFmpeg vf_lut); read between entries",
        parameters: [
            .sampleExpression("r", default: "clipval", summary: "red's new code, of its code val"),
            .sampleExpression("g", default: "clipval", summary: "green's new code, of its code val"),
            .sampleExpression("b", default: "clipval", summary: "blue's new code, of its code val"),
        ],
        stages: [.pointwise("hb_eq", file: "pointwise/eq.glsl")],
        dataInBuffer: true,
        layout: EqualizerFilter.tablesLayout,
        pack: { values, environment in
            // eq's "YUV" here is the RGB codes: 255 times the colour, and back.
            let toCodes: [Float] = [255, 0, 0, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 0, 1]
            let fromCodes: [Float] = [1 / 255, 0, 0, 0, 0, 1 / 255, 0, 0, 0, 0, 1 / 255, 0, 0, 0, 0, 1]
            return try tables(
                values, ["r", "g", "b"], ranges: Array(repeating: 0...255, count: 3), size: environment.inputSize)
                + toCodes + fromCodes
        })

    /// The three tables: for each code 0...255, the named parameter's
    /// expression with `val` the code and its plane's `range`, truncated and
    /// clipped to 0...255 as FFmpeg's lut stores it.
    static func tables(_ values: FilterValues, _ names: [String], ranges: [ClosedRange<Double>], size: FrameSize)
        throws -> [Float]
    {
        var table: [Float] = []
        for (name, range) in zip(names, ranges) {
            let expression = try ParameterExpression(parsing: values.text(name), ofSample: true)
            var variables = ExpressionVariables(w: Double(size.width), h: Double(size.height))
            variables.minval = range.lowerBound
            variables.maxval = range.upperBound
            for code in 0...255 {
                variables.val = Double(code)
                table.append(Float(min(max(expression.value(variables).rounded(.towardZero), 0), 255)))
            }
        }
        return table
    }

    static let all: [FilterDescriptor] = [lutYUV, lutRGB]
}
