/// FFmpeg's log level (`-loglevel error`, `-v debug`, `-v repeat+warning`,
/// `-v 16`) as this tool's output: quiet up to error is `-q` (errors
/// only), warning and info the default, verbose and above `-v`.
enum LogLevel {
    case quiet
    case normal
    case verbose

    /// The level a value of FFmpeg's -loglevel names, or nil: a name or
    /// number, after any `repeat+` or `level+` flags.
    init?(ffmpeg text: String) {
        let level = text.split(separator: "+").last.map(String.init) ?? ""
        let numbers = [
            "quiet": -8, "panic": 0, "fatal": 8, "error": 16, "warning": 24, "info": 32, "verbose": 40,
            "debug": 48, "trace": 56,
        ]
        guard let value = numbers[level] ?? Int(level) else { return nil }
        self = value <= 16 ? .quiet : value < 40 ? .normal : .verbose
    }

    /// Sets the options' quiet and verbose as this level asks.
    func apply(to options: inout CommandLineOptions) {
        options.quiet = self == .quiet
        options.verbose = self == .verbose
    }
}
