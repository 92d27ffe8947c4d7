/// A GLSL shader that glslang rejected, with its log and the places it names.
public struct ShaderCompileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which step failed.
    public enum Stage: String, Sendable {
        /// Running the preprocessor: `#include`, `#define`, `#if` and the like.
        case preprocess
        /// Parsing and checking the GLSL (also used when glslang could not create the shader).
        case parse
        /// Linking the shader into a program (also used when glslang could not create the program).
        case link
        /// Generating SPIR-V from the linked program.
        case spirv
    }

    /// One located message from glslang's log.
    public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
        /// The file the message names: a `#line` file name, or the source's name.
        public let file: String
        /// 1-based line number in that file.
        public let line: Int
        /// The message text after the location, with surrounding spaces trimmed.
        public let message: String

        public var description: String { "\(file):\(line): \(message)" }
    }

    /// The source's name (a file path for user shaders, a kernel name otherwise).
    public let name: String
    /// The compilation step that failed.
    public let stage: Stage
    /// glslang's whole info log.
    public let log: String
    /// The errors from the log, located.
    public let diagnostics: [Diagnostic]

    init(name: String, stage: Stage, log: String) {
        self.name = name
        self.stage = stage
        self.log = log
        self.diagnostics = Self.parse(log: log, defaultFile: name)
    }

    /// The first error, in one line.
    public var description: String {
        if let first = diagnostics.first {
            return "shader \(name) failed to compile: \(first)"
        }
        let firstLine = log.split(separator: "\n").first.map(String.init) ?? "no log"
        return "shader \(name) failed to \(stage.rawValue): \(firstLine)"
    }

    /// glslang writes "ERROR: <file>:<line>: <message>", where <file> is the
    /// `#line` file name, or a string number (0) when there is none.
    static func parse(log: String, defaultFile: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for rawLine in log.split(separator: "\n") {
            guard rawLine.hasPrefix("ERROR: ") else { continue }
            let rest = rawLine.dropFirst("ERROR: ".count)
            // Find "<file>:<digits>:" scanning for the first ":<digits>:" pair.
            var parsed: Diagnostic?
            var index = rest.startIndex
            while let colon = rest[index...].firstIndex(of: ":") {
                let afterColon = rest.index(after: colon)
                let digits = rest[afterColon...].prefix { $0.isNumber }
                let end = digits.endIndex
                if !digits.isEmpty, end < rest.endIndex, rest[end] == ":", let line = Int(digits) {
                    var file = String(rest[..<colon]).trimmingSpaces()
                    if file.isEmpty || file.allSatisfy(\.isNumber) { file = defaultFile }
                    if file.hasPrefix("\"") && file.hasSuffix("\"") && file.count >= 2 {
                        file = String(file.dropFirst().dropLast())
                    }
                    let message = String(rest[rest.index(after: end)...]).trimmingSpaces()
                    parsed = Diagnostic(file: file, line: line, message: message)
                    break
                }
                index = afterColon
            }
            if let parsed {
                diagnostics.append(parsed)
            } else if !rest.hasPrefix("Linking") && !rest.contains("compilation errors") {
                diagnostics.append(Diagnostic(file: defaultFile, line: 0, message: String(rest)))
            }
        }
        return diagnostics
    }
}

extension String {
    func trimmingSpaces() -> String {
        var view = Substring(self)
        while view.first == " " || view.first == "\t" { view.removeFirst() }
        while view.last == " " || view.last == "\t" { view.removeLast() }
        return String(view)
    }
}
