/// FFmpeg's filters of a graph that are not image filters of the
/// catalog (split, setpts, setsar, setdar, format, fps, null, copy,
/// concat), the stacks with FFmpeg's options, and the options of overlay and blend
/// that say when the run ends: read into a step's own fields.
extension GraphBuilder {
    /// One filter of a chain as read.
    struct ReadFilter {
        var name: String
        /// What the step does: FFmpeg's plumbing passes frames on unless
        /// read as something else.
        var kind = FilterGraph.Step.Kind.passOn(.none)
        /// An hstack's or vstack's inputs (FFmpeg's inputs=N), joined two
        /// at a time.
        var pads: Int?
        /// An xstack's inputs.
        var xstackInputs: Int?
        /// A concat's segments (FFmpeg's n).
        var segments: Int?
        /// The labels it makes (a split's count).
        var outputs = 1

        /// The catalog's filter, for a step that is one.
        var filter: Filter? {
            if case .filter(let filter, _) = kind { return filter }
            return nil
        }
    }

    /// The next filter of a chain, FFmpeg's plumbing read here and the
    /// catalog's by the parser; `framesHaveAlpha` when a format with alpha
    /// comes before it in the chain.
    mutating func readFilter(_ parser: inout FilterChainParser, framesHaveAlpha: Bool) throws -> ReadFilter {
        let column = parser.column
        let start = parser.index
        let name = try parser.parseName()
        var read = ReadFilter(name: name)
        if name == "split" {
            read.kind = .split
            parser.skipSpaces()
            if parser.current == "=" {
                parser.index += 1
                var digits = ""
                while let character = parser.current, character.isNumber {
                    digits.append(character)
                    parser.index += 1
                }
                guard let count = Int(digits), (1...64).contains(count) else {
                    throw FilterChainError.invalidValue(
                        filter: "split", parameter: "outputs", text: digits, expected: "a count of 1...64",
                        column: column + 6)
                }
                read.outputs = count
            } else {
                read.outputs = 2
            }
        } else if name == "setpts" {
            try Self.checkTimeFromStart(&parser, column: column)
        } else if name == "setsar" || name == "setdar" {
            read.kind = .passOn(.aspect(try Self.aspect(&parser, display: name == "setdar")))
        } else if name == "format" {
            read.kind = .passOn(.pixelFormat(try Self.pixelFormat(&parser)))
        } else if name == "fps" {
            read.kind = .passOn(.frameRate(try Self.frameRate(&parser)))
        } else if name == "null" || name == "copy" {
            if let argument = try parser.parseArguments().first {
                throw FilterChainError.tooManyValues(filter: name, count: 0, column: argument.keyColumn)
            }
        } else if name == "hstack" || name == "vstack" {
            let (filter, pads) = try stack(name, &parser, column: column)
            (read.kind, read.pads) = (.filter(filter, dropsEndedInputs: false), pads)
        } else if name == "xstack" {
            let (layout, inputs) = try xstack(&parser)
            (read.kind, read.xstackInputs) = (.stack(layout), inputs)
        } else if name == "concat" {
            (read.kind, read.segments) = (.concat, try Self.concat(&parser))
        } else if name == "overlay" || name == "blend" {
            var arguments = try parser.parseArguments()
            var dropsEndedInputs = false
            for argument in arguments where Self.endOptions.contains(argument.key ?? "") {
                if try takeEnd(argument, filter: name) { dropsEndedInputs = true }
            }
            arguments.removeAll { Self.endOptions.contains($0.key ?? "") }
            let evaluation = name == "overlay" ? try Self.takeOverlayOptions(&arguments) : nil
            let filter = try parser.makeFilter(name, arguments: arguments, column: column)
            if let evaluation, evaluation.value == "init",
                filter.values.values.values.contains(where: { $0.animated?.changesOverTime ?? false })
            {
                throw FilterChainError.invalidValue(
                    filter: name, parameter: "eval", text: evaluation.value,
                    expected: "frame: x and y read t or n, which init would read once", column: evaluation.valueColumn)
            }
            read.kind = .filter(filter, dropsEndedInputs: dropsEndedInputs)
        } else {
            parser.index = start
            parser.framesHaveAlpha = framesHaveAlpha
            defer { parser.framesHaveAlpha = false }
            read.kind = .filter(try parser.parseFilter(), dropsEndedInputs: false)
        }
        return read
    }

