import Harbeth

/// What must hold for any bytes read as a `.cube` file.
public enum CubeProperties {
    static let path = "fuzz.cube"

    public static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
        let lut: CubeLUT
        do {
            lut = try CubeLUT(parsing: bytes, path: path)
        } catch {
            try checkError(error, bytes: bytes)
            return
        }
        let file = String(decoding: bytes, as: UTF8.self).escaped.prefix(300)
        try require(CubeLUT.sizes.contains(lut.size), "'\(file)' parses to a LUT of size \(lut.size)")
        let entries = lut.size * lut.size * lut.size
        try require(
            lut.table.count == entries * 3, "'\(file)' parses to \(lut.table.count) floats for size \(lut.size)")
        try require(
            lut.domainMin.count == 3 && lut.domainMax.count == 3,
            "'\(file)' parses to a domain of \(lut.domainMin.count) and \(lut.domainMax.count) numbers")
        for channel in 0..<3 {
            try require(
                lut.domainMin[channel] < lut.domainMax[channel],
                "'\(file)' parses to an empty domain \(lut.domainMin)...\(lut.domainMax)")
        }
        // Every number in the LUT is one the file wrote (or a default
        // domain bound), and the file said LUT_3D_SIZE with this size.
        var written: Set<Float> = []
        var saidSize = false
        for line in lines(bytes) {
            let fields = line.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
                .map { String(decoding: $0, as: UTF8.self) }
            for field in fields {
                if let number = Float(field) { written.insert(number) }
            }
            if fields.count == 2, fields[0] == "LUT_3D_SIZE" || fields[0] == "\u{FEFF}LUT_3D_SIZE",
                Int(fields[1]) == lut.size
            {
                saidSize = true
            }
        }
        try require(saidSize, "'\(file)' parses to size \(lut.size) without saying LUT_3D_SIZE \(lut.size)")
        for value in lut.table + lut.domainMin + lut.domainMax {
            try require(value.isFinite, "'\(file)' parses to a table holding \(value)")
            try require(
                written.contains(value) || value == 0 || value == 1,
                "'\(file)' parses to a table holding \(value), which the file does not write")
        }
    }

    /// A rejected file gets a one-line `.malformed` error naming the file
    /// and, when it names a line, one of the file's lines.
    static func checkError(_ error: FilterResourceError, bytes: [UInt8]) throws(FuzzFailure) {
        let file = String(decoding: bytes, as: UTF8.self).escaped.prefix(300)
        let message = "\(error)"
        try require(message.isOneLine, "the error for '\(file)' spans lines: \(message.escaped)")
        guard case .malformed(let errorPath, let line, let reason) = error else {
            throw FuzzFailure("the error for '\(file)' is not .malformed: \(message.escaped)")
        }
        try require(errorPath == path, "the error for '\(file)' names \(errorPath.escaped), not \(path)")
        try require(!reason.isEmpty, "the error for '\(file)' gives no reason")
        if let line {
            let count = lineCount(bytes)
            try require(
                (1...max(count, 1)).contains(line) && count > 0,
                "the error for '\(file)' (\(count) lines) names line \(line): \(message.escaped)")
        }
    }
}
