import Foundation

/// Standard error and standard output for the tool: notes, errors and the
/// progress line, written whole under one lock so that the progress line
/// (redrawn from the pipeline's observer queue) and messages from the main
/// thread never interleave. A message first clears a progress line that is
/// showing, so it starts at the left margin.
final class Console: @unchecked Sendable {
    // @unchecked: `progressShowing` is only touched under `lock`.
    private let lock = NSLock()
    private var progressShowing = false
    private var aliases: [(absolute: String, given: String)] = []

    /// True when standard error is a terminal, so a progress line can be
    /// redrawn in place.
    let stderrIsTerminal = isatty(STDERR_FILENO) != 0

    static let programName = "harbeth-render"

    /// `harbeth-render: TEXT` on standard error.
    func note(_ text: String) {
        writeError(Self.programName + ": " + text + "\n")
    }

    /// An error's one line on standard error, naming files as the user
    /// gave them.
    func report(_ error: ToolError) {
        var text = error.description
        for (absolute, given) in lock.withLock({ aliases }) {
            text = text.replacingOccurrences(of: absolute, with: given)
        }
        note(text)
    }

    /// Makes errors show `path` as given rather than as the absolute path
    /// the media layer reports (`URL(fileURLWithPath:)` resolves it).
    func alias(_ path: String) {
        let absolute = URL(fileURLWithPath: path).path
        guard absolute != path else { return }
        lock.withLock {
            aliases.append((absolute, path))
            // Longer paths first, so a folder never replaces part of a file's path.
            aliases.sort { $0.absolute.count > $1.absolute.count }
        }
    }

    /// Redraws the progress line: carriage return, the text, clear to the end.
    func progress(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        progressShowing = true
        Self.write("\r" + text + "\u{1B}[K", to: STDERR_FILENO)
    }

    /// Ends a progress line that is showing with a newline, so what follows
    /// starts on its own line and the last progress stays visible.
    func endProgress() {
        lock.lock()
        defer { lock.unlock() }
        if progressShowing { Self.write("\n", to: STDERR_FILENO) }
        progressShowing = false
    }

    /// Text on standard output, as it is (listings, help, the JSON report).
    /// A write that fails (a closed pipe, a full disk) is an error: the
    /// reader did not get what it asked for.
    func output(_ text: String, what: String) throws(ToolError) {
        lock.lock()
        defer { lock.unlock() }
        if let code = Self.write(text, to: STDOUT_FILENO) {
            throw .standardOutputFailed(what: what, reason: String(cString: strerror(code)))
        }
    }

    private func writeError(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        if progressShowing {
            Self.write("\r\u{1B}[K", to: STDERR_FILENO)
            progressShowing = false
        }
        Self.write(text, to: STDERR_FILENO)
    }

    /// Writes every byte, retrying after short writes and interruptions;
    /// the `errno` of a write that failed, nil when all went out.
    @discardableResult
    private static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
