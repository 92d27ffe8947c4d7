extension FilterChainParser {
    // FFmpeg's colour filters whose options translate to a catalog
    // filter's: lut, colorchannelmixer, vibrance, colorbalance, negate and
    // hue. `ffmpegEquivalent` picks them.

    /// FFmpeg lut's values as lut_yuv's or lut_rgb's: each plane by its
    /// name (`y`, `u`, `v` or `r`, `g`, `b`) or its number (`c0`, `c1`, `c2`,
    /// also positional). The alpha's (`a`, `c3`) is not taken: the alpha is
    /// kept.
    static func lutArguments(_ arguments: [Argument], filter: String, planes: [String])
        throws(FilterChainError) -> [Argument]
    {
        let order = planes.enumerated().map { (name: $1, names: [$1, "c\($0)"]) }
        let given = try ffmpegOptions(
            arguments, filter: filter, order: order, valid: order.map { "\($0.name) (\($0.names[1]))" })
        return planes.compactMap { plane in
            guard var argument = given[plane] else { return nil }
            argument.key = plane
            return argument
        }
    }

    /// FFmpeg colorchannelmixer's values (`rr:rg:rb:ra:gr:...`, each by name
    /// or in that order) as channel_mixer's rows, each r/g/b and a 0
    /// constant. FFmpeg mixes video, which has no alpha, without its alpha
    /// weights; so do we: ra, ga, ba and the alpha row (ar, ag, ab, aa) may
    /// only be their defaults, and the colour is not preserved (pc none).
    static func channelMixerArguments(_ arguments: [Argument], column: Int) throws(FilterChainError)
        -> [Argument]
    {
        let weights = ["rr", "rg", "rb", "ra", "gr", "gg", "gb", "ga", "br", "bg", "bb", "ba", "ar", "ag", "ab", "aa"]
        let names = weights + ["pc", "pa"]
        let given = try ffmpegOptions(
            arguments, filter: "colorchannelmixer", order: names.map { ($0, [$0]) }, valid: names)
        var values: [String: Double] = ["rr": 1, "gg": 1, "bb": 1, "aa": 1]
        for name in weights {
            guard let argument = given[name] else { continue }
            let value = try Self.number(argument, filter: "colorchannelmixer", parameter: name, in: -2...2)
            let fixed: Double? = ["ra", "ga", "ba", "ar", "ag", "ab"].contains(name) ? 0 : name == "aa" ? 1 : nil
            if let fixed, value != fixed {
                throw .invalidValue(
                    filter: "colorchannelmixer", parameter: name, text: argument.value,
                    expected: "\(FilterValue.format(fixed)): video is mixed without its alpha, as in FFmpeg",
                    column: argument.valueColumn)
            }
            values[name] = value
        }
        if let mode = given["pc"], !["none", "0"].contains(mode.value.trimmingSpaces()) {
            throw .invalidValue(
                filter: "colorchannelmixer", parameter: "pc", text: mode.value,
                expected: "none: the colour is mixed as the weights say, not preserved", column: mode.valueColumn)
        }
        return ["r", "g", "b"].map { row in
            let text = ["r", "g", "b"].map { FilterValue.format(values[row + $0] ?? 0) }.joined(separator: "/") + "/0"
            return Argument(key: row, keyColumn: column, value: text, valueColumn: column, quoted: false)
        }
    }

    /// FFmpeg vibrance's options, in its order.
    static let vibranceOptions = ["intensity", "rbal", "gbal", "bbal", "rlum", "glum", "blum", "alternate"]

    /// FFmpeg vibrance's values (by name or in `vibranceOptions`' order) as
    /// luma_vibrance's: intensity, balance r/g/b, luma r/g/b, alternate.
    static func vibranceArguments(_ arguments: [Argument], column: Int) throws(FilterChainError)
        -> [Argument]
    {
        let names = vibranceOptions
        let given = try ffmpegOptions(arguments, filter: "vibrance", order: names.map { ($0, [$0]) }, valid: names)
        var made: [Argument] = []
        if let intensity = given["intensity"] {
            let value = try Self.number(intensity, filter: "vibrance", parameter: "intensity", in: -2...2)
            made.append(intensity.renamed("intensity", value: FilterValue.format(value)))
        }
        let lists = [
            ("balance", "bal", [1.0, 1, 1], -10.0...10), ("luma", "lum", [0.072186, 0.715158, 0.212656], 0...1),
        ]
        for (parameter, suffix, defaults, range) in lists {
            var values = defaults
            for (index, channel) in ["r", "g", "b"].enumerated() {
                guard let argument = given[channel + suffix] else { continue }
                values[index] = try Self.number(argument, filter: "vibrance", parameter: channel + suffix, in: range)
            }
            let text = values.map { FilterValue.format($0) }.joined(separator: "/")
            made.append(Argument(key: parameter, keyColumn: column, value: text, valueColumn: column, quoted: false))
        }
        if let alternate = given["alternate"] { made.append(alternate.renamed("alternate", value: alternate.value)) }
        return made
    }

    /// FFmpeg colorbalance's values (`rs:gs:bs:rm:gm:bm:rh:gh:bh:pl`, each
    /// by name or in that order) as color_balance's: shadows, midtones and
    /// highlights r/g/b, and preserve_lightness.
    static func colorBalanceArguments(_ arguments: [Argument], column: Int) throws(FilterChainError)
        -> [Argument]
    {
        let ranges = ["s": "shadows", "m": "midtones", "h": "highlights"]
        let shifts = ["s", "m", "h"].flatMap { range in ["r", "g", "b"].map { $0 + range } }
        let names = shifts + ["pl"]
        let given = try ffmpegOptions(
            arguments, filter: "colorbalance", order: names.map { ($0, [$0]) }, valid: names)
        var values: [String: Double] = [:]
        for name in shifts {
            guard let argument = given[name] else { continue }
            values[name] = try Self.number(argument, filter: "colorbalance", parameter: name, in: -1...1)
        }
        var made = ["s", "m", "h"].map { range in
            let text = ["r", "g", "b"].map { FilterValue.format(values[$0 + range] ?? 0) }.joined(separator: "/")
            return Argument(key: ranges[range]!, keyColumn: column, value: text, valueColumn: column, quoted: false)
        }
        if let lightness = given["pl"] { made.append(lightness.renamed("preserve_lightness", value: lightness.value)) }
        return made
    }

    /// FFmpeg negate's values as lut_yuv's: 255 - val on the planes its
    /// `components` name (y, u, v, r, g, b joined by +; all by default, r,
    /// g and b meaning nothing to YUV, as in FFmpeg), val on the others,
    /// as FFmpeg 5.1's negate takes max - val at every range. Its alpha
    /// (component `a`, `negate_alpha`) is kept here: only negate_alpha=0
    /// is taken.
    static func negateArguments(_ arguments: [Argument], column: Int) throws(FilterChainError) -> [Argument] {
        let given = try ffmpegOptions(
            arguments, filter: "negate",
            order: [("components", ["components"]), ("negate_alpha", ["negate_alpha"])],
            valid: ["components", "negate_alpha"])
        if let alpha = given["negate_alpha"], !["0", "false"].contains(alpha.value.trimmingSpaces().lowercased()) {
            throw .invalidValue(
                filter: "negate", parameter: "negate_alpha", text: alpha.value, expected: "0: the alpha is kept here",
                column: alpha.valueColumn)
        }
        var planes: Set<String> = ["y", "u", "v"]
        if let components = given["components"] {
            let names = components.value.trimmingSpaces().split(separator: "+").map(String.init)
            guard !names.isEmpty, names.allSatisfy(["y", "u", "v", "r", "g", "b"].contains),
                !Set(names).isDisjoint(with: planes)
            else {
                throw .invalidValue(
                    filter: "negate", parameter: "components", text: components.value,
                    expected: "y, u, v (r, g, b) joined by +, one of y, u, v among them; the alpha is kept here",
                    column: components.valueColumn)
            }
            planes.formIntersection(names)
        }
        return ["y", "u", "v"].map {
            Argument(
                key: $0, keyColumn: column, value: planes.contains($0) ? "255-val" : "val", valueColumn: column,
                quoted: false)
        }
    }

    /// FFmpeg hue's values (positional `h:s:H:b`) as yuv_hue's: `h` is
    /// degrees, `H` radians (FFmpeg refuses both), `s` saturation, `b`
    /// brightness; each a number or an expression.
    static func hueArguments(_ arguments: [Argument]) throws(FilterChainError) -> [Argument] {
        let given = try ffmpegOptions(
            arguments, filter: "hue", order: [("h", ["h"]), ("s", ["s"]), ("H", ["H"]), ("b", ["b"])],
            valid: ["h", "s", "H", "b"])
        if given["h"] != nil, let radians = given["H"] {
            throw .invalidValue(
                filter: "hue", parameter: "H", text: radians.value, expected: "h or H, not both",
                column: radians.keyColumn)
        }
        var translated: [Argument] = []
        for (name, key) in [("h", "degrees"), ("H", "degrees"), ("s", "saturation"), ("b", "brightness")] {
            guard var argument = given[name] else { continue }
            argument.key = key
            if name == "H" {
                let text = argument.value.trimmingSpaces()
                if let radians = Double(text) {
                    argument.value = "\(radians * 180 / .pi)"
                } else {
                    try checkExpression(text, of: argument, filter: "hue", parameter: "H")
                    argument.value = "(\(text))*180/PI"
                }
            }
            translated.append(argument)
        }
        return translated
    }
}
