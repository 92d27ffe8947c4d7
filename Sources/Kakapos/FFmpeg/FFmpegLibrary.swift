import CFFmpeg

/// The FFmpeg libraries Kakapos runs on: their version, and how much of
/// their own log they print to standard error.
public enum FFmpegLibrary {
    /// How much FFmpeg prints by itself (`av_log_set_level`).
    public enum LogLevel: Sendable {
        /// Nothing: failures reach the caller as `MediaError`s only.
        case quiet
        case error
        case warning
        case info

        var value: Int32 {
            switch self {
            case .quiet: return AV_LOG_QUIET
            case .error: return AV_LOG_ERROR
            case .warning: return AV_LOG_WARNING
            case .info: return AV_LOG_INFO
            }
        }
    }

    /// Sets FFmpeg's log level for the whole process.
    public static func setLogLevel(_ level: LogLevel) {
        av_log_set_level(level.value)
    }

    /// FFmpeg's version string and libavcodec's, e.g. `5.1.6-0+deb12u1 (libavcodec 59.37.100)`.
    public static var version: String {
        let codec = avcodec_version()
        return String(cString: av_version_info())
            + " (libavcodec \(codec >> 16).\((codec >> 8) & 0xFF).\(codec & 0xFF))"
    }
}
