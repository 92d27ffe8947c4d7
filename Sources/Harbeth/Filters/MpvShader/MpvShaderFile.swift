import Foundation

/// An mpv user shader file (`//!HOOK`, `//!BIND`, `//!SAVE`, ...), parsed
/// into its hook passes, embedded textures and parameters as mpv and
/// libplacebo read them: a block is a run of `//!` directive lines and the
/// text up to the next one.
struct MpvShaderFile: Sendable {
    /// One hook pass.
    struct Pass: Sendable, Hashable {
        /// The 1-based line of the pass's first directive.
        var line: Int
        var hooks: [String] = []
        var binds: [String] = []
        /// The texture the output is saved as; nil overwrites the hooked one.
        var save: String?
        var description: String?
        var width: MpvExpression = .size(of: "HOOKED", width: true)
        var height: MpvExpression = .size(of: "HOOKED", width: false)
        var condition: MpvExpression = .constant(1)
        var components: Int?
        var offset: (x: Double, y: Double) = (0, 0)
        var align = false
        /// For `//!COMPUTE`: the pixels one workgroup covers and its invocations.
        var compute: (block: FrameSize, threads: FrameSize)?
        var body: String = ""
        /// The 1-based line the body starts on.
        var bodyLine: Int = 1

        static func == (a: Pass, b: Pass) -> Bool {
            a.line == b.line && a.body == b.body
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(line)
            hasher.combine(body)
        }
    }

    /// An embedded `//!TEXTURE`: 8-bit unsigned-normalised texels, bound as
    /// an image, or 16- and 32-bit float ones, read from the data buffer.
    struct Texture: Sendable, Hashable {
        var line: Int
        var name: String
        var width: Int
        var height: Int
        /// Components per texel.
        var components: Int
        /// RGBA8 texels, row by row (8-bit formats).
        var rgba: [UInt8]
        /// The texels as floats, `components` each, row by row (float formats).
        var floats: [Float] = []
        /// True for a float texture.
        var isFloat = false
        /// FILTER NEAREST (float textures; 8-bit ones are LINEAR).
        var nearest = false
        /// SIZE had one number.
        var isOneDimensional = false
    }

    /// A `//!PARAM`.
    struct Parameter: Sendable, Hashable {
        enum Kind: String, Sendable, Hashable {
            case float, int, uint
        }
        var line: Int
        var name: String
        var kind: Kind
        var description: String?
        var minimum: Double?
        var maximum: Double?
        var initial: Double
        /// For `ENUM`: the names of the values 0, 1, ...
        var names: [String] = []
        /// For `DEFINE`: written as a preprocessor constant.
        var isDefine = false
    }

    var passes: [Pass] = []
    var textures: [Texture] = []
    var parameters: [Parameter] = []