    /// FFmpeg's hstack or vstack: ours with FFmpeg's `inputs=N` (the
    /// number of inputs it stacks, 2 by default) and `shortest` (the run
    /// ends with its shortest input, else its longest: `endsWithShortest`)
    /// taken off.
    private mutating func stack(_ name: String, _ parser: inout FilterChainParser, column: Int) throws -> (
        Filter, Int
    ) {
        var arguments = try parser.parseArguments()
        var pads = 2
        if let given = arguments.first(where: { $0.key == "inputs" }) {
            guard let count = Int(given.value), (2...64).contains(count) else {
                throw FilterChainError.invalidValue(
                    filter: name, parameter: "inputs", text: given.value, expected: "a count of 2...64",
                    column: given.valueColumn)
            }
            pads = count
        }
        if let shortest = arguments.first(where: { $0.key == "shortest" }) { _ = try takeEnd(shortest, filter: name) }
        arguments.removeAll { $0.key == "inputs" || $0.key == "shortest" }
        return (try parser.makeFilter(name, arguments: arguments, column: column), pads)
    }

    /// FFmpeg's concat: `n` segments (2 by default), each one video
    /// stream (`v=1`) and no sound (`a=0`: the tool joins the sound
    /// itself), all one size (`unsafe=0`); by name or in that order.
    private static func concat(_ parser: inout FilterChainParser) throws -> Int {
        let names = ["n", "v", "a", "unsafe"]
        var segments = 2
        for (position, argument) in try parser.parseArguments().enumerated() {
            let key = argument.key ?? (position < names.count ? names[position] : "")
            func refuse(_ expected: String) -> FilterChainError {
                .invalidValue(
                    filter: "concat", parameter: key, text: argument.value, expected: expected,
                    column: argument.valueColumn)
            }
            switch key {
            case "n":
                guard let count = Int(argument.value), (1...64).contains(count) else {
                    throw refuse("a count of 1...64")
                }
                segments = count
            case "v": guard argument.value == "1" else { throw refuse("1: a graph's segments are video") }
            case "a":
                guard argument.value == "0" else {
                    throw refuse("0: a graph filters video (harbeth-render joins the segments' sound itself)")
                }
            case "unsafe": guard argument.value == "0" else { throw refuse("0: segments are one size") }
            default:
                throw FilterChainError.unknownParameter(
                    filter: "concat", parameter: key.isEmpty ? argument.value : key, valid: names,
                    column: argument.keyColumn)
            }
        }
        return segments
    }

    /// FFmpeg's formats overlay may compose in; ours composes at the
    /// frames' own precision, on their planes where it can.
    private static let overlayFormats = [
        "auto", "yuv420", "yuv420p10", "yuv422", "yuv422p10", "yuv444", "yuv444p10", "rgb", "gbrp",
    ]

    /// Takes FFmpeg overlay's `format` (where it composes: nothing to
    /// change here), `alpha` (straight, as ours takes it) and `eval` (frame
    /// or init) off `arguments`; returns `eval` as given, for the caller
    /// to hold init to x and y that do not move.
    private static func takeOverlayOptions(_ arguments: inout [FilterChainParser.Argument]) throws
        -> FilterChainParser.Argument?
    {
        var evaluation: FilterChainParser.Argument?
        for argument in arguments {
            let value = argument.value.lowercased()
            let expected: String
            switch argument.key {
            case "format":
                guard !overlayFormats.contains(value) else { continue }
                expected = "one of " + overlayFormats.joined(separator: ", ")
            case "alpha":
                guard value != "straight" else { continue }
                expected = "straight: the inset's colours are not multiplied by its alpha"
            case "eval":
                evaluation = argument
                guard value != "frame" && value != "init" else { continue }
                expected = "frame or init"
            default: continue
            }
            throw FilterChainError.invalidValue(
                filter: "overlay", parameter: argument.key!, text: argument.value, expected: expected,
                column: argument.valueColumn)
        }
        arguments.removeAll { ["format", "alpha", "eval"].contains($0.key ?? "") }
        return evaluation
    }

