extension FilterChainParser {
    /// FFmpeg drawbox's or drawgrid's values (`filter`; positional
    /// `x:y:width:height:color:thickness:replace`, also `w`, `h`, `c`, `t`)
    /// as draw_box's or draw_grid's. Their x, y, w, h and t are
    /// expressions that may read each other and the frame's size (`iw`,
    /// `in_w`, `ih`, `in_h`): each is written out in terms of the frame's
    /// size alone, the others it reads put in its place, as FFmpeg
    /// evaluates them in turn (a width of 0, the frame's, reads as 0). A
    /// circle of them, a name drawbox does not know here (`sar`, `dar`,
    /// `hsub`, `vsub`) and `color=invert` are refused with the column.
    /// drawbox's `t=fill` fills the box.
    static func drawArguments(_ arguments: [Argument], filter: String, column: Int) throws(FilterChainError)
        -> [Argument]
    {
        let given = try ffmpegOptions(
            arguments, filter: filter,
            order: [
                ("x", ["x"]), ("y", ["y"]), ("w", ["width", "w"]), ("h", ["height", "h"]), ("color", ["color", "c"]),
                ("t", ["thickness", "t"]), ("replace", ["replace"]),
            ],
            valid: ["x", "y", "width (w)", "height (h)", "color (c)", "thickness (t)", "replace"])
        let fills = filter == "drawbox" && given["t"]?.value.trimmingSpaces() == "fill"
        var expressions = DrawboxExpressions(filter: filter)
        let thickness = filter == "drawbox" ? "3" : "1"
        for (name, fallback) in [("x", "0"), ("y", "0"), ("w", "0"), ("h", "0"), ("t", thickness)] {
            if name == "t", fills { continue }
            let argument = given[name]
            let text = argument?.value.trimmingSpaces() ?? fallback
            try expressions.define(name, text, argument: argument)
        }
        var translated: [Argument] = []
        func add(_ key: String, _ value: String, at argument: Argument?) {
            translated.append(
                Argument(
                    key: key, keyColumn: argument?.keyColumn ?? column, value: value,
                    valueColumn: argument?.valueColumn ?? column, quoted: false))
        }
        for (name, key) in [("x", "x"), ("y", "y"), ("w", "width"), ("h", "height"), ("t", "thickness")] {
            guard !(name == "t" && fills) else { continue }
            add(key, try expressions.expanded(name), at: given[name])
        }
        if fills { add("fill", "1", at: given["t"]) }
        if var color = given["color"] {
            let text = color.value.trimmingSpaces()
            if text == "invert" {
                throw .invalidValue(
                    filter: filter, parameter: "color", text: text,
                    expected: "a colour (inverting the luma, color=invert, is not supported)",
                    column: color.valueColumn)
            }
            // FFmpeg's #RRGGBB@alpha is 0xRRGGBB@alpha to the colour reader.
            if text.hasPrefix("#"), text.contains("@") { color.value = "0x" + text.dropFirst() }
            // FFmpeg keeps the alpha as a byte: 255 times a fraction,
            // truncated (@0.5 is 127), or 0xNN.
            let parts = color.value.split(separator: "@", maxSplits: 1)
            if parts.count == 2 {
                let text = parts[1].lowercased()
                let byte =
                    text.hasPrefix("0x")
                    ? UInt8(text.dropFirst(2), radix: 16).map(Double.init)
                    : Double(text).flatMap { (0...1).contains($0) ? ($0 * 255).rounded(.down) : nil }
                if let byte { color.value = parts[0] + "@" + FilterValue.format(byte / 255) }
            }
            color.key = "color"
            translated.append(color)
        }
        if var replace = given["replace"] {
            replace.key = "replace"
            translated.append(replace)
        }
        return translated
    }
}

/// drawbox's (or drawgrid's) x, y, w, h and t as FFmpeg writes them, each
/// written out in terms of the frame's size alone.
private struct DrawboxExpressions {
    /// The FFmpeg filter they are of, for errors.
    let filter: String

    /// The names one expression may read of another's.
    static let boxNames: Set<String> = ["x", "y", "w", "h", "t"]
    /// The frame's size under each of its names, as draw_box reads it.
    static let frameNames = ["iw": "iw", "in_w": "iw", "ih": "ih", "in_h": "ih"]
    static let constants: Set<String> = ["PI", "E", "PHI", "NAN"]

    private var definitions: [String: (text: String, argument: FilterChainParser.Argument?)] = [:]

    init(filter: String) {
        self.filter = filter
    }

