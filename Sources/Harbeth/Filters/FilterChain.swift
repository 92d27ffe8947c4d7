/// A sequence of filters, and its text form:
/// `sepia,brightness=0.1,gaussian_blur=sigma=3,crop=w=640:h=360:x=0:y=0`.
///
/// Filters are separated by commas; values follow `=` and are separated by
/// colons, either positional (in parameter order) or `name=value`. Lists
/// are written `a/b/c`, colours also as `#rrggbb`; a value containing
/// `:`, `,` or spaces is quoted with single quotes (`\'` inside).
public struct FilterChain: Sendable, Hashable, CustomStringConvertible {
    /// The filters, in the order they are applied to a frame.
    public var filters: [Filter]

    /// A chain of these filters, applied in order; empty by default.
    public init(_ filters: [Filter] = []) {
        self.filters = filters
    }

    /// Parses the text form against `catalog`. Custom shaders are written
    /// `shader=PATH[:name=value...]` and read through `resources`.
    public init(
        parsing text: String, catalog: FilterCatalog = .standard,
        resources: any FilterResourceLoader = FileResourceLoader()
    ) throws(FilterChainError) {
        var parser = FilterChainParser(text: text, catalog: catalog, resources: resources)
        filters = try parser.parseChain()
    }

    /// The text form; parsing it gives an equal chain.
    public var description: String {
        filters.map(\.description).joined(separator: ",")
    }

    /// Appends a filter.
    public mutating func append(_ filter: Filter) {
        filters.append(filter)
    }

    /// The text as one value of the text form: quoted when it is empty, has
    /// a separator, quote or escape in it, or starts or ends with spaces or
    /// line breaks, which the parser trims from an unquoted value.
    static func quoteIfNeeded(_ text: String) -> String {
        guard text.isEmpty || text.trimmingSpaces() != text || text.contains(where: { ":,' \\=".contains($0) })
        else { return text }
        var quoted = "'"
        for character in text {
            if character == "'" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "'"
    }
}

/// A hand-written recursive-descent parser for the chain's text form,
/// tracking columns so every error can point at its place.
struct FilterChainParser {
    let characters: [Character]
    var index = 0
    /// In a filtergraph an unquoted value also ends at `;` and `[`, which
    /// separate chains and start labels there (so keyframes are quoted).
    var graphMode = false
    /// Set by a filtergraph for the filter after a format with alpha
    /// (`format=rgba,colorchannelmixer=aa=0.5`): FFmpeg's mixer then
    /// scales the alpha, as `opacity` does.
    var framesHaveAlpha = false
    let catalog: FilterCatalog
    private let resources: any FilterResourceLoader

    init(text: String, catalog: FilterCatalog, resources: any FilterResourceLoader) {
        self.characters = Array(text)
        self.catalog = catalog
        self.resources = resources
    }

    var column: Int { index + 1 }
    var current: Character? { index < characters.count ? characters[index] : nil }
    var foundDescription: String {
        guard let current else { return "the end" }
        return "'\(current)'"
    }

    mutating func skipSpaces() {
        while let character = current, character == " " || character == "\t" || character == "\n" { index += 1 }
    }

    mutating func parseChain() throws(FilterChainError) -> [Filter] {
        var filters: [Filter] = []
        skipSpaces()
        if current == nil { return [] }
        while true {
            skipSpaces()
            filters.append(try parseFilter())
            skipSpaces()
            guard let character = current else { break }
            guard character == "," else {
                throw .malformed(expected: "',' or the end of the chain", found: foundDescription, column: column)
            }
            index += 1
        }
        return filters
    }

    mutating func parseName() throws(FilterChainError) -> String {
        let start = index
        while let character = current, character.isLetter || character.isNumber || character == "_" || character == "-"
        {
            index += 1
        }
        guard index > start else {
            throw .malformed(expected: "a filter name", found: foundDescription, column: column)
        }
        return String(characters[start..<index])
    }

    /// One `name=value` or positional value as written, with its columns.
    struct Argument {
        var key: String?
        var keyColumn: Int
        var value: String
        var valueColumn: Int
        var quoted: Bool
    }

    mutating func parseFilter() throws(FilterChainError) -> Filter {
        let nameColumn = column
        let name = try parseName()
        return try makeFilter(name, arguments: try parseArguments(), column: nameColumn)
    }

