/// FFmpeg's neighbour filters (vf_neighbor): each plane's sample replaced
/// by the smallest (erosion) or largest (dilation) of itself and the
/// neighbours `coordinates` picks, or by the mean of its 8 neighbours where
/// that is below it (deflate) or above it (inflate), moved by at most the
/// plane's threshold.
enum MorphologyFilters {
    static let erosion = descriptor(name: "erosion", smallest: true)
    static let dilation = descriptor(name: "dilation", smallest: false)
    static let deflate = meanDescriptor(name: "deflate", below: true)
    static let inflate = meanDescriptor(name: "inflate", below: false)

    static let all = [erosion, dilation, deflate, inflate]

    /// Each plane's threshold, as FFmpeg's options.
    private static let thresholds: [FilterParameter] = (0..<4).map {
        .integer(
            "threshold\($0)", default: 65535, range: 0...65535,
            summary: "how far plane \($0)'s samples may move, in codes")
    }

    /// The RGB path's thresholds in 0...1, red, green, blue, alpha (FFmpeg's
    /// planes 2, 0, 1, 3 of planar RGB), then the coordinates.
    private static func packed(_ values: FilterValues, coordinates: Int) -> [Float] {
        [2, 0, 1, 3].map { Float(min(values.number("threshold\($0)"), 255) / 255) } + [Float(coordinates)]
    }

    private static func meanDescriptor(name: String, below: Bool) -> FilterDescriptor {
        let (side, bound) = below ? ("below", "max(v - threshold, 0)") : ("above", "min(v + threshold, max code)")
        return FilterDescriptor(
            name: name, kind: .neighborhood,
            summary: "Each sample the mean of its 8 neighbours where that is \(side) it (FFmpeg \(name)).",
            formula: "per plane in its own samples, FFmpeg's \(name): m = (sum of the 8 neighbours) / 8 rounded down;"
                + " out = \(below ? "max(min(m, v)" : "min(max(m, v)"), \(bound)); rows past the edge repeat it, columns"
                + " mirror it (column -1 is column 1), as FFmpeg reads them. Alone on 8- to 12-bit planar YUV or"
                + " grey written back as is: on the planes, FFmpeg's frames exactly. Elsewhere on RGB in 8-bit codes:"
                + " each channel with its plane's threshold, green, blue, red and alpha as FFmpeg's planes 0 to 3 of"
                + " planar RGB",
            parameters: thresholds,
            stages: [.kernel("hb_\(name)", file: "kernels/erosion_dilation.glsl")],
            layout: [ParameterField("thresholds", count: 4), "coordinates"],
            pack: { values, _ in packed(values, coordinates: 255) })
    }

    /// The neighbours' offsets, bit 0 first, as FFmpeg numbers them.
    static let neighbours = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]

    private static func descriptor(name: String, smallest: Bool) -> FilterDescriptor {
        let (pick, bound) = smallest ? ("min", "max(v - threshold, 0)") : ("max", "min(v + threshold, max code)")
        return FilterDescriptor(
            name: name, kind: .neighborhood,
            summary: smallest
                ? "Each sample the smallest of its neighbourhood (FFmpeg erosion)."
                : "Each sample the largest of its neighbourhood (FFmpeg dilation).",
            formula: "per plane in its own samples, FFmpeg's \(name): out = \(smallest ? "max" : "min")(\(pick)(v, the"
                + " neighbours whose bit of coordinates is 1 (bit 0 top left, 1 top, 2 top right, 3 left, 4 right, 5"
                + " bottom left, 6 bottom, 7 bottom right)), \(bound)); rows past the edge repeat it, columns"
                + " mirror it (column -1 is column 1), as FFmpeg reads them. Alone on 8- to 12-bit planar YUV or"
                + " grey written back as is: on the planes, FFmpeg's frames exactly. Elsewhere on RGB: each channel"
                + " with its plane's threshold, green, blue, red and alpha as FFmpeg's planes 0 to 3 of planar RGB",
            parameters: thresholds + [
                .integer("coordinates", default: 255, range: 0...255, summary: "which neighbours count, a bit each")
            ],
            stages: [.kernel("hb_\(name)", file: "kernels/erosion_dilation.glsl")],
            layout: [ParameterField("thresholds", count: 4), "coordinates"],
            pack: { values, _ in packed(values, coordinates: values.integer("coordinates")) })
    }
}

extension Filter {
    /// `erosion` (FFmpeg's): each sample the smallest of itself and the
    /// neighbours `coordinates` picks (a bit each, bit 0 top left), moved
    /// down by at most each plane's `thresholds` (codes).
    public static func erosion(coordinates: Int = 255, thresholds: [Int] = [65535, 65535, 65535, 65535])
        throws(FilterChainError) -> Filter
    {
        try Filter(MorphologyFilters.erosion, values: MorphologyFilters.values(coordinates, thresholds))
    }

    /// `dilation` (FFmpeg's): each sample the largest of itself and the
    /// neighbours `coordinates` picks, moved up by at most each plane's
    /// `thresholds` (codes).
    public static func dilation(coordinates: Int = 255, thresholds: [Int] = [65535, 65535, 65535, 65535])
        throws(FilterChainError) -> Filter
    {
        try Filter(MorphologyFilters.dilation, values: MorphologyFilters.values(coordinates, thresholds))
    }
}

extension Filter {
    /// `deflate` (FFmpeg's): each sample the mean of its 8 neighbours where
    /// that is below it, moved down by at most each plane's `thresholds`
    /// (codes).
    public static func deflate(thresholds: [Int] = [65535, 65535, 65535, 65535]) throws(FilterChainError) -> Filter {
        try Filter(MorphologyFilters.deflate, values: MorphologyFilters.values(nil, thresholds))
    }

    /// `inflate` (FFmpeg's): each sample the mean of its 8 neighbours where
    /// that is above it, moved up by at most each plane's `thresholds`
    /// (codes).
    public static func inflate(thresholds: [Int] = [65535, 65535, 65535, 65535]) throws(FilterChainError) -> Filter {
        try Filter(MorphologyFilters.inflate, values: MorphologyFilters.values(nil, thresholds))
    }
}

extension MorphologyFilters {
    /// The values of `coordinates` (none for deflate and inflate) and up
    /// to four thresholds.
    static func values(_ coordinates: Int?, _ thresholds: [Int]) -> [String: FilterValue] {
        var values: [String: FilterValue] = [:]
        if let coordinates { values["coordinates"] = .number(Double(coordinates)) }
        for (index, threshold) in thresholds.prefix(4).enumerated() {
            values["threshold\(index)"] = .number(Double(threshold))
        }
        return values
    }
}
