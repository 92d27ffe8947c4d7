/// FFmpeg's convolution (vf_convolution): each plane its own matrix of
/// whole numbers, square (3x3, 5x5, 7x7), a row or a column of an odd
/// count up to 49, over its samples mirrored at the edges (-1 is 1; w is
/// w - 1 for a 3x3 square, w - 2 otherwise, as FFmpeg 5.1 reads them); the sum times 1 / the matrix's sum (1 where that is 0) plus the
/// plane's bias, plus a half, cut to a whole code and clamped. FFmpeg 5.1
/// divides so whatever its rdiv says. Catalog `convolution` is Harbeth's
/// kernel on RGB; FFmpeg's syntax (`convolution='0 -1 0 -1 5 -1 0 -1 0'`,
/// `0m=...`) names this one.
enum ConvolutionPlanesFilter {
    /// The identity matrix, every plane's default.
    static let identity: [Double] = [0, 0, 0, 0, 1, 0, 0, 0, 0]
    /// The floats each plane takes in the pack: radius, mode, the divisor's
    /// reciprocal, bias, then 49 matrix entries.
    static let planeFloats = 53

    static let descriptor = FilterDescriptor(
        name: "convolution_planes", kind: .neighborhood,
        summary: "FFmpeg's convolution: a matrix per plane, square, row or column.",
        formula: "per plane in its own samples, FFmpeg 5.1's convolution: mK the plane's matrix (9, 25 or 49 numbers"
            + " square, an odd count up to 49 as a row or a column, row by row), over its samples mirrored at the"
            + " edges (-1 is 1; w is w - 1 for a 3x3 square, w - 2 otherwise, as FFmpeg 5.1 reads them); out = trunc(sum * (1 / the matrix's sum, 1 where 0) + biasK + 0.5),"
            + " clamped. Alone on 8- to 12-bit planar YUV or grey written back as is: on the planes, FFmpeg's frames"
            + " exactly. Elsewhere on RGB in 8-bit codes, green, blue and red as FFmpeg's planes 0 to 2 of planar"
            + " RGB, the alpha kept",
        parameters: (0..<4).flatMap { plane -> [FilterParameter] in
            [
                .list(
                    "m\(plane)", count: 1...49, default: identity, range: -65535...65535,
                    summary: "plane \(plane)'s matrix, whole numbers, row by row"),
                .number("bias\(plane)", default: 0, range: 0...65535, summary: "added to plane \(plane)'s result"),
                .choice(
                    "mode\(plane)", ["square", "row", "column"], default: "square",
                    summary: "plane \(plane)'s matrix: a square, a row or a column"),
            ]
        },
        stages: [.kernel("hb_convolution_planes", file: "kernels/convolution_planes.glsl")],
        layout: [ParameterField("planes", count: 4 * 53)],
        pack: { values, _ in try packed(values).map(Float.init) })

    /// The pack: for each plane radius, mode (0 square, 1 row, 2 column),
    /// 1 / the matrix's sum (1 where that is 0), bias, the matrix padded
    /// to 49. Throws for a matrix whose count its mode cannot take.
    static func packed(_ values: FilterValues) throws -> [Double] {
        try (0..<4).flatMap { plane -> [Double] in
            let matrix = values.list("m\(plane)").map { $0.rounded(.towardZero) }
            let mode = values.choiceIndex("mode\(plane)")
            guard let radius = radius(count: matrix.count, mode: mode) else {
                throw RenderError.invalidFilterSetup(
                    filter: "convolution_planes",
                    reason: "m\(plane) has \(matrix.count) numbers; "
                        + (mode == 0 ? "a square takes 9, 25 or 49" : "a row or a column takes an odd count up to 49"))
            }
            let sum = matrix.reduce(0, +)
            return [
                Double(radius), Double(mode), Double(Float(1) / Float(sum == 0 ? 1 : sum)),
                values.number("bias\(plane)"),
            ]
                + matrix + Array(repeating: 0, count: 49 - matrix.count)
        }
    }

    /// The matrix's radius for `count` numbers in `mode`; nil where the
    /// mode cannot take that count.
    static func radius(count: Int, mode: Int) -> Int? {
        if mode == 0 { return [9: 1, 25: 2, 49: 3][count] }
        return count % 2 == 1 && count <= 49 ? count / 2 : nil
    }
}