    /// True when `text` is in mpv's format: a line starts with one of the
    /// directives that open a block.
    static func isMpvFormat(_ text: String) -> Bool {
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            for opener in ["//!HOOK", "//!PARAM", "//!TEXTURE", "//!BUFFER"] where trimmed.hasPrefix(opener) {
                return true
            }
        }
        return false
    }

    /// Parses `text`; `path` names the file in errors.
    init(text: String, path: String) throws(MpvShader.Problem) {
        let lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        ).map(String.init)
        func isDirective(_ line: String) -> Bool { line.trimmingSpaces().hasPrefix("//!") }
        guard var index = lines.firstIndex(where: isDirective) else {
            throw .malformed(path: path, line: 1, reason: "no //! directive")
        }
        while index < lines.count {
            // The block's directives, then its body up to the next directive.
            let start = index
            var directives: [(line: Int, text: String)] = []
            while index < lines.count, isDirective(lines[index]) {
                directives.append((index + 1, String(lines[index].trimmingSpaces().dropFirst(3))))
                index += 1
            }
            let bodyStart = index
            while index < lines.count, !isDirective(lines[index]) { index += 1 }
            let body = lines[bodyStart..<index].joined(separator: "\n")
            let first = directives[0].text
            if Self.word(first) == "TEXTURE" {
                textures.append(try Self.texture(directives, body: body, path: path))
            } else if Self.word(first) == "PARAM" {
                parameters.append(try Self.parameter(directives, body: body, path: path))
            } else if Self.word(first) == "BUFFER" {
                throw .unsupported(path: path, line: start + 1, what: "//!BUFFER (storage and uniform buffers)")
            } else {
                var pass = try Self.pass(directives, path: path)
                pass.body = body
                pass.bodyLine = bodyStart + 1
                passes.append(pass)
            }
        }
        var names: Set<String> = []
        for parameter in parameters {
            guard names.insert(parameter.name).inserted else {
                throw .malformed(path: path, line: parameter.line, reason: "a second //!PARAM \(parameter.name)")
            }
        }
    }

    /// The directive's keyword: its first word.
    private static func word(_ directive: String) -> String {
        String(directive.prefix { $0 != " " && $0 != "\t" })
    }

    /// What follows the keyword, trimmed.
    private static func argument(_ directive: String) -> String {
        String(directive.dropFirst(word(directive).count)).trimmingSpaces()
    }

    private static func pass(_ directives: [(line: Int, text: String)], path: String) throws(MpvShader.Problem) -> Pass
    {
        var pass = Pass(line: directives[0].line)
        for (line, text) in directives {
            let value = argument(text)
            func expression() throws(MpvShader.Problem) -> MpvExpression {
                do { return try MpvExpression(parsing: value) } catch {
                    throw .malformed(path: path, line: line, reason: "\(word(text)): \(error.reason)")
                }
            }
            switch word(text) {
            case "HOOK": pass.hooks.append(value)
            case "BIND": pass.binds.append(value)
            case "SAVE": pass.save = value == "HOOKED" ? nil : (value == "MAIN" ? "MAINPRESUB" : value)
            case "DESC": pass.description = value
            case "WIDTH": pass.width = try expression()
            case "HEIGHT": pass.height = try expression()
            case "WHEN": pass.condition = try expression()
            case "COMPONENTS":
                guard let count = Int(value), (1...4).contains(count) else {
                    throw .malformed(path: path, line: line, reason: "COMPONENTS takes 1 to 4, not '\(value)'")
                }
                pass.components = count
            case "OFFSET":
                if value == "ALIGN" {
                    pass.align = true
                } else {
                    let parts = value.split(separator: " ").compactMap { Double($0) }
                    guard parts.count == 2, value.split(separator: " ").count == 2 else {
                        throw .malformed(path: path, line: line, reason: "OFFSET takes 'X Y' or ALIGN, not '\(value)'")
                    }
                    pass.offset = (parts[0], parts[1])
                }
            case "COMPUTE":
                let parts = value.split(separator: " ").map { Int($0) }
                guard parts.count == 2 || parts.count == 4, parts.allSatisfy({ ($0 ?? 0) > 0 }) else {
                    throw .malformed(
                        path: path, line: line, reason: "COMPUTE takes 'BW BH' or 'BW BH TW TH', not '\(value)'")
                }
                let block = FrameSize(width: parts[0]!, height: parts[1]!)
                let threads = parts.count == 4 ? FrameSize(width: parts[2]!, height: parts[3]!) : block
                guard threads.width * threads.height <= 1024 else {
                    throw .malformed(path: path, line: line, reason: "COMPUTE asks for more than 1024 invocations")
                }
                pass.compute = (block, threads)
            default:
                throw .unsupported(path: path, line: line, what: "the directive //!\(word(text))")
            }
        }
        return pass
    }

    private static func texture(
        _ directives: [(line: Int, text: String)], body: String, path: String
    ) throws(MpvShader.Problem) -> Texture {
        let first = directives[0].line
        var name = ""
        var size: [Int] = []
        var components = 0
        var bytesPerComponent = 1
        var nearest = false
        var filterLine = 0
        for (line, text) in directives {
            let value = argument(text)
            switch word(text) {
            case "TEXTURE": name = value
            case "SIZE":
                size = value.split(separator: " ").compactMap { Int($0) }
                guard size.count == value.split(separator: " ").count, (1...2).contains(size.count),
                    size.allSatisfy({ (1...16384).contains($0) })
                else {
                    throw .unsupported(path: path, line: line, what: "SIZE '\(value)' (1D and 2D textures are)")
                }
            case "FORMAT":
                let formats: [String: (Int, Int)] = [
                    "r8": (1, 1), "rg8": (2, 1), "rgba8": (4, 1), "r16f": (1, 2), "rg16f": (2, 2), "rgba16f": (4, 2),
                    "r32f": (1, 4), "rg32f": (2, 4), "rgba32f": (4, 4),
                ]
                let key = value.hasSuffix("unorm") ? String(value.dropLast(5)) : value
                guard let format = formats[key], value == key || format.1 == 1 else {
                    throw .unsupported(
                        path: path, line: line,
                        what: "the texture FORMAT \(value) (r8, rg8, rgba8 and their 16f and 32f forms are)")
                }
                (components, bytesPerComponent) = format
            case "FILTER":
                guard value == "LINEAR" || value == "NEAREST" else {
                    throw .malformed(path: path, line: line, reason: "FILTER is LINEAR or NEAREST, not \(value)")
                }
                nearest = value == "NEAREST"
                filterLine = line
            case "BORDER":
                guard value == "CLAMP" else {
                    throw .unsupported(path: path, line: line, what: "BORDER \(value) (textures are CLAMPed)")
                }
            default:
                throw .unsupported(path: path, line: line, what: "the texture directive //!\(word(text))")
            }
        }
        guard !name.isEmpty else { throw .malformed(path: path, line: first, reason: "a //!TEXTURE needs a name") }
        guard components > 0 else { throw .malformed(path: path, line: first, reason: "\(name) has no FORMAT") }
        let width = size.first ?? 1
        let height = size.count > 1 ? size[1] : 1
        let hex = body.filter { !$0.isWhitespace }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.count / 2)
        var iterator = hex.makeIterator()
        while let high = iterator.next() {
            guard let low = iterator.next(), let h = high.hexDigitValue, let l = low.hexDigitValue else {
                throw .malformed(path: path, line: first, reason: "\(name)'s data is not hexadecimal bytes")
            }
            bytes.append(UInt8(h * 16 + l))
        }
        // A 16f texture's data may be halves or (as mpv-prescalers writes
        // them, and libplacebo takes) 32-bit floats.
        if bytesPerComponent == 2 && bytes.count == width * height * components * 4 { bytesPerComponent = 4 }
        guard bytes.count == width * height * components * bytesPerComponent else {
            throw .malformed(
                path: path, line: first,
                reason: "\(name) has \(bytes.count) bytes; \(width)x\(height) texels of \(components) take "
                    + "\(width * height * components * bytesPerComponent)")
        }
        if bytesPerComponent > 1 {
            // Little-endian halves or floats, as the GPU stores them.
            var floats: [Float] = []
            floats.reserveCapacity(width * height * components)
            for index in stride(from: 0, to: bytes.count, by: bytesPerComponent) {
                if bytesPerComponent == 2 {
                    floats.append(Self.half(UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8))
                } else {
                    let bits = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[index + $1]) << (8 * $1) }
                    floats.append(Float(bitPattern: bits))
                }
            }
            guard floats.allSatisfy(\.isFinite) else {
                throw .malformed(path: path, line: first, reason: "\(name) holds values that are not finite")
            }
            return Texture(
                line: first, name: name, width: width, height: height, components: components, rgba: [],
                floats: floats, isFloat: true, nearest: nearest, isOneDimensional: size.count == 1)
        }
        if nearest {
            throw .unsupported(path: path, line: filterLine, what: "FILTER NEAREST for an 8-bit texture")
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for texel in 0..<(width * height) {
            for component in 0..<4 {
                rgba[texel * 4 + component] =
                    component < components ? bytes[texel * components + component] : (component == 3 ? 255 : 0)
            }
        }
        return Texture(line: first, name: name, width: width, height: height, components: components, rgba: rgba)
    }

    /// An IEEE 754 half as a Float.
    static func half(_ bits: UInt16) -> Float {
        let sign: Float = bits & 0x8000 != 0 ? -1 : 1
        let exponent = Int((bits >> 10) & 0x1f)
        let fraction = Float(bits & 0x3ff)
        switch exponent {
        case 0: return sign * fraction * pow(2, -24)
        case 31: return fraction == 0 ? sign * .infinity : .nan
        default: return sign * (1 + fraction / 1024) * pow(2, Float(exponent - 15))
        }
    }

    private static func parameter(
        _ directives: [(line: Int, text: String)], body: String, path: String
    ) throws(MpvShader.Problem) -> Parameter {
        let first = directives[0].line
        var parameter = Parameter(line: first, name: "", kind: .float, initial: 0)
        var sawType = false
        var isEnum = false
        for (line, text) in directives {
            let value = argument(text)
            switch word(text) {
            case "PARAM": parameter.name = value
            case "DESC": parameter.description = value
            case "MINIMUM", "MAXIMUM":
                guard let number = Double(value), number.isFinite else {
                    throw .malformed(path: path, line: line, reason: "\(word(text)) '\(value)' is not a number")
                }
                if word(text) == "MINIMUM" { parameter.minimum = number } else { parameter.maximum = number }
            case "TYPE":
                var words = value.split(separator: " ").map(String.init)
                if words.first == "ENUM" {
                    isEnum = true
                    words.removeFirst()
                }
                if words.first == "DYNAMIC" || words.first == "CONSTANT" {
                    words.removeFirst()
                } else if words.first == "DEFINE" {
                    words.removeFirst()
                    parameter.isDefine = true
                    guard words.isEmpty else {
                        throw .malformed(path: path, line: line, reason: "TYPE DEFINE takes no type")
                    }
                    words = ["int"]
                }
                guard words.count == 1, let kind = Parameter.Kind(rawValue: words[0]) else {
                    throw .unsupported(path: path, line: line, what: "the parameter TYPE '\(value)' (float, int, uint)")
                }
                if isEnum && kind != .int {
                    throw .malformed(path: path, line: line, reason: "ENUM is only for int")
                }
                parameter.kind = kind
                sawType = true
            default:
                throw .unsupported(path: path, line: line, what: "the parameter directive //!\(word(text))")
            }
        }
        guard parameter.name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
            parameter.name.first?.isLetter == true || parameter.name.first == "_"
        else {
            throw .malformed(path: path, line: first, reason: "'\(parameter.name)' is not a parameter name")
        }
        guard sawType else { throw .malformed(path: path, line: first, reason: "\(parameter.name) has no TYPE") }
        let initial = body.trimmingSpaces().trimmingNewlines()
        guard !initial.isEmpty else {
            throw .malformed(path: path, line: first, reason: "\(parameter.name) has no initial value")
        }
        if isEnum {
            parameter.names = initial.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
                .map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
            parameter.initial = 0
            parameter.minimum = 0
            parameter.maximum = Double(parameter.names.count - 1)
            return parameter
        }
        guard let value = Double(initial), value.isFinite else {
            throw .malformed(path: path, line: first, reason: "\(parameter.name)'s initial value '\(initial)'")
        }
        if parameter.kind != .float, value.rounded() != value {
            throw .malformed(
                path: path, line: first, reason: "\(parameter.name) is \(parameter.kind) but is \(initial)")
        }
        if let minimum = parameter.minimum, value < minimum {
            throw .malformed(path: path, line: first, reason: "\(parameter.name)'s initial value is below its MINIMUM")
        }
        if let maximum = parameter.maximum, value > maximum {
            throw .malformed(path: path, line: first, reason: "\(parameter.name)'s initial value is above its MAXIMUM")
        }
        parameter.initial = value
        return parameter
    }
}

extension String {
    fileprivate func trimmingNewlines() -> String {
        var text = Substring(self)
        while let first = text.first, first.isNewline || first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last.isNewline || last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