    /// FFmpeg's options of a filter of two inputs (its framesync's) that
    /// say when the run ends.
    private static let endOptions: Set<String> = ["shortest", "eof_action", "repeatlast"]

    /// One of `endOptions`: `shortest` (0 or 1), `eof_action` (repeat;
    /// endall, the shortest; pass) or `repeatlast` (1, or 0 as pass). True
    /// for pass: the filter's second input shows only until it ends. Two
    /// filters that say different ends are an error.
    private mutating func takeEnd(_ given: FilterChainParser.Argument, filter: String) throws -> Bool {
        let parameter = given.key ?? "shortest"
        func refuse(_ expected: String) -> FilterChainError {
            .invalidValue(
                filter: filter, parameter: parameter, text: given.value, expected: expected,
                column: given.valueColumn)
        }
        let shortest: Bool
        switch (parameter, given.value.lowercased()) {
        case ("shortest", "1"), ("shortest", "true"), ("eof_action", "endall"): shortest = true
        case ("shortest", "0"), ("shortest", "false"): shortest = false
        case ("eof_action", "repeat"), ("repeatlast", "1"), ("repeatlast", "true"): return false
        case ("eof_action", "pass"), ("repeatlast", "0"), ("repeatlast", "false"): return true
        case ("eof_action", _): throw refuse("repeat, endall or pass")
        default: throw refuse("0 or 1")
        }
        if let said = endsWithShortest, said.shortest != shortest {
            throw FilterGraphError.endsDisagree(
                parameter: parameter, column: given.keyColumn, otherParameter: said.parameter, other: said.column)
        }
        endsWithShortest = (shortest, parameter, given.keyColumn)
        return false
    }

    /// FFmpeg's xstack: `inputs`, `layout` or `grid`, `shortest`, `fill`
    /// (by name, or in that order).
    private mutating func xstack(_ parser: inout FilterChainParser) throws -> (StackLayout, Int) {
        let arguments = try parser.parseArguments()
        let names = ["inputs", "layout", "grid", "shortest", "fill"]
        var given: [String: FilterChainParser.Argument] = [:]
        for (position, argument) in arguments.enumerated() {
            let key = argument.key ?? (position < names.count ? names[position] : "")
            guard names.contains(key) else {
                throw FilterChainError.unknownParameter(
                    filter: "xstack", parameter: key.isEmpty ? argument.value : key, valid: names,
                    column: argument.keyColumn)
            }
            given[key] = argument
        }
        var inputs = 2
        if let argument = given["inputs"] {
            guard let count = Int(argument.value), (2...64).contains(count) else {
                throw FilterChainError.invalidValue(
                    filter: "xstack", parameter: "inputs", text: argument.value, expected: "a count of 2...64",
                    column: argument.valueColumn)
            }
            inputs = count
        }
        var fill: [Double] = [0, 0, 0, 1]
        if let argument = given["fill"], argument.value.lowercased() != "none" {
            guard let colour = FilterChainParser.colour(argument.value) else {
                throw FilterChainError.invalidValue(
                    filter: "xstack", parameter: "fill", text: argument.value,
                    expected: "none or a colour (black, 0xRRGGBB, #RRGGBB)", column: argument.valueColumn)
            }
            fill = colour.count == 3 ? colour + [1] : colour
        }
        if let shortest = given["shortest"] { _ = try takeEnd(shortest, filter: "xstack") }
        do {
            let layout = try StackLayout(
                inputs: inputs, layout: given["layout"]?.value, grid: given["grid"]?.value, fill: fill)
            return (layout, inputs)
        } catch {
            let argument = given["layout"] ?? given["grid"]
            throw FilterChainError.invalidValue(
                filter: "xstack", parameter: given["layout"] == nil && argument != nil ? "grid" : "layout",
                text: argument?.value ?? "", expected: error.reason, column: argument?.valueColumn ?? parser.column)
        }
    }

