import CFFmpeg
import Foundation

/// The FFmpeg libraries Kakapos runs on: their version, and where their
/// own log goes.
///
/// FFmpeg's log (libx264's settings, a decoder's complaint about a damaged
/// packet, ...) never reaches standard error by itself: it goes to
/// `logHandler`, which is nil unless a program sets it, so a program that
/// sets nothing prints nothing. Failures reach the caller as `MediaError`s
/// either way; the log only adds detail.
///
/// ```swift
/// FFmpegLibrary.logLevel = .info
/// FFmpegLibrary.logHandler = { message in print("ffmpeg: \(message)") }
/// ```
public enum FFmpegLibrary {
    /// How much of FFmpeg's log reaches `logHandler`, most severe first.
    public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
        /// Nothing.
        case quiet
        /// Errors only.
        case error
        /// Errors and warnings: the default.
        case warning
        /// Also what encoders and muxers say they do (libx264's settings).
        case info
        /// Also detail meant for debugging FFmpeg itself.
        case verbose

        /// FFmpeg's number for the level (`AV_LOG_*`).
        var value: Int32 {
            switch self {
            case .quiet: return AV_LOG_QUIET
            case .error: return AV_LOG_ERROR
            case .warning: return AV_LOG_WARNING
            case .info: return AV_LOG_INFO
            case .verbose: return AV_LOG_VERBOSE
            }
        }

        /// The level of one of FFmpeg's messages (panic and fatal are errors,
        /// debug and trace verbose).
        init(message level: Int32) {
            let level = level & 0xFF
            if level <= AV_LOG_ERROR {
                self = .error
            } else if level <= AV_LOG_WARNING {
                self = .warning
            } else if level <= AV_LOG_INFO {
                self = .info
            } else {
                self = .verbose
            }
        }

        public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One line of FFmpeg's log.
    public struct LogMessage: Sendable, Hashable, CustomStringConvertible {
        /// How severe it is.
        public var level: LogLevel
        /// The part of FFmpeg that said it, e.g. `libx264` or `mov`; nil when
        /// it names none.
        public var component: String?
        /// The line, without its newline.
        public var text: String

        /// A log line of this severity from `component` (nil when it names none), `text` without its newline.
        public init(level: LogLevel, component: String?, text: String) {
            self.level = level
            self.component = component
            self.text = text
        }

        /// `[component] text`, as FFmpeg's own tools print it.
        public var description: String { component.map { "[\($0)] \(text)" } ?? text }
    }

    /// Receives FFmpeg's log lines, on whichever thread FFmpeg logs from
    /// (encoders log from their own threads).
    public typealias LogHandler = @Sendable (LogMessage) -> Void

    /// Lines at this level or more severe reach `logHandler`. `.warning`
    /// unless set.
    public static var logLevel: LogLevel {
        get { LogRouter.shared.withLock { $0.level } }
        set {
            LogRouter.install()
            LogRouter.shared.withLock { $0.level = newValue }
            av_log_set_level(newValue.value)
        }
    }

    /// Where FFmpeg's log lines go; nil (the default) drops them, so the
    /// library prints nothing. `printToStandardError` prints them as
    /// FFmpeg's tools do.
    public static var logHandler: LogHandler? {
        get { LogRouter.shared.withLock { $0.handler } }
        set {
            LogRouter.install()
            LogRouter.shared.withLock { $0.handler = newValue }
        }
    }

    /// A handler that writes each line to standard error.
    public static let printToStandardError: LogHandler = { message in
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    /// Makes the network protocols available, once per process.
    static func registerNetwork() { _ = networkRegistered }

    private static let networkRegistered: Void = { avformat_network_init() }()

    /// The demuxer or input device named `format` (`-f`): libavformat's
    /// own first, then libavdevice's (x11grab, v4l2, lavfi, pulse, alsa,
    /// ...), which is opened only for a name libavformat does not know;
    /// nil when neither has it.
    static func inputFormat(named format: String) -> UnsafePointer<AVInputFormat>? {
        if let found = av_find_input_format(format) { return found }
        guard FFLoadedLibrary.devicesRegistered else { return nil }
        return av_find_input_format(format)
    }

    /// FFmpeg's version string and libavcodec's, e.g. `5.1.6-0+deb12u1 (libavcodec 59.37.100)`.
    public static var version: String {
        let codec = avcodec_version()
        return String(cString: av_version_info())
            + " (libavcodec \(codec >> 16).\((codec >> 8) & 0xFF).\(codec & 0xFF))"
    }
}

/// Takes over FFmpeg's log callback, once per process, before Kakapos
/// makes its first FFmpeg object (`FFInputContext`, `FFOutputContext` and
/// `FFCodecContext` call `install()`), and hands whole lines to the
/// program's handler.
struct LogRouter {
    var level = FFmpegLibrary.LogLevel.warning
    var handler: FFmpegLibrary.LogHandler?
    /// A line FFmpeg has begun but not yet ended with a newline.
    var pending = ""
    var pendingLevel = FFmpegLibrary.LogLevel.verbose
    var pendingComponent: String?

    static let shared = ConditionLock(LogRouter())

    /// Routes FFmpeg's log here; later calls do nothing.
    static func install() { _ = installed }

    private static let installed: Void = {
        av_log_set_level(shared.withLock { $0.level.value })
        av_log_set_callback { context, level, format, arguments in
            LogRouter.receive(context: context, level: level, format: format, arguments: arguments)
        }
    }()

    private static func receive(
        context: UnsafeMutableRawPointer?, level: Int32, format: UnsafePointer<CChar>?, arguments: CVaListPointer?
    ) {
        guard level & 0xFF <= av_log_get_level(), let format, let arguments else { return }
        // Formatted without FFmpeg's prefix; the component comes from the
        // logging object's AVClass instead.
        var buffer = [CChar](repeating: 0, count: 1024)
        var printPrefix: Int32 = 0
        av_log_format_line2(context, level, format, arguments, &buffer, Int32(buffer.count), &printPrefix)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let component = componentName(context)
        let lines: [FFmpegLibrary.LogMessage] = shared.withLock { router in
            guard router.handler != nil else {
                router.pending = ""
                return []
            }
            if router.pending.isEmpty {
                router.pendingLevel = FFmpegLibrary.LogLevel(message: level)
                router.pendingComponent = component
            }
            router.pending += text
            var complete: [FFmpegLibrary.LogMessage] = []
            while let newline = router.pending.firstIndex(of: "\n") {
                let line = String(router.pending[..<newline])
                router.pending = String(router.pending[router.pending.index(after: newline)...])
                if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    complete.append(
                        FFmpegLibrary.LogMessage(
                            level: router.pendingLevel, component: router.pendingComponent, text: line))
                }
            }
            return complete
        }
        guard !lines.isEmpty, let handler = shared.withLock({ $0.handler }) else { return }
        for line in lines { handler(line) }
    }

    /// The logging object's name (`AVClass.item_name`), e.g. `libx264`.
    private static func componentName(_ context: UnsafeMutableRawPointer?) -> String? {
        guard let context,
            let avClass = context.assumingMemoryBound(to: UnsafePointer<AVClass>?.self).pointee,
            let itemName = avClass.pointee.item_name,
            let name = itemName(context)
        else { return nil }
        return String(cString: name)
    }
}
