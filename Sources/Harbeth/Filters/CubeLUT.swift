/// A 3D colour lookup table, as Adobe's `.cube` format stores one (Cube LUT
/// Specification 1.0): `size`^3 RGB entries over a domain, red changing
/// fastest, then green, then blue. `lut3d` reads these; `lookup` makes one
/// from Harbeth's lookup image.
public struct CubeLUT: Sendable, Hashable {
    /// The sizes `lut3d` accepts. The specification allows up to 256, but a
    /// table travels in the filter's parameter data: 65^3 entries are 3.3 MB.
    public static let sizes: ClosedRange<Int> = 2...65

    /// The file's TITLE, if it has one.
    public let title: String?
    /// Entries per side.
    public let size: Int
    /// Input values mapped to the first and last entries, per channel.
    public let domainMin: [Float]
    /// Input values mapped to the last entries, per channel (r, g, b); [1, 1, 1] when the file gives none.
    public let domainMax: [Float]
    /// `size`^3 RGB triples, red fastest, then green, then blue.
    public let table: [Float]

    init(title: String?, size: Int, domainMin: [Float], domainMax: [Float], table: [Float]) {
        precondition(table.count == size * size * size * 3, "a \(size)^3 table has \(size * size * size * 3) floats")
        self.title = title
        self.size = size
        self.domainMin = domainMin
        self.domainMax = domainMax
        self.table = table
    }

    /// The floats `lut3d.glsl` reads after the intensity: the size, the
    /// domain's minimum and maximum, then the table.
    var packed: [Float] {
        [Float(size)] + domainMin + domainMax + table
    }

    /// Parses a `.cube` file. Comment lines start with `#`; keywords
    /// (TITLE, LUT_3D_SIZE, DOMAIN_MIN, DOMAIN_MAX, and Resolve's
    /// LUT_3D_INPUT_RANGE) come before the table; other keywords there are
    /// ignored. Anything malformed is an error naming the line, in `path`'s
    /// name.
    public init(parsing bytes: [UInt8], path: String) throws(FilterResourceError) {
        var parser = CubeParser(path: path)
        for (number, line) in CubeParser.lines(of: bytes).enumerated() {
            try parser.read(line, number: number + 1)
        }
        self = try parser.finish()
    }
}

/// The state of one `.cube` parse: keywords seen, entries read so far.
struct CubeParser {
    let path: String
    private var title: String?
    private var size: Int?
    private var domainMin: [Float] = [0, 0, 0]
    private var domainMax: [Float] = [1, 1, 1]
    private var domainLine: Int?
    private var table: [Float] = []
    private var expectedFloats = 0
    private var lastLine = 0

    init(path: String) {
        self.path = path
    }

