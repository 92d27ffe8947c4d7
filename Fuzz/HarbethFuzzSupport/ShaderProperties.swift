import Harbeth

/// What must hold for any text read as a custom shader's header.
public enum ShaderProperties {
    static let path = "fuzz.glsl"

    public static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
        let text = String(decoding: bytes, as: UTF8.self)
        let file = text.escaped.prefix(300)
        let descriptor: FilterDescriptor
        do {
            descriptor = try CustomShader.descriptor(name: path, text: text)
        } catch let problem as CustomShader.Problem {
            try checkProblem(problem, text: text)
            return
        } catch {
            throw FuzzFailure("'\(file)' is rejected with an error that is no CustomShader.Problem: \(error)")
        }
        // One parameter per uniform line, lines counted as GLSL counts them.
        // A line is a declaration when its first word is `uniform`; words
        // are split between Characters, as the parser splits them, so a
        // space that a combining mark joins is no separator.
        let uniformLines = lines(Array(text.utf8)).filter { line in
            String(decoding: line, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
                == "uniform"
        }
        try require(
            descriptor.parameters.count == uniformLines.count,
            "'\(file)' has \(uniformLines.count) uniform lines but \(descriptor.parameters.count) parameters")
        let names = descriptor.parameters.map(\.name)
        try require(Set(names).count == names.count, "'\(file)' gives two parameters one name: \(names)")
        for parameter in descriptor.parameters {
            if let range = parameter.range {
                try require(
                    range.lowerBound.isFinite && range.upperBound.isFinite,
                    "'\(file)' gives \(parameter.name.escaped) the range \(range)")
            }
            do {
                _ = try Filter(descriptor, values: [parameter.name: parameter.defaultValue])
            } catch {
                throw FuzzFailure("'\(file)' gives \(parameter.name.escaped) a default it rejects: \(error)")
            }
        }
        try checkRoundTrip(descriptor, bytes: bytes, file: String(file))
    }

    /// The shader with a value other than the default for every parameter
    /// prints as a chain that parses back to the same filter.
    static func checkRoundTrip(_ descriptor: FilterDescriptor, bytes: [UInt8], file: String) throws(FuzzFailure) {
        var values: [String: FilterValue] = [:]
        for parameter in descriptor.parameters {
            values[parameter.name] = alternative(to: parameter)
        }
        let filter: Filter
        do {
            filter = try Filter(descriptor, values: values)
        } catch {
            throw FuzzFailure("'\(file)' rejects the values \(values): \(error)")
        }
        let printed = FilterChain([filter]).description
        do {
            let reparsed = try FilterChain(parsing: printed, resources: InMemoryResources(bytes))
            try require(
                reparsed == FilterChain([filter]),
                "'\(file)' with values prints as '\(printed.escaped)', which parses to another chain, "
                    + "'\(reparsed.description.escaped)'")
        } catch let failure as FuzzFailure {
            throw failure
        } catch {
            throw FuzzFailure("'\(file)' with values prints as '\(printed.escaped)', which does not parse: \(error)")
        }
    }

    /// A valid value other than the default where the parameter has one: a
    /// bound of its range, the other boolean, a list at its lower bound.
    static func alternative(to parameter: FilterParameter) -> FilterValue {
        let range = parameter.range ?? 0...1
        let current = parameter.defaultValue.number
        switch parameter.type {
        case .number:
            return .number(current == range.lowerBound ? range.upperBound : range.lowerBound)
        case .integer:
            let low = range.lowerBound.rounded(.up)
            let high = range.upperBound.rounded(.down)
            guard low <= high else { return parameter.defaultValue }
            return .number(current == low ? high : low)
        case .boolean:
            return .number(current == 1 ? 0 : 1)
        case .list(let count):
            return .list(Array(repeating: range.lowerBound, count: count.lowerBound))
        case .choice, .text, .expression:
            return parameter.defaultValue
        }
    }

    /// A rejected header gets a one-line problem; a bad uniform names one of
    /// the file's lines.
    static func checkProblem(_ problem: CustomShader.Problem, text: String) throws(FuzzFailure) {
        let file = text.escaped.prefix(300)
        let message = "\(problem)"
        try require(message.isOneLine, "the error for '\(file)' spans lines: \(message.escaped)")
        switch problem {
        case .unreadable:
            throw FuzzFailure("text given directly is reported unreadable: \(message.escaped)")
        case .noEntryPoint(let name):
            try require(name == path, "the error for '\(file)' names \(name.escaped)")
        case .badUniform(let name, let line, let reason):
            try require(name == path, "the error for '\(file)' names \(name.escaped)")
            try require(!reason.isEmpty, "the error for '\(file)' gives no reason")
            try requireLineOfTheFile(line, text: text, message: message)
        case .wrongSignature(let name, let line, _, let expected):
            try require(name == path, "the error for '\(file)' names \(name.escaped)")
            try require(!expected.isEmpty, "the error for '\(file)' gives no expected signature")
            try requireLineOfTheFile(line, text: text, message: message)
        }
    }

    private static func requireLineOfTheFile(_ line: Int, text: String, message: String) throws(FuzzFailure) {
        let count = lineCount(Array(text.utf8))
        try require(
            (1...max(count, 1)).contains(line) && count > 0,
            "the error for '\(text.escaped.prefix(300))' (\(count) lines) names line \(line): \(message.escaped)")
    }
}
