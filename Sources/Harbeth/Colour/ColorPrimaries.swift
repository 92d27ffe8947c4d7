/// A set of RGB primaries and a white point as CIE 1931 xy chromaticities,
/// and the 3x3 matrices between such spaces (row-major, linear light).
/// Spaces that share a white point convert without chromatic adaptation.
struct ColorPrimaries: Sendable {
    typealias Chromaticity = (x: Double, y: Double)
    typealias Matrix = [Double]

    let red: Chromaticity
    let green: Chromaticity
    let blue: Chromaticity
    let white: Chromaticity

    static let d65: Chromaticity = (0.3127, 0.3290)
    /// ITU-R BT.709 (and sRGB).
    static let bt709 = ColorPrimaries(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), white: d65)
    /// EBU Tech 3213 (BT.470 System B/G, PAL).
    static let ebu3213 = ColorPrimaries(red: (0.64, 0.33), green: (0.29, 0.60), blue: (0.15, 0.06), white: d65)
    /// SMPTE 170M and 240M (NTSC).
    static let smpte170m = ColorPrimaries(
        red: (0.630, 0.340), green: (0.310, 0.595), blue: (0.155, 0.070), white: d65)
    /// P3 with D65 white (SMPTE EG 432-1, Display P3).
    static let displayP3 = ColorPrimaries(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: d65)
    /// ITU-R BT.2020 (Apple Log's gamut).
    static let bt2020 = ColorPrimaries(red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046), white: d65)
    /// Sony S-Gamut3.
    static let sGamut3 = ColorPrimaries(red: (0.730, 0.280), green: (0.140, 0.855), blue: (0.100, -0.050), white: d65)
    /// Sony S-Gamut3.Cine.
    static let sGamut3Cine = ColorPrimaries(
        red: (0.766, 0.275), green: (0.225, 0.800), blue: (0.089, -0.087), white: d65)
    /// Panasonic V-Gamut.
    static let vGamut = ColorPrimaries(red: (0.730, 0.280), green: (0.165, 0.840), blue: (0.100, -0.030), white: d65)
    /// ARRI Wide Gamut 3 (the gamut of LogC3).
    static let arriWideGamut3 = ColorPrimaries(
        red: (0.6840, 0.3130), green: (0.2210, 0.8480), blue: (0.0861, -0.1020), white: d65)

    /// Linear RGB in these primaries to CIE XYZ (Y = 1 for white).
    var toXYZ: Matrix {
        func xyz(_ c: Chromaticity) -> [Double] { [c.x / c.y, 1, (1 - c.x - c.y) / c.y] }
        let columns = [xyz(red), xyz(green), xyz(blue)]
        let primaries: Matrix = (0..<3).flatMap { row in columns.map { $0[row] } }
        let scale = Self.multiply(Self.inverse(primaries), xyz(white))
        return (0..<9).map { primaries[$0] * scale[$0 % 3] }
    }

    /// The luminance (Y) of linear RGB in these primaries.
    var luminanceCoefficients: [Double] { Array(toXYZ[3..<6]) }

    /// Linear RGB in these primaries to linear RGB in `target`'s.
    func conversion(to target: ColorPrimaries) -> Matrix {
        Self.product(Self.inverse(target.toXYZ), toXYZ)
    }

    static func multiply(_ m: Matrix, _ v: [Double]) -> [Double] {
        (0..<3).map { (row: Int) -> Double in
            m[row * 3] * v[0] + m[row * 3 + 1] * v[1] + m[row * 3 + 2] * v[2]
        }
    }

    static func product(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<9).map { (index: Int) -> Double in
            let row = index / 3 * 3
            let column = index % 3
            return a[row] * b[column] + a[row + 1] * b[3 + column] + a[row + 2] * b[6 + column]
        }
    }

    static func inverse(_ m: Matrix) -> Matrix {
        func minor(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Double { m[a] * m[b] - m[c] * m[d] }
        let cofactors: Matrix = [
            minor(4, 8, 5, 7), minor(2, 7, 1, 8), minor(1, 5, 2, 4),
            minor(5, 6, 3, 8), minor(0, 8, 2, 6), minor(2, 3, 0, 5),
            minor(3, 7, 4, 6), minor(1, 6, 0, 7), minor(0, 4, 1, 3),
        ]
        let determinant: Double = m[0] * cofactors[0] + m[1] * cofactors[3] + m[2] * cofactors[6]
        return cofactors.map { $0 / determinant }
    }
}