    /// The filter `name` with `arguments` read by `parseArguments()`,
    /// named at `column`; FFmpeg's timeline option `enable`, which every
    /// filter that keeps the frame's size takes, among them.
    func makeFilter(_ name: String, arguments: [Argument], column nameColumn: Int) throws(FilterChainError) -> Filter {
        let enables = arguments.filter { $0.key == "enable" }
        if enables.count > 1 {
            throw .duplicateParameter(filter: name, parameter: "enable", column: enables[1].keyColumn)
        }
        let filter = try parseFilter(name, arguments: arguments.filter { $0.key != "enable" }, column: nameColumn)
        guard let enable = enables.first else { return filter }
        let text = enable.value.trimmingSpaces()
        do {
            return try filter.enabled(when: text)
        } catch {
            let start = enable.valueColumn + (enable.quoted ? 1 : 0)
            if case .invalidExpression(let filter, let parameter, let text, let reason, let column?) = error {
                throw .invalidExpression(
                    filter: filter, parameter: parameter, text: text, reason: reason, column: start + column - 1)
            }
            throw error.located(at: enable.valueColumn)
        }
    }

    /// The filter `name` with `arguments` (no `enable`): a custom shader,
    /// FFmpeg's filter translated to ours, or the catalog's.
    private func parseFilter(_ name: String, arguments: [Argument], column nameColumn: Int) throws(FilterChainError)
        -> Filter
    {
        if name == "shader" {
            return try makeCustomShader(arguments: arguments, column: nameColumn)
        }
        let descriptor = catalog.descriptor(named: name)
        // FFmpeg's filter that is one of ours with its values: a name the
        // catalog does not have, or one it has (hue, rotate) written
        // FFmpeg's way.
        if descriptor == nil || Self.writesFFmpegForm(name, arguments),
            let (equivalent, translated) = try ffmpegEquivalent(name, arguments: arguments, column: nameColumn)
        {
            return try makeFilter(equivalent, arguments: translated)
        }
        guard let descriptor else {
            throw .unknownFilter(name: name, suggestion: catalog.suggestion(for: name), column: nameColumn)
        }
        return try makeFilter(descriptor, arguments: arguments)
    }

    /// The `=a:b=c` after a filter's name, as written; none without `=`.
    mutating func parseArguments() throws(FilterChainError) -> [Argument] {
        var arguments: [Argument] = []
        skipSpaces()
        guard current == "=" else { return arguments }
        index += 1
        while true {
            arguments.append(try parseArgument())
            guard current == ":" else { break }
            index += 1
        }
        return arguments
    }

    private mutating func parseArgument() throws(FilterChainError) -> Argument {
        skipSpaces()
        let firstColumn = column
        let (first, firstQuoted) = try parseValueText()
        skipSpaces()
        if current == "=", !firstQuoted {
            index += 1
            skipSpaces()
            let valueColumn = column
            let (value, quoted) = try parseValueText()
            skipSpaces()
            guard !first.isEmpty else {
                throw .malformed(expected: "a parameter name before '='", found: "'='", column: valueColumn - 1)
            }
            return Argument(key: first, keyColumn: firstColumn, value: value, valueColumn: valueColumn, quoted: quoted)
        }
        return Argument(key: nil, keyColumn: firstColumn, value: first, valueColumn: firstColumn, quoted: firstQuoted)
    }

    /// A bare run of characters up to `:`, `,`, `=` (in a graph also `;`,
    /// `[`) or the end, or a quoted string.
    private mutating func parseValueText() throws(FilterChainError) -> (String, Bool) {
        if current == "'" {
            let openColumn = column
            index += 1
            var text = ""
            while true {
                guard let character = current else {
                    throw .malformed(
                        expected: "a closing quote for the one at column \(openColumn)", found: "the end",
                        column: column)
                }
                index += 1
                if character == "'" { break }
                if character == "\\" {
                    guard let escaped = current else {
                        throw .malformed(expected: "a character after '\\'", found: "the end", column: column)
                    }
                    text.append(escaped)
                    index += 1
                } else {
                    text.append(character)
                }
            }
            return (text, true)
        }
        var text = ""
        while let character = current, character != ":", character != ",", character != "=",
            !graphMode || (character != ";" && character != "[")
        {
            if character == "\\" {
                index += 1
                guard let escaped = current else {
                    throw .malformed(expected: "a character after '\\'", found: "the end", column: column)
                }
                text.append(escaped)
            } else {
                text.append(character)
            }
            index += 1
        }
        let trimmed = text.trimmingSpaces()
        if trimmed.isEmpty {
            throw .malformed(expected: "a value", found: foundDescription, column: column)
        }
        return (trimmed, false)
    }

