extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines.
    func trimmingSpaces() -> String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" || first == "\n" || first == "\r" {
            view.removeFirst()
        }
        while let last = view.last, last == " " || last == "\t" || last == "\n" || last == "\r" { view.removeLast() }
        return String(view)
    }
}

extension String {
    /// The text with line breaks and other control characters written as
    /// Swift escapes (`\n`, `\u{0B}`, `\u{2028}`), so an error message that
    /// quotes user text still prints as one line.
    var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            if Self.needsEscape(scalar) {
                text += scalar.escaped(asASCII: true)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
