/// FFmpeg's avgblur, as FFmpeg 5.1 computes it: the mean of a box of each
/// plane's samples, edges clamped, in whole numbers and truncated.
enum AvgblurFilter {
    static let descriptor = FilterDescriptor(
        name: "avgblur", kind: .neighborhood,
        summary: "Mean of a box of each plane's samples (FFmpeg avgblur).",
        formula: "per plane in its own samples, FFmpeg 5.1's avgblur: rx = min(sizeX, the narrowest plane's"
            + " width / 2), ry = min(sizeY (0: sizeX), the lowest plane's height / 2) (FFmpeg narrows the box"
            + " for every plane by the smallest), out = trunc(sum v[clamp(x + i), clamp(y + j)], |i| <= rx,"
            + " |j| <= ry, / ((2 rx + 1)(2 ry + 1))), in whole numbers. Planes whose bit of `planes` is 0 are left"
            + " alone. Alone on 8- to 12-bit planar YUV or grey written back as is: on the planes, FFmpeg's"
            + " frames exactly. Elsewhere on RGB: the mean of each channel, green, blue, red and alpha as"
            + " FFmpeg's planes 0 to 3 of planar RGB",
        parameters: [
            .integer("sizeX", default: 1, range: 1...1024, summary: "the box's half width, samples"),
            .integer(
                "planes", default: 15, range: 0...15,
                summary: "which planes to blur, a bit each (1: Y, 2: U, 4: V, 8: A)"),
            .integer("sizeY", default: 0, range: 0...1024, summary: "the box's half height; 0: sizeX"),
        ],
        stages: [
            .kernel("hb_avgblur_h", file: "kernels/avgblur.glsl"),
            .kernel("hb_avgblur_v", file: "kernels/avgblur.glsl"),
        ],
        layout: ["mask", "rx", "ry"],
        pack: { values, environment in
            let size = environment.inputSize
            let (rx, ry) = radii(values, planeSizes: [size])
            let planes = values.integer("planes")
            // FFmpeg's planar G, B, R, A as red 1, green 2, blue 4, alpha 8.
            let mask = (planes & 4 != 0 ? 1 : 0) | (planes & 1 != 0 ? 2 : 0) | (planes & 2 != 0 ? 4 : 0) | (planes & 8)
            return [Float(mask), Float(rx), Float(ry)]
        })

    /// The box's half width and height for planes of `planeSizes`, as FFmpeg
    /// 5.1 narrows them: by half the narrowest and the lowest of them all.
    static func radii(_ values: FilterValues, planeSizes: [FrameSize]) -> (x: Int, y: Int) {
        let sizeX = values.integer("sizeX")
        let sizeY = values.integer("sizeY") > 0 ? values.integer("sizeY") : sizeX
        let narrowest = planeSizes.map(\.width).min() ?? 0
        let lowest = planeSizes.map(\.height).min() ?? 0
        return (min(sizeX, narrowest / 2), min(sizeY, lowest / 2))
    }
}

extension Filter {
    /// `avgblur` (FFmpeg's): each plane the mean of a box `sizeX` samples
    /// either side (1...1024) and `sizeY` above and below (nil: sizeX), in
    /// its own samples, edges clamped; `planes` a bit per plane to blur
    /// (1: Y, 2: U, 4: V, 8: A).
    public static func avgblur(sizeX: Int, sizeY: Int? = nil, planes: Int = 15) throws(FilterChainError) -> Filter {
        try Filter(
            AvgblurFilter.descriptor,
            values: [
                "sizeX": .number(Double(sizeX)), "planes": .number(Double(planes)),
                "sizeY": .number(Double(sizeY ?? 0)),
            ])
    }
}
