extension FilterChainParser {
    /// FFmpeg's fade options in its order, with their short names.
    private static let ffmpegFadeOptions: [(name: String, short: String)] = [
        ("type", "t"), ("start_frame", "s"), ("nb_frames", "n"), ("alpha", "alpha"), ("start_time", "st"),
        ("duration", "d"), ("color", "c"),
    ]

    /// FFmpeg's fade written as FFmpeg takes it (`fade=in:0:30`,
    /// `fade=t=out:st=4:d=1:c=white`) as this fade's arguments: one fade in
    /// or out, over seconds (`start_time`, `duration`) or frame numbers
    /// (`start_frame`, `nb_frames`, 25 by default; `unit=frames`). Nil when
    /// the arguments are this fade's own.
    static func ffmpegFade(_ arguments: [Argument]) throws(FilterChainError) -> [Argument]? {
        let names = Set(ffmpegFadeOptions.flatMap { [$0.name, $0.short] }).subtracting(["color"])
        let isFFmpegs =
            arguments.contains { $0.key.map(names.contains) ?? false }
            || arguments.first.map { $0.key == nil && ["in", "out"].contains($0.value.lowercased()) } ?? false
        guard isFFmpegs else { return nil }
        let given = try ffmpegOptions(
            arguments, filter: "fade", order: ffmpegFadeOptions.map { (name: $0.name, names: [$0.name, $0.short]) },
            valid: ffmpegFadeOptions.map { "\($0.name) (\($0.short))" })
        let type = given["type"]?.value.lowercased() ?? "in"
        guard type == "in" || type == "out" else {
            throw .invalidValue(
                filter: "fade", parameter: "type", text: given["type"]!.value, expected: "in or out",
                column: given["type"]!.valueColumn)
        }
        if let alpha = given["alpha"], !["0", "false"].contains(alpha.value.lowercased()) {
            throw .invalidValue(
                filter: "fade", parameter: "alpha", text: alpha.value,
                expected: "0 (this fade mixes the colour into the picture; it does not fade the alpha channel)",
                column: alpha.valueColumn)
        }
        if let start = given["start_time"], given["duration"] == nil {
            throw .invalidValue(
                filter: "fade", parameter: "start_time", text: start.value,
                expected: "a duration with it (d=SECONDS), or start_frame and nb_frames", column: start.valueColumn)
        }
        let inSeconds = given["duration"] != nil
        let start = inSeconds ? given["start_time"] : given["start_frame"]
        let length = inSeconds ? given["duration"] : given["nb_frames"]
        let column = arguments.first?.keyColumn ?? 1
        func argument(_ key: String, _ value: String, from written: Argument?) -> Argument {
            Argument(
                key: key, keyColumn: written?.keyColumn ?? column, value: value,
                valueColumn: written?.valueColumn ?? column, quoted: written?.quoted ?? false)
        }
        let prefix = type == "in" ? "in" : "out"
        var translated = [
            argument(prefix + "_start", start?.value ?? "0", from: start),
            argument(prefix + "_duration", length?.value ?? (inSeconds ? "0" : "25"), from: length),
        ]
        if type == "out" { translated.append(argument("in_duration", "0", from: nil)) }
        if !inSeconds { translated.append(argument("unit", "frames", from: nil)) }
        if let color = given["color"] { translated.append(argument("color", color.value, from: color)) }
        return translated
    }
}
