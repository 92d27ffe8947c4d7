/// Everything that stops a benchmark run, each printable as one line.
enum BenchError: Error, CustomStringConvertible {
    /// The command line is wrong; the text says how.
    case usage(String)
    /// A program the bench needs is missing.
    case notFound(String)
    /// posix_spawn refused to start a program.
    case spawnFailed(command: String, reason: String)
    /// A program ran but failed; `detail` is the end of its standard error.
    case runFailed(command: String, termination: String, detail: String)
    /// harbeth-render's `--json` line was missing or did not say what was asked.
    case badReport(command: String, reason: String)
    /// A file or folder could not be made, read or written.
    case io(String)

    var description: String {
        switch self {
        case .usage(let text):
            return "\(text) (harbeth-bench --help)"
        case .notFound(let text):
            return text
        case .spawnFailed(let command, let reason):
            return "could not start \(command): \(reason)"
        case .runFailed(let command, let termination, let detail):
            let tail = detail.isEmpty ? "" : ": " + detail
            return "\(command) \(termination)\(tail)"
        case .badReport(let command, let reason):
            return "\(command): \(reason)"
        case .io(let text):
            return text
        }
    }
}
