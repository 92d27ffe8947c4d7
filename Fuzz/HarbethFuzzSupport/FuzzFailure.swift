/// A property that did not hold for one input. Under libFuzzer it becomes a
/// crash, so the input is saved as an artifact; when replaying a corpus it
/// is reported with the file's name and the replay goes on.
public struct FuzzFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Throws a failure naming `property` unless `condition` holds.
@inline(__always)
func require(_ condition: Bool, _ property: @autoclosure () -> String) throws(FuzzFailure) {
    if !condition { throw FuzzFailure(property()) }
}

extension String {
    /// The text with newlines and other control characters escaped, so a
    /// failure naming an input stays on one line.
    var escaped: String {
        var text = ""
        for scalar in unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: text += scalar.escaped(asASCII: true)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// True when the text has no line break of any kind, as `Character`
    /// counts them: LF, CR, VT, FF, NEL, LS and PS.
    var isOneLine: Bool { !contains(where: \.isNewline) }
}

/// Lines the way the GLSL preprocessor and the `.cube` parser count them:
/// ended by LF, CR LF or a lone CR. A final line without an end counts.
func lineCount(_ bytes: [UInt8]) -> Int {
    var count = 0
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "\n") {
            count += 1
        } else if bytes[index] == UInt8(ascii: "\r") {
            count += 1
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
        }
        index += 1
    }
    if let last = bytes.last, last != UInt8(ascii: "\n"), last != UInt8(ascii: "\r") { count += 1 }
    return count
}

/// The lines themselves, split as `lineCount` counts them.
func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    var index = 0
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
    if start < bytes.count { lines.append(bytes[start...]) }
    return lines
}
