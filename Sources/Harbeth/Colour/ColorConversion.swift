/// The matrices that convert between YUV code values and RGB in 0...1 for
/// a colorimetry and bit depth, as 4x4 column-major matrices acting on
/// (Y, Cb, Cr, 1) and (R, G, B, 1).
///
/// Y' = Kr R + Kg G + Kb B, Pb = (B - Y') / (2 (1 - Kb)), Pr = (R - Y') / (2 (1 - Kr)).
/// Limited range (ITU-R BT.601/709/2020): Y = (16 + 219 Y') 2^(n-8),
/// C = (128 + 224 P) 2^(n-8). Full range (JPEG, BT.2100):
/// Y = (2^n - 1) Y', C = 2^(n-1) + (2^n - 1) P.
public struct ColorConversion: Sendable, Hashable {
    /// The matrix and range the YUV code values follow.
    public let colorimetry: Colorimetry
    /// Bits per sample of the YUV code values, e.g. 8, 10 or 12; code values run 0..<2^bitDepth.
    public let bitDepth: Int

    /// Creates the conversion for YUV samples of this colorimetry and bit depth.
    public init(colorimetry: Colorimetry, bitDepth: Int) {
        self.colorimetry = colorimetry
        self.bitDepth = bitDepth
    }

    /// (scale, offset) of Y and of C in code values.
    private var coding: (yScale: Double, yOffset: Double, cScale: Double, cOffset: Double) {
        let n = Double(bitDepth)
        let step = pow2(n - 8)
        switch colorimetry.range {
        case .limited:
            return (219 * step, 16 * step, 224 * step, 128 * step)
        case .full:
            let maximum = pow2(n) - 1
            return (maximum, 0, maximum, pow2(n - 1))
        }
    }

    /// RGB (0...1) -> code values: rows Y, Cb, Cr (column-major 4x4).
    public var rgbToYUV: [Float] {
        let (kr, kb) = colorimetry.matrix.lumaWeights
        let kg = 1 - kr - kb
        let c = coding
        // Rows of [R G B 1] -> Y, Cb, Cr, 1.
        let rows: [[Double]] = [
            [kr * c.yScale, kg * c.yScale, kb * c.yScale, c.yOffset],
            [-kr / (2 * (1 - kb)) * c.cScale, -kg / (2 * (1 - kb)) * c.cScale, 0.5 * c.cScale, c.cOffset],
            [0.5 * c.cScale, -kg / (2 * (1 - kr)) * c.cScale, -kb / (2 * (1 - kr)) * c.cScale, c.cOffset],
            [0, 0, 0, 1],
        ]
        return Self.columnMajor(rows)
    }

    /// Code values -> RGB (0...1) (column-major 4x4).
    public var yuvToRGB: [Float] {
        let (kr, kb) = colorimetry.matrix.lumaWeights
        let kg = 1 - kr - kb
        let c = coding
        // Y' = (Y - yOffset) / yScale; P = (C - cOffset) / cScale.
        // R = Y' + 2 (1 - Kr) Pr; B = Y' + 2 (1 - Kb) Pb; G = (Y' - Kr R - Kb B) / Kg.
        let rCr = 2 * (1 - kr)
        let bCb = 2 * (1 - kb)
        let gCb = -kb * bCb / kg
        let gCr = -kr * rCr / kg
        let y = 1 / c.yScale
        let p = 1 / c.cScale
        let rows: [[Double]] = [
            [y, 0, rCr * p, -c.yOffset * y - c.cOffset * rCr * p],
            [y, gCb * p, gCr * p, -c.yOffset * y - c.cOffset * (gCb + gCr) * p],
            [y, bCb * p, 0, -c.yOffset * y - c.cOffset * bCb * p],
            [0, 0, 0, 1],
        ]
        return Self.columnMajor(rows)
    }

    private static func columnMajor(_ rows: [[Double]]) -> [Float] {
        var values: [Float] = []
        for column in 0..<4 {
            for row in 0..<4 { values.append(Float(rows[row][column])) }
        }
        return values
    }
}

private func pow2(_ exponent: Double) -> Double {
    var value = 1.0
    if exponent >= 0 {
        for _ in 0..<Int(exponent) { value *= 2 }
    } else {
        for _ in 0..<Int(-exponent) { value /= 2 }
    }
    return value
}
