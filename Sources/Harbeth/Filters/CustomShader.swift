import Foundation

/// A user's GLSL file as a filter: an mpv user shader (`MpvShader`), or one
/// of three forms told apart by what the file defines:
///
/// - `vec4 filter(vec4 rgba, ivec2 pos)`: pointwise; fused with the
///   built-in pointwise filters around it.
/// - `vec4 kernel(ivec2 pos)`: a neighbourhood kernel; reads its input with
///   `hb_load(ivec2)` (clamped) and `hb_sample(vec2)` (bilinear, in pixels).
/// - `void main()`: a whole compute kernel with the documented interface:
///   `hb_input` (sampler2D, binding 1), `hb_output` (rgba16f image2D,
///   binding 2), `hb_in_size`, `hb_out_size`, `hb_time`; workgroup 16x16.
///
/// Parameters are declared as uniforms, one per line, with an optional
/// default and range: `uniform float amount = 0.5; // range 0...1`. Types
/// float, int, bool, vec2, vec3, vec4; names are unique; defaults and
/// ranges are finite (an int's range whole and within 32 bits), and a
/// default outside the range is clamped into it. The text form sets them:
/// `shader=grade.glsl:amount=0.3`. Compile errors name the user's file
/// and line.
public enum CustomShader {
    /// Why a custom shader file was rejected before compiling.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file at `path` could not be read through the resource loader.
        case unreadable(path: String)
        /// The file defines none of `filter(vec4, ivec2)`, `kernel(ivec2)` or `main()`.
        case noEntryPoint(path: String)
        /// The uniform declared on `line` (1-based) is not a valid parameter, for `reason`.
        case badUniform(path: String, line: Int, reason: String)
        /// The entry point's parameters are not the ones its form takes.
        case wrongSignature(path: String, line: Int, found: String, expected: String)

        /// One line: control characters in the path and in quoted shader
        /// text are escaped.
        public var description: String {
            message.escapingControlCharacters
        }