    private func makeFilter(_ descriptor: FilterDescriptor, arguments: [Argument]) throws(FilterChainError) -> Filter {
        // FFmpeg's fade as FFmpeg writes it, in this fade's terms.
        if descriptor == ColourEffectFilters.fade, let translated = try Self.ffmpegFade(arguments) {
            return try makeFilter(descriptor, arguments: translated)
        }
        var values: [String: FilterValue] = [:]
        var columns: [String: Int] = [:]
        var positional = 0
        var seenNamed = false
        // `ease=` sets the easing of the filter's keyframed values (unless
        // the filter has a parameter of that name).
        var easing = Easing.linear
        var arguments = arguments
        if descriptor.parameter(named: "ease") == nil, let index = arguments.firstIndex(where: { $0.key == "ease" }) {
            let argument = arguments.remove(at: index)
            guard let chosen = Easing(rawValue: argument.value.lowercased()) else {
                throw .invalidValue(
                    filter: descriptor.name, parameter: "ease", text: argument.value,
                    expected: "one of \(Easing.allCases.map(\.rawValue).joined(separator: ", "))",
                    column: argument.valueColumn)
            }
            easing = chosen
        }
        // In a graph a filter that takes other nodes or files takes the
        // nodes: its files are not values there, and its positional values
        // start after them (FFmpeg's `[0][1]overlay=16:8`).
        let takesNodes: Bool
        if case .optional = descriptor.nodeInputs { takesNodes = graphMode } else { takesNodes = false }
        let positionalParameters = descriptor.parameters.filter { !takesNodes || $0.type != .text }
        for argument in arguments {
            let parameter: FilterParameter
            if let key = argument.key {
                guard let named = descriptor.parameter(named: key) else {
                    throw .unknownParameter(
                        filter: descriptor.name, parameter: key, valid: descriptor.parameters.map(\.name),
                        column: argument.keyColumn)
                }
                if takesNodes && named.type == .text {
                    throw .invalidValue(
                        filter: descriptor.name, parameter: key, text: argument.value,
                        expected: "no file in a graph, where the image is the filter's next input"
                            + " ([0][1]\(descriptor.name))", column: argument.valueColumn)
                }
                parameter = named
                seenNamed = true
            } else {
                guard !seenNamed else {
                    throw .malformed(
                        expected: "name=value after a named value", found: "'\(argument.value)'",
                        column: argument.valueColumn)
                }
                guard positional < positionalParameters.count else {
                    throw .tooManyValues(
                        filter: descriptor.name, count: positionalParameters.count, column: argument.valueColumn)
                }
                parameter = positionalParameters[positional]
                positional += 1
            }
            guard values[parameter.name] == nil else {
                throw .duplicateParameter(
                    filter: descriptor.name, parameter: parameter.name, column: argument.keyColumn)
            }
            columns[parameter.name] = argument.valueColumn
            do {
                let value = try Self.interpret(argument.value, for: parameter, filter: descriptor.name, easing: easing)
                try Filter.validate(value, for: parameter, filter: descriptor.name)
                values[parameter.name] = value
            } catch {
                if case .invalidExpression(let filter, let name, let text, let reason, let column?) = error {
                    // The expression's column, counted from the chain's start.
                    let start = argument.valueColumn + (argument.quoted ? 1 : 0)
                    throw .invalidExpression(
                        filter: filter, parameter: name, text: text, reason: reason, column: start + column - 1)
                }
                throw error.located(at: argument.valueColumn)
            }
        }
        do {
            return try Filter(descriptor, values: values)
        } catch {
            // One value against another: at the value that cannot be.
            switch error {
            case .movesOnlyAtGivenSize(_, let name, _, nil), .invalidExpression(_, let name, _, _, nil):
                if let column = columns[name] { throw error.located(at: column) }
            default: break
            }
            throw error
        }
    }

    private func makeCustomShader(arguments: [Argument], column: Int) throws(FilterChainError) -> Filter {
        guard let first = arguments.first, first.key == nil || first.key == "file" else {
            throw .malformed(
                expected: "shader=PATH", found: arguments.first.map { "'\($0.value)'" } ?? "nothing", column: column)
        }
        let descriptor: FilterDescriptor
        do {
            descriptor = try CustomShader.descriptor(path: first.value, resources: resources)
        } catch {
            throw .invalidShader(reason: "\(error)", column: first.valueColumn)
        }
        return try makeFilter(descriptor, arguments: Array(arguments.dropFirst()))
    }

