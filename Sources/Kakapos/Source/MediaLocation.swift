import CFFmpeg
import Foundation

/// Where a source reads from, in FFmpeg's idiom: a file, a pipe, a URL that
/// one of libavformat's protocols reads, a numbered image sequence, or a
/// capture device.
///
/// `MediaLocation(parsing:format:)` reads a command-line argument the way
/// the ffmpeg CLI does: `-` is standard input, `pipe:N` a file descriptor,
/// `scheme://...` a URL, a name with a `%d` (or `%03d`) pattern that is not
/// itself a file an image sequence, and a name read with a device format
/// (`-f x11grab :99`, `-f lavfi testsrc2`, `-f v4l2 /dev/video0`) a device.
public enum MediaLocation: Sendable, Hashable, CustomStringConvertible {
    /// A regular file.
    case file(String)
    /// An open file descriptor: 0 is standard input.
    case pipe(Int32)
    /// A protocol URL: `http://`, `tcp://`, `udp://`, `rtp://`, `srt://`, `rtmp://`, ...
    case url(String)
    /// Numbered images (`img%03d.png`), or a glob (`seq/*.png`) with `pattern_type=glob`.
    case imageSequence(String)
    /// A capture device or a virtual one, named for its libavdevice format:
    /// `x11grab` with `:99`, `v4l2` with `/dev/video0`, `lavfi` with `testsrc2`.
    case device(format: String, name: String)

    /// The libavdevice input formats: what `-f` names a device with.
    public static let deviceFormats: Set<String> = [
        "x11grab", "v4l2", "video4linux2", "lavfi", "pulse", "alsa", "fbdev", "kmsgrab", "xcbgrab", "oss", "jack",
        "openal", "sndio", "dv1394", "iec61883", "decklink",
    ]

    /// Reads `text` as the ffmpeg CLI reads an input; `format` is the `-f`
    /// given for it, if any.
    public init(parsing text: String, format: String? = nil) {
        if let format, Self.deviceFormats.contains(format) {
            self = .device(format: format, name: text)
        } else if text == "-" {
            self = .pipe(0)
        } else if text.hasPrefix("pipe:") {
            self = .pipe(Int32(text.dropFirst(5)) ?? 0)
        } else if Self.isURL(text) {
            self = .url(text)
        } else if !Self.exists(text) && (Self.hasNumberPattern(text) || (format == "image2" && text.contains("*"))) {
            self = .imageSequence(text)
        } else {
            self = .file(text)
        }
    }

    /// The name FFmpeg opens: the path, `pipe:N`, the URL, the pattern or the device.
    public var name: String {
        switch self {
        case .file(let path): return path
        case .pipe(let descriptor): return "pipe:\(descriptor)"
        case .url(let url): return url
        case .imageSequence(let pattern): return pattern
        case .device(_, let name): return name
        }
    }

    /// How errors name it: the path as given, `standard input`, the URL, ...
    public var description: String {
        switch self {
        case .file(let path): return path
        case .pipe(0): return "standard input"
        case .pipe(let descriptor): return "pipe:\(descriptor)"
        case .url(let url): return url
        case .imageSequence(let pattern): return pattern
        case .device(let format, let name): return "\(format) \(name)"
        }
    }

    /// True for what is read once, as it comes, and cannot be opened again
    /// or sought in: a pipe, a device, a network stream (every URL but
    /// `http(s)://` and `ftp://`, which serve files). Stopping a live
    /// recording finishes it; the other streams of a live input are not
    /// carried (they would need a second reader).
    public var isLive: Bool {
        switch self {
        case .file, .imageSequence: return false
        case .pipe, .device: return true
        case .url: return !["http", "https", "ftp"].contains(scheme)
        }
    }

    /// True for a regular file.
    public var isFile: Bool {
        if case .file = self { return true }
        return false
    }

    /// A URL's scheme, lowercased; "" for anything else.
    var scheme: String {
        guard case .url(let url) = self, let range = url.range(of: "://") else { return "" }
        return url[..<range.lowerBound].lowercased()
    }

    /// True when `format` names an input format or device this FFmpeg has.
    public static func inputFormatExists(_ format: String) -> Bool {
        FFmpegLibrary.inputFormat(named: format) != nil
    }

    /// True for what produces frames on its own clock and never waits for
    /// the reader: a capture device (not `lavfi`, which makes frames when
    /// asked) and a stream over UDP, RTP, SRT, RTMP or RTSP. Only these
    /// need a delivery that drops frames when processing falls behind; a
    /// pipe, TCP or HTTP makes its writer wait instead.
    public var isRealTime: Bool {
        switch self {
        case .file, .imageSequence, .pipe: return false
        case .device(let format, _): return format != "lavfi"
        case .url: return ["udp", "rtp", "srt", "rtmp", "rtmps", "rtsp"].contains(scheme)
        }
    }

    /// True for a pattern of picture files.
    public var isImageSequence: Bool {
        if case .imageSequence = self { return true }
        return false
    }

    /// True for a network URL (its errors name the address).
    public var isNetwork: Bool {
        if case .url = self { return true }
        return false
    }

    /// The demuxer a location needs named, when it needs one: a device's format.
    var impliedFormat: String? {
        if case .device(let format, _) = self { return format }
        return nil
    }

    /// A `scheme://` prefix of letters, digits, `+`, `-` or `.`, as URLs have.
    static func isURL(_ text: String) -> Bool {
        guard let range = text.range(of: "://"), range.lowerBound > text.startIndex else { return false }
        let scheme = text[..<range.lowerBound]
        return scheme.first!.isLetter
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// True when the name holds a printf number pattern: `%d`, `%03d`, `%4d`.
    /// (`%%` is a literal percent sign.)
    public static func hasNumberPattern(_ text: String) -> Bool {
        var characters = text[...]
        while let percent = characters.firstIndex(of: "%") {
            var rest = characters[characters.index(after: percent)...]
            if rest.first == "%" {
                characters = rest.dropFirst()
                continue
            }
            rest = rest.drop { $0.isASCII && $0.isNumber }
            if rest.first == "d" { return true }
            characters = rest
        }
        return false
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