        private var message: String {
            switch self {
            case .unreadable(let path):
                return "cannot read the shader \(path)"
            case .noEntryPoint(let path):
                return "\(path) defines none of vec4 filter(vec4, ivec2), vec4 kernel(ivec2) or void main()"
            case .badUniform(let path, let line, let reason):
                return "\(path):\(line): \(reason)"
            case .wrongSignature(let path, let line, let found, let expected):
                return "\(path):\(line): the entry point takes (\(found)); it must be \(expected)"
            }
        }
    }

    /// Reads and describes the shader at `path`.
    public static func descriptor(path: String, resources: any FilterResourceLoader) throws -> FilterDescriptor {
        let bytes: [UInt8]
        do {
            bytes = try resources.data(at: path)
        } catch {
            throw Problem.unreadable(path: path)
        }
        return try descriptor(name: path, text: String(decoding: bytes, as: UTF8.self))
    }

    /// Describes shader text; `name` appears in errors, and the chain's
    /// text form names it as the path (`shader=NAME:...`).
    public static func descriptor(name: String, text: String) throws -> FilterDescriptor {
        if MpvShader.isMpvShader(text) { return try MpvShader.descriptor(name: name, text: text) }
        // GLSL ends a line with CR, LF or both together (GLSL 4.60, 3.1);
        // CR LF is one Character, so this counts lines as the compiler does.
        var lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        ).map(String.init)
        var parameters: [FilterParameter] = []
        var defines: [String] = []
        var offset = 0
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingSpaces()
            // A declaration's first word is `uniform`, whatever spaces or
            // tabs follow it; GLSL would reject any it left behind.
            guard trimmed.split(whereSeparator: isSpace).first == "uniform" else { continue }
            // Samplers and blocks are not parameters; only plain scalars/vectors.
            let (parameter, width) = try parseUniform(trimmed, path: name, line: index + 1)
            // The text form sets a parameter by name, so names are unique
            // (GLSL would reject the second declaration too, but only later,
            // when the filter is first rendered).
            guard !parameters.contains(where: { $0.name == parameter.name }) else {
                throw Problem.badUniform(
                    path: name, line: index + 1, reason: "a second uniform named '\(parameter.name)'")
            }
            parameters.append(parameter)
            let accessor: String
            switch width {
            case 0: accessor = "(hb_p[HB_BASE + \(offset)u])"
            case -1: accessor = "int(hb_p[HB_BASE + \(offset)u])"
            case -2: accessor = "(hb_p[HB_BASE + \(offset)u] > 0.5)"
            default:
                let parts = (0..<width).map { "hb_p[HB_BASE + \(offset + $0)u]" }.joined(separator: ", ")
                accessor = "vec\(width)(\(parts))"
            }
            offset += max(1, width)
            defines.append(parameter.name)
            // Same line count, so the user's line numbers stay right.
            lines[index] = "#define \(parameter.name) \(accessor)"
        }
        let body = lines.joined(separator: "\n")
        let stage: FilterStage
        let undefines = defines.map { "#undef \($0)" }.joined(separator: "\n")
        let header = "#line 1 \"\(name)\"\n"
        if containsFunction(body, returning: "vec4", named: "filter") {
            let line = try checkSignature(
                lines, name: "filter", returning: "vec4", takes: ["vec4", "ivec2"],
                expected: "vec4 filter(vec4 rgba, ivec2 pos)",
                path: name)
            // The wrapper is attributed to the user's declaration: an error
            // in the call names a line of the user's file, not one past its end.
            let code =
                "#define filter HB_FN_user\n" + header + body + "\n#undef filter\n" + "#line \(line) \"\(name)\"\n"
                + "vec4 HB_FN(vec4 color, uint base) { return HB_FN_user(color, hb_pos); }\n" + undefines
            stage = FilterStage(.pointwise, function: "HB_FN", code: .inline(name: name, text: code))
        } else if containsFunction(body, returning: "vec4", named: "kernel") {
            let line = try checkSignature(
                lines, name: "kernel", returning: "vec4", takes: ["ivec2"], expected: "vec4 kernel(ivec2 pos)",
                path: name)
            let code =
                "#define kernel HB_FN_user\n" + header + body + "\n#undef kernel\n" + "#line \(line) \"\(name)\"\n"
                + "vec4 HB_FN(ivec2 pos, uint base) { return HB_FN_user(pos); }\n" + undefines
            stage = FilterStage(.kernel(samples: true), function: "HB_FN", code: .inline(name: name, text: code))
        } else if containsFunction(body, returning: "void", named: "main") {
            _ = try checkSignature(
                lines, name: "main", returning: "void", takes: [], expected: "void main()", path: name)
            stage = FilterStage(.wholeKernel, function: "main", code: .inline(name: name, text: header + body))
        } else {
            throw Problem.noEntryPoint(path: name)
        }
        let kind: FilterKind = stage.isPointwise ? .pointwise : .neighborhood
        return FilterDescriptor(
            name: "shader", kind: kind, summary: "custom shader \(name)",
            formula: "user GLSL from \(name)", parameters: parameters, stages: [stage],
            identity: "shader:\(name):\(text.hashValue)", sourcePath: name)
    }

    private static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }

    /// Checks the parameter types of the first declaration of `name` (a
    /// word followed by `(`) and returns its 1-based line. Qualifiers
    /// (`in`, `const`, precisions) are ignored; `(void)` is no parameters.
    private static func checkSignature(
        _ lines: [String], name: String, returning type: String, takes expected: [String], expected signature: String,
        path: String
    ) throws(Problem) -> Int {
        let qualifiers: Set<Substring> = ["in", "const", "highp", "mediump", "lowp"]
        for (index, line) in lines.enumerated() {
            guard let start = declarationStart(of: name, returning: type, in: line) else { continue }
            // The parameter list may run over several lines.
            let rest = ([String(line[start...])] + lines[(index + 1)...]).joined(separator: " ")
            guard let close = rest.firstIndex(of: ")") else { break }
            let list = rest[rest.index(after: rest.startIndex)..<close]
            var types: [String] = []
            for parameter in list.split(separator: ",", omittingEmptySubsequences: false) {
                let words = parameter.split(whereSeparator: { $0 == " " || $0 == "\t" })
                    .filter { !qualifiers.contains($0) }
                if let type = words.first { types.append(String(type)) }
            }
            if types == ["void"] { types = [] }
            guard types == expected else {
                throw .wrongSignature(
                    path: path, line: index + 1, found: types.joined(separator: ", "), expected: signature)
            }
            return index + 1
        }
        return 1
    }

    /// Where `type name (` is in `line`, both whole words: the index of `(`.
    private static func declarationStart(of name: String, returning type: String, in line: String) -> String.Index? {
        var searchFrom = line.startIndex
        while let found = line.range(of: name, range: searchFrom..<line.endIndex) {
            searchFrom = found.upperBound
            // Preceded by the return type as a whole word.
            let before = line[..<found.lowerBound]
            let trimmed = before.reversed().drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.count < before.count, String(trimmed.reversed()).hasSuffix(type) else { continue }
            let typeStart = before.index(before.startIndex, offsetBy: trimmed.count - type.count)
            if typeStart > before.startIndex, !isSpace(before[before.index(before: typeStart)]) { continue }
            let after = line[found.upperBound...].drop(while: { $0 == " " || $0 == "\t" })
            if after.first == "(" { return after.startIndex }
        }
        return nil
    }

    private static func containsFunction(_ text: String, returning type: String, named name: String) -> Bool {
        // Tolerant of spacing: "vec4 filter (" and "vec4  filter(" both count.
        let squeezed = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        return squeezed.contains("\(type) \(name)(") || squeezed.contains("\(type) \(name) (")
    }

    /// Returns the parameter and its width: 0 float, -1 int, -2 bool, 2...4 vecN.
    private static func parseUniform(_ line: String, path: String, line number: Int) throws -> (FilterParameter, Int) {
        var declaration = line
        var rangeText: String?
        if let comment = declaration.range(of: "//") {
            let note = String(declaration[comment.upperBound...]).trimmingSpaces()
            if note.hasPrefix("range ") { rangeText = String(note.dropFirst("range ".count)).trimmingSpaces() }
            declaration = String(declaration[..<comment.lowerBound])
        }
        declaration = declaration.trimmingSpaces()
        guard declaration.hasSuffix(";") else {
            throw Problem.badUniform(path: path, line: number, reason: "a uniform declaration ends with ';'")
        }
        declaration.removeLast()
        let (head, defaultText): (String, String?) = {
            if let equals = declaration.firstIndex(of: "=") {
                return (
                    String(declaration[..<equals]).trimmingSpaces(),
                    String(declaration[declaration.index(after: equals)...]).trimmingSpaces()
                )
            }
            return (declaration, nil)
        }()
        let words = head.split(whereSeparator: isSpace).map(String.init)
        guard words.count == 3, words[0] == "uniform" else {
            throw Problem.badUniform(path: path, line: number, reason: "expected 'uniform TYPE NAME [= DEFAULT];'")
        }
        let type = words[1]
        let name = words[2]
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), name.first?.isLetter == true else {
            throw Problem.badUniform(path: path, line: number, reason: "'\(name)' is not a parameter name")
        }
        func problem(_ reason: String) -> Problem {
            Problem.badUniform(path: path, line: number, reason: reason)
        }
        // Ranges and defaults are finite: a parameter's values must be,
        // and an int's must fit GLSL's 32-bit int.
        var range: ClosedRange<Double> = -1_000_000...1_000_000
        if let rangeText {
            let bounds = rangeText.components(separatedBy: "...").map { Double($0.trimmingSpaces()) }
            guard bounds.count == 2, let low = bounds[0], let high = bounds[1], low <= high else {
                throw problem("a range is written 'range MIN...MAX'")
            }
            guard low.isFinite, high.isFinite else { throw problem("a range's bounds are finite numbers") }
            range = low...high
        }
        if type == "int" {
            guard range.lowerBound.rounded() == range.lowerBound, range.upperBound.rounded() == range.upperBound,
                range.lowerBound >= Double(Int32.min), range.upperBound <= Double(Int32.max)
            else {
                throw problem("an int's range is whole numbers within \(Int32.min)...\(Int32.max)")
            }
        }
        let numbers: [Double] =
            try defaultText.map { text in
                var inner = text
                if let open = inner.firstIndex(of: "("), inner.hasSuffix(")") {
                    inner = String(inner[inner.index(after: open)..<inner.index(before: inner.endIndex)])
                }
                if inner == "true" { return [1] }
                if inner == "false" { return [0] }
                var values: [Double] = []
                for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let value = Double(part.trimmingSpaces()), value.isFinite else {
                        throw problem("cannot read the default '\(text)'")
                    }
                    values.append(value)
                }
                return values
            } ?? []
        // Defaults outside the range are clamped into it, as Harbeth's
        // property wrappers clamp values.
        let clamp = { (value: Double) in min(max(value, range.lowerBound), range.upperBound) }
        let summary = "uniform \(type) \(name)"
        if ["float", "int", "bool"].contains(type), numbers.count > 1 {
            throw problem("\(type) takes one default value")
        }
        switch type {
        case "float":
            return (.number(name, default: clamp(numbers.first ?? 0), range: range, summary: summary), 0)
        case "int":
            let value = Int(clamp((numbers.first ?? 0).rounded()))
            return (.integer(name, default: value, range: range, summary: summary), -1)
        case "bool":
            return (.boolean(name, default: (numbers.first ?? 0) >= 0.5, summary: summary), -2)
        case "vec2", "vec3", "vec4":
            let width = Int(String(type.last!))!
            var values = numbers.isEmpty ? [0] : numbers
            if values.count == 1 { values = Array(repeating: values[0], count: width) }
            guard values.count == width else { throw problem("\(type) needs \(width) default values") }
            return (
                .list(name, count: width...width, default: values.map(clamp), range: range, summary: summary), width
            )
        default:
            throw Problem.badUniform(
                path: path, line: number,
                reason: "uniform type '\(type)' is not supported (float, int, bool, vec2, vec3, vec4)")
        }
    }
}