    /// Takes `text` as `name`'s expression, refusing a name drawbox does
    /// not know here and a malformed expression, at the column in the
    /// user's text.
    mutating func define(_ name: String, _ text: String, argument: FilterChainParser.Argument?) throws(FilterChainError)
    {
        let start = argument.map { $0.valueColumn + ($0.quoted ? 1 : 0) } ?? 0
        var checked = Array(text)
        for token in Self.names(in: text) where !token.isCall {
            if Self.boxNames.contains(token.name) {
                // The same length, so a column in the check is the user's.
                checked[token.offset] = "1"
            } else if Self.frameNames[token.name] == nil, !Self.constants.contains(token.name) {
                throw .invalidExpression(
                    filter: filter, parameter: name, text: text,
                    reason: "unknown name '\(token.name)' (\(filter)'s variables here are x, y, w, h, t, iw (or in_w),"
                        + " ih (or in_h); the constants PI, E, PHI, NAN)", column: start + token.offset)
            }
        }
        do {
            _ = try ParameterExpression(parsing: String(checked))
        } catch {
            throw .invalidExpression(
                filter: filter, parameter: name, text: text, reason: error.reason, column: start + error.column - 1)
        }
        definitions[name] = (text, argument)
    }

    /// `name`'s expression with every other one it reads put in place, in
    /// parentheses; a circle is refused at the first name the expression
    /// reads on the way round.
    func expanded(_ name: String) throws(FilterChainError) -> String {
        try expand(name, trail: [name])
    }

    private func expand(_ name: String, trail: [String]) throws(FilterChainError) -> String {
        guard let definition = definitions[name] else {
            // Only t, when it is fill, has no expression.
            let root = definitions[trail[0]]!
            throw .invalidExpression(
                filter: filter, parameter: trail[0], text: root.text,
                reason: "t is fill, which is no number to read", column: column(of: trail, in: root))
        }
        var result = ""
        var characters = Array(definition.text)[...]
        var consumed = 0
        for token in Self.names(in: definition.text) where !token.isCall {
            result += String(characters.prefix(token.offset - consumed))
            characters = characters.dropFirst(token.offset - consumed + token.name.count)
            consumed = token.offset + token.name.count
            if let frame = Self.frameNames[token.name] {
                result += frame
            } else if Self.boxNames.contains(token.name) {
                if trail.contains(token.name) {
                    let root = definitions[trail[0]]!
                    let circle = (trail + [token.name]).joined(separator: " → ")
                    throw .invalidExpression(
                        filter: filter, parameter: trail[0], text: root.text,
                        reason: "\(trail[0]) refers back to itself (\(circle))",
                        column: column(of: trail + [token.name], in: root))
                }
                result += "(" + (try expand(token.name, trail: trail + [token.name])) + ")"
            } else {
                result += token.name
            }
        }
        return result + String(characters)
    }

    /// The column of the first name `trail` goes through in its first
    /// expression's text (the start of the value when there is none).
    private func column(of trail: [String], in root: (text: String, argument: FilterChainParser.Argument?)) -> Int {
        let start = root.argument.map { $0.valueColumn + ($0.quoted ? 1 : 0) } ?? 0
        let first = trail.count > 1 ? trail[1] : trail[0]
        let offset = Self.names(in: root.text).first { !$0.isCall && $0.name == first }?.offset ?? 0
        return start + offset
    }

    /// The names in an expression's text, each with its offset and
    /// whether a call follows it (a function's name); numbers, with their
    /// exponents, are skipped.
    static func names(in text: String) -> [(name: String, offset: Int, isCall: Bool)] {
        let characters = Array(text)
        var found: [(name: String, offset: Int, isCall: Bool)] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isNumber || character == "." {
                while index < characters.count, characters[index].isNumber || characters[index] == "." { index += 1 }
                if index < characters.count, characters[index] == "e" || characters[index] == "E" {
                    var next = index + 1
                    if next < characters.count, characters[next] == "+" || characters[next] == "-" { next += 1 }
                    if next < characters.count, characters[next].isNumber {
                        index = next
                        while index < characters.count, characters[index].isNumber { index += 1 }
                    }
                }
            } else if character.isLetter || character == "_" {
                let start = index
                while index < characters.count,
                    characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
                {
                    index += 1
                }
                var after = index
                while after < characters.count, characters[after] == " " { after += 1 }
                let isCall = after < characters.count && characters[after] == "("
                found.append((String(characters[start..<index]), start, isCall))
            } else {
                index += 1
            }
        }
        return found
    }
}
