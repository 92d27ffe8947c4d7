import Foundation

/// Where a recording goes, in FFmpeg's idiom: a file (written to a hidden
/// temporary file and renamed into place), a pipe or a network URL
/// (written as it comes: there is nothing to rename, so a failure closes
/// the stream where it stands), or a numbered image sequence (every frame
/// a file, all of them put in place together when the recording finishes).
public enum OutputDestination: Sendable, Hashable, CustomStringConvertible {
    /// A regular file.
    case file(String)
    /// An open file descriptor: 1 is standard output.
    case pipe(Int32)
    /// A protocol URL a muxer writes to: `udp://`, `srt://`, `tcp://`, `rtmp://`, ...
    case url(String)
    /// One image per frame, named by a printf pattern: `out%04d.png`.
    case imageSequence(String)

    /// Reads `text` as the ffmpeg CLI reads an output: `-` is standard
    /// output, `pipe:N` a descriptor, `scheme://...` a URL, a name with a
    /// `%d` pattern an image sequence, anything else a file.
    public init(parsing text: String) {
        if text == "-" {
            self = .pipe(1)
        } else if text.hasPrefix("pipe:") {
            self = .pipe(Int32(text.dropFirst(5)) ?? 1)
        } else if MediaLocation.isURL(text) {
            self = .url(text)
        } else if MediaLocation.hasNumberPattern(PathName(text).name),
            Container(pathExtension: PathName(text).pathExtension)?.isStillImage == true
        {
            self = .imageSequence(text)
        } else {
            self = .file(text)
        }
    }

    /// The name the muxer opens.
    public var name: String {
        switch self {
        case .file(let path), .imageSequence(let path): return path
        case .pipe(let descriptor): return "pipe:\(descriptor)"
        case .url(let url): return url
        }
    }

    /// How errors and summaries name it.
    public var description: String {
        switch self {
        case .pipe(1): return "standard output"
        default: return name
        }
    }

    /// True for a pipe or URL: written as it comes, never renamed into place.
    public var isStream: Bool {
        switch self {
        case .pipe, .url: return true
        case .file, .imageSequence: return false
        }
    }

    /// The extension that names the container, when the name has one.
    var pathExtension: String {
        switch self {
        case .file(let path), .imageSequence(let path): return PathName(path).pathExtension
        case .pipe: return ""
        case .url(let url):
            // udp://127.0.0.1:1234 has none; http://host/live.ts does.
            let path = URL(string: url)?.path ?? ""
            return PathName(path).pathExtension
        }
    }

    /// The container a stream gets when nothing names one: MPEG-TS for
    /// UDP, SRT, TCP and RTP, FLV for RTMP, as FFmpeg users send them.
    var defaultStreamContainer: Container? {
        guard case .url(let url) = self, let scheme = url.split(separator: ":").first?.lowercased() else { return nil }
        switch scheme {
        case "udp", "srt", "tcp", "rtp", "unix": return .mpegts
        case "rtmp", "rtmps": return .flv
        default: return nil
        }
    }
}