    /// setpts's value (`PTS-STARTPTS`, `expr='PTS - STARTPTS'`): each
    /// frame's time from the first frame, which a graph's inputs already
    /// count, is the one setpts a graph takes, passing its frames on.
    /// Others retime the video, which the inputs' synchronisation does not
    /// follow: an error at the filter's `column`.
    private static func checkTimeFromStart(_ parser: inout FilterChainParser, column: Int) throws {
        let arguments = try parser.parseArguments()
        guard let argument = arguments.first else {
            throw FilterChainError.malformed(
                expected: "'=' and setpts's expression", found: parser.foundDescription, column: parser.column)
        }
        let other = arguments.count > 1 ? arguments[1] : [nil, "expr"].contains(argument.key) ? nil : argument
        if let other {
            throw FilterChainError.malformed(
                expected: "setpts's one value (expr)", found: "'\(other.key ?? other.value)'", column: other.keyColumn)
        }
        let expression: ParameterExpression
        do {
            expression = try ParameterExpression(parsing: argument.value, names: .timestamp)
        } catch {
            throw FilterChainError.invalidExpression(
                filter: "setpts", parameter: "expr", text: argument.value, reason: error.reason,
                column: argument.valueColumn + (argument.quoted ? 1 : 0) + error.column - 1)
        }
        guard expression.isTimeFromStart else { throw FilterGraphError.retimes(column: column) }
    }

    /// setsar's or setdar's options (`1`, `sar=10/11`, `16/9:max=255`).
    private static func aspect(_ parser: inout FilterChainParser, display: Bool) throws -> OutputAspect {
        let name = display ? "setdar" : "setsar"
        let arguments = try parser.parseArguments()
        do {
            return try OutputAspect(setting: arguments.map { ($0.key, $0.value) }, display: display)
        } catch {
            switch error {
            case .notARatio(let text, let option):
                throw FilterChainError.invalidValue(
                    filter: name, parameter: arguments[option].key ?? "r", text: text,
                    expected: "a positive ratio (16/9, 4/3, 1.7778) or 0", column: arguments[option].valueColumn)
            case .notAMaximum(let text, let option):
                throw FilterChainError.invalidValue(
                    filter: name, parameter: "max", text: text, expected: "a positive whole number",
                    column: arguments[option].valueColumn)
            case .unknownOption(let option, let index):
                throw FilterChainError.unknownParameter(
                    filter: name, parameter: option, valid: ["r", "max"], column: arguments[index].keyColumn)
            case .noRatio:
                throw FilterChainError.malformed(
                    expected: "\(name)'s ratio (\(name)=\(display ? "16/9" : "1"))", found: parser.foundDescription,
                    column: parser.column)
            }
        }
    }

    /// fps's options as written after `=` (`30`, `fps=25:round=up`).
    private static func frameRate(_ parser: inout FilterChainParser) throws -> String {
        parser.skipSpaces()
        let start = parser.index + (parser.current == "=" ? 1 : 0)
        guard !(try parser.parseArguments()).isEmpty else {
            throw FilterChainError.malformed(
                expected: "fps's rate (fps=30)", found: parser.foundDescription, column: parser.column)
        }
        return String(parser.characters[start..<parser.index]).trimmingSpaces()
    }

    /// format's value (`yuv420p`, `pix_fmts=yuv420p`), as written.
    private static func pixelFormat(_ parser: inout FilterChainParser) throws -> String {
        let arguments = try parser.parseArguments()
        guard let argument = arguments.first else {
            throw FilterChainError.malformed(
                expected: "format's pixel format (format=yuv420p)", found: parser.foundDescription,
                column: parser.column)
        }
        let other = arguments.count > 1 ? arguments[1] : [nil, "pix_fmts"].contains(argument.key) ? nil : argument
        if let other {
            throw FilterChainError.unknownParameter(
                filter: "format", parameter: other.key ?? other.value, valid: ["pix_fmts"], column: other.keyColumn)
        }
        return argument.value
    }

    /// Whether FFmpeg's pixel format `name` has alpha (rgba, yuva420p, ...).
    static func hasAlpha(_ name: String) -> Bool {
        let name = name.lowercased()
        return ["rgba", "bgra", "argb", "abgr", "ya8", "ya16"].contains { name.hasPrefix($0) }
            || name.hasPrefix("yuva") || name.hasPrefix("gbrap")
    }
}