    /// Turns text into a value of the parameter's type. A number or
    /// integer that is not a plain number is an animated value: keyframes
    /// (with `easing`) or an expression. An expression's error carries its
    /// column in `text`.
    static func interpret(
        _ text: String, for parameter: FilterParameter, filter: String, easing: Easing = .linear
    ) throws(FilterChainError) -> FilterValue {
        let invalid = FilterChainError.invalidValue(
            filter: filter, parameter: parameter.name, text: text, expected: parameter.type.description, column: nil)
        switch parameter.type {
        case .number, .integer:
            if let number = Double(text) { return .number(number) }
            do {
                return .animated(try AnimatedNumber(parsing: text, easing: easing, names: parameter.expressionNames))
            } catch {
                // Text with no number, operator or bracket in it (a word) is
                // a wrong value, not a broken expression.
                if !text.contains(where: { $0.isNumber || "+-*/^()@.".contains($0) }) {
                    throw .invalidValue(
                        filter: filter, parameter: parameter.name, text: text,
                        expected: "\(parameter.type.description), or an expression of t, n, w, h", column: nil)
                }
                throw .invalidExpression(
                    filter: filter, parameter: parameter.name, text: text, reason: error.reason, column: error.column)
            }
        case .boolean:
            switch text.lowercased() {
            case "1", "true", "yes", "on": return .number(1)
            case "0", "false", "no", "off": return .number(0)
            default: throw invalid
            }
        case .choice(let names):
            if parameter.acceptsChoiceNumbers, let number = Int(text), names.indices.contains(number) {
                return .choice(names[number])
            }
            return .choice(text.lowercased())
        case .list:
            if text.hasPrefix("#") { return try hexColour(text, invalid: invalid) }
            if let colour = try namedColour(text, invalid: invalid) { return colour }
            let parts = text.split(whereSeparator: { $0 == "/" || $0 == " " })
            var numbers: [Double] = []
            for part in parts {
                guard let number = Double(part) else { throw invalid }
                numbers.append(number)
            }
            guard !numbers.isEmpty else { throw invalid }
            return .list(numbers)
        case .text:
            return .text(text)
        case .expression(let names):
            do {
                if !(names == .planes && text.isEmpty) { _ = try ParameterExpression(parsing: text, names: names) }
            } catch {
                throw .invalidExpression(
                    filter: filter, parameter: parameter.name, text: text, reason: error.reason, column: error.column)
            }
            return .text(text)
        }
    }

    /// FFmpeg's colour names (its parseutils table's values) for the common
    /// colours.
    static let colourNames: [String: String] = [
        "black": "000000", "white": "ffffff", "red": "ff0000", "green": "008000", "blue": "0000ff",
        "yellow": "ffff00", "cyan": "00ffff", "magenta": "ff00ff", "gray": "808080", "grey": "808080",
        "orange": "ffa500", "purple": "800080", "pink": "ffc0cb", "brown": "a52a2a", "lime": "00ff00",
        "navy": "000080", "silver": "c0c0c0", "maroon": "800000", "olive": "808000", "teal": "008080",
        "aqua": "00ffff", "fuchsia": "ff00ff",
    ]

    /// A colour as FFmpeg writes one (`white`, `0xRRGGBB[AA]`, `#RRGGBB`,
    /// `@ALPHA` after a name), RGBA or RGB in 0...1; nil for other text.
    static func colour(_ text: String) -> [Double]? {
        let invalid = FilterChainError.malformed(expected: "a colour", found: text, column: 1)
        let value =
            text.hasPrefix("#") ? try? hexColour(text, invalid: invalid) : try? namedColour(text, invalid: invalid)
        guard case .list(let components)?? = value else { return nil }
        return components
    }

    /// A colour as FFmpeg writes one: a name (`white`) or `0xRRGGBB[AA]`,
    /// with `@ALPHA` (0...1) after either; nil for other text.
    private static func namedColour(_ text: String, invalid: FilterChainError) throws(FilterChainError) -> FilterValue?
    {
        let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
        guard let base = parts.first?.lowercased() else { return nil }
        let digits: String
        if let named = colourNames[base] {
            digits = named
        } else if base.hasPrefix("0x"), base.count == 8 || base.count == 10 {
            digits = String(base.dropFirst(2))
        } else {
            return nil
        }
        guard case .list(var components) = try hexColour("#" + digits, invalid: invalid) else { throw invalid }
        if parts.count == 2 {
            guard let alpha = Double(parts[1]), (0...1).contains(alpha) else { throw invalid }
            if components.count == 4 { components[3] = alpha } else { components.append(alpha) }
        }
        return .list(components)
    }

    private static func hexColour(_ text: String, invalid: FilterChainError) throws(FilterChainError) -> FilterValue {
        let digits = Array(text.dropFirst())
        guard digits.count == 6 || digits.count == 8 else { throw invalid }
        var components: [Double] = []
        for start in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(digits[start..<(start + 2)]), radix: 16) else { throw invalid }
            components.append(Double(byte) / 255)
        }
        return .list(components)
    }
}