    /// The file's lines without their line ends (`\n`, `\r\n` or `\r`) and
    /// without a leading byte-order mark.
    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lines: [ArraySlice<UInt8>] = []
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lines.append(bytes[start..<index])
                if byte == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { lines.append(bytes[start..<bytes.count]) }
        return lines
    }

    private func malformed(_ line: Int?, _ reason: String) -> FilterResourceError {
        .malformed(path: path, line: line, reason: reason)
    }

    /// The whitespace-separated fields of a line.
    private static func fields(_ line: ArraySlice<UInt8>) -> [String] {
        line.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            .map { String(decoding: $0, as: UTF8.self) }
    }

    private func numbers(_ fields: ArraySlice<String>, line: Int, what: String) throws(FilterResourceError)
        -> [Float]
    {
        var numbers: [Float] = []
        for field in fields {
            guard let number = Float(field), number.isFinite else {
                throw malformed(line, "'\(field)' is not a finite number (in \(what))")
            }
            numbers.append(number)
        }
        return numbers
    }

    mutating func read(_ line: ArraySlice<UInt8>, number: Int) throws(FilterResourceError) {
        lastLine = number
        let fields = Self.fields(line)
        guard let first = fields.first, !first.hasPrefix("#") else { return }
        // Keywords are upper case; anything else is a table entry, so a
        // stray word there is reported as a bad number, not skipped.
        let isKeyword = first.first!.isASCII && first.first!.isUppercase && Float(first) == nil
        if isKeyword {
            try keyword(first, fields: fields, line: line, number: number)
        } else {
            try entry(fields, number: number)
        }
    }

    private mutating func keyword(_ keyword: String, fields: [String], line: ArraySlice<UInt8>, number: Int)
        throws(FilterResourceError)
    {
        guard table.isEmpty else {
            throw malformed(number, "the keyword \(keyword) comes after the table has started")
        }
        switch keyword {
        case "TITLE":
            guard title == nil else { throw malformed(number, "a second TITLE") }
            let text = String(decoding: line, as: UTF8.self).trimmingSpaces()
            var rest = text.dropFirst(keyword.count).trimmingSpaces()
            if rest.count >= 2, rest.hasPrefix("\""), rest.hasSuffix("\"") {
                rest = String(rest.dropFirst().dropLast())
            }
            title = rest
        case "LUT_3D_SIZE":
            guard size == nil else { throw malformed(number, "a second LUT_3D_SIZE") }
            guard fields.count == 2, let value = Int(fields[1]) else {
                throw malformed(number, "LUT_3D_SIZE takes one whole number")
            }
            guard CubeLUT.sizes.contains(value) else {
                throw malformed(
                    number,
                    "LUT_3D_SIZE \(value) is outside \(CubeLUT.sizes.lowerBound)...\(CubeLUT.sizes.upperBound)")
            }
            size = value
            expectedFloats = value * value * value * 3
            table.reserveCapacity(expectedFloats)
        case "LUT_1D_SIZE", "LUT_1D_INPUT_RANGE":
            throw malformed(number, "\(keyword): 1D LUTs are not supported; lut3d reads 3D LUTs (LUT_3D_SIZE)")
        case "DOMAIN_MIN", "DOMAIN_MAX":
            guard fields.count == 4 else { throw malformed(number, "\(keyword) takes three numbers (r g b)") }
            let values = try numbers(fields[1...], line: number, what: keyword)
            if keyword == "DOMAIN_MIN" { domainMin = values } else { domainMax = values }
            domainLine = number
        case "LUT_3D_INPUT_RANGE":
            guard fields.count == 3 else { throw malformed(number, "LUT_3D_INPUT_RANGE takes two numbers (min max)") }
            let values = try numbers(fields[1...], line: number, what: keyword)
            domainMin = [values[0], values[0], values[0]]
            domainMax = [values[1], values[1], values[1]]
            domainLine = number
        default:
            // Other vendors' keywords (LUT_IN_VIDEO_RANGE, ...) carry nothing
            // this filter uses.
            break
        }
    }

    private mutating func entry(_ fields: [String], number: Int) throws(FilterResourceError) {
        guard let size else { throw malformed(number, "a table entry before LUT_3D_SIZE") }
        guard fields.count == 3 else {
            throw malformed(number, "a table entry has three numbers (r g b), not \(fields.count)")
        }
        guard table.count < expectedFloats else {
            throw malformed(number, "more than the \(size)^3 = \(size * size * size) entries LUT_3D_SIZE \(size) gives")
        }
        table += try numbers(fields[...], line: number, what: "a table entry")
    }

    func finish() throws(FilterResourceError) -> CubeLUT {
        guard let size else { throw malformed(nil, "no LUT_3D_SIZE line: not a 3D .cube file") }
        guard table.count == expectedFloats else {
            throw malformed(
                lastLine,
                "the table ends after \(table.count / 3) of the \(size)^3 = \(size * size * size) entries"
                    + " LUT_3D_SIZE \(size) gives")
        }
        for channel in 0..<3 where domainMin[channel] >= domainMax[channel] {
            throw malformed(domainLine, "the domain's minimum must lie below its maximum in every channel")
        }
        return CubeLUT(title: title, size: size, domainMin: domainMin, domainMax: domainMax, table: table)
    }
}
