/// FFmpeg's colorlevels: each of red, green, blue and alpha moved from an
/// input range to an output range on 8-bit codes, truncated, as FFmpeg's
/// tables make it.
enum ColorLevelsFilter {
    /// The channels' prefixes, in FFmpeg's order.
    static let channels = ["r", "g", "b", "a"]

    static let descriptor = FilterDescriptor(
        name: "colorlevels", kind: .pointwise,
        summary: "Moves each channel's input range to an output range (FFmpeg colorlevels).",
        formula:
            "per channel on 8-bit codes, FFmpeg's colorlevels: imin = 255 imin rounded half to even, the same for imax, omin,"
            + " omax; out = clip(trunc((v - imin) (omax - omin) / (imax - imin) + omin), 0, 255), made into a"
            + " table of 256 codes and looked up (interpolated linearly between codes); FFmpeg's frames exactly"
            + " on RGB input. FFmpeg's automatic levels (a negative input point) are not taken",
        parameters: ["imin", "imax", "omin", "omax"].flatMap { point in
            channels.map { channel in
                FilterParameter.number(
                    "\(channel)\(point)", default: point.hasSuffix("max") ? 1 : 0, range: 0...1,
                    summary:
                        "\(["r": "red", "g": "green", "b": "blue", "a": "alpha"][channel]!) \(point.hasPrefix("i") ? "input" : "output") \(point.hasSuffix("max") ? "white" : "black") point"
                )
            }
        },
        stages: [.pointwise("hb_colorlevels", file: "pointwise/colorlevels.glsl")],
        dataInBuffer: true,
        layout: [.init("tables", count: 1024)],
        pack: { values, _ in channels.flatMap { table(values, channel: $0).map { Float($0) / 255 } } })

    /// One channel's 256 codes, as FFmpeg computes them in doubles.
    static func table(_ values: FilterValues, channel: String) -> [Int] {
        // FFmpeg 5.1 rounds a point to its code half to even (0.7 is 178).
        func code(_ point: String) -> Int { Int((values.number(channel + point) * 255).rounded(.toNearestOrEven)) }
        let (imin, imax, omin, omax) = (code("imin"), code("imax"), code("omin"), code("omax"))
        let coefficient = Double(omax - omin) / Double(imax - imin)
        return (0...255).map { value in
            let out = Double(value - imin) * coefficient + Double(omin)
            // Past an int, or not a number (an empty input range), x86's
            // conversion gives INT_MIN: 0 after FFmpeg's clip.
            guard out.isFinite, out > -2_147_483_648, out < 2_147_483_648 else { return 0 }
            return min(255, max(0, Int(out.rounded(.towardZero))))
        }
    }
}
