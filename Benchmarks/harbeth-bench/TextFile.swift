import Foundation

/// Small file helpers for the children's output files.
enum TextFile {
    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The last few non-empty lines, joined with " | ", for one-line errors.
    static func tail(of path: String, lines: Int = 4) -> String {
        let text = read(path) ?? ""
        return text.split(whereSeparator: \.isNewline).suffix(lines).joined(separator: " | ")
    }

    /// The last non-empty line: where harbeth-render's `--json` report is.
    static func lastLine(of path: String) -> String? {
        read(path)?.split(whereSeparator: \.isNewline).last.map(String.init)
    }
}
