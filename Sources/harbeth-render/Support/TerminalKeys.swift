import Foundation

/// The keys ffmpeg users press on the terminal while a recording runs: `q`
/// stops (as Ctrl-C does) and `p` pauses or resumes. Active only when
/// standard input is a terminal that is not the run's input; the terminal
/// is put in non-canonical mode without echo while it listens, and put
/// back by `restore()` (which `main` calls before the process exits,
/// whichever way it ends).
final class TerminalKeys: @unchecked Sendable {
    // @unchecked: `saved` is set once before the reader starts and read by `restore`; `stopped` is under `lock`.
    private var saved: termios?
    private let lock = NSLock()
    private var stopped = false

    /// The listener of this process, if one started.
    nonisolated(unsafe) static var current: TerminalKeys?

    /// Starts listening when standard input is a terminal; `onKey` gets each key.
    static func listen(_ onKey: @escaping @Sendable (Character) -> Void) -> TerminalKeys? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        let keys = TerminalKeys()
        keys.saved = settings
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        current = keys
        Thread { [keys] in keys.read(onKey) }.start()
        return keys
    }

    private func read(_ onKey: @Sendable (Character) -> Void) {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        var byte: UInt8 = 0
        while !lock.withLock({ stopped }) {
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            guard Glibc.read(STDIN_FILENO, &byte, 1) == 1 else { return }
            onKey(Character(Unicode.Scalar(byte)))
        }
    }

    /// Stops listening and gives the terminal its settings back. Idempotent.
    func restore() {
        let settings = lock.withLock { () -> termios? in
            stopped = true
            defer { saved = nil }
            return saved
        }
        if var settings { tcsetattr(STDIN_FILENO, TCSANOW, &settings) }
    }
}
