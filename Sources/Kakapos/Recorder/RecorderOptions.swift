import CFFmpeg

/// The video codecs a `RecorderSink` can write, each with the encoders that
/// provide it in order of preference.
public enum VideoCodec: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// H.264 with libx264: the default for mp4, mov, mkv and avi.
    case h264
    /// HEVC with libx265.
    case hevc
    /// VP9 with libvpx-vp9: the default for webm.
    case vp9
    /// AV1 with libsvtav1, or libaom-av1 where SVT-AV1 is missing.
    case av1
    /// MPEG-4 part 2 (FFmpeg's own encoder).
    case mpeg4
    /// FFV1, lossless.
    case ffv1
    /// Apple ProRes with prores_ks.
    case prores
    /// PNG, for still images.
    case png
    /// JPEG (FFmpeg's mjpeg encoder), for still images.
    case mjpeg
    /// TIFF, for still images (8 and 16 bits, alpha, grey).
    case tiff
    /// WebP with libwebp, for still images (with alpha).
    case webp
    /// GIF (FFmpeg's encoder): 8-bit colour, as FFmpeg writes a .gif.
    case gif
    /// BMP, for still images.
    case bmp

    public var description: String { rawValue }

    /// Encoder names, most preferred first.
    public var encoderNames: [String] {
        switch self {
        case .h264: return ["libx264"]
        case .hevc: return ["libx265"]
        case .vp9: return ["libvpx-vp9"]
        case .av1: return ["libsvtav1", "libaom-av1"]
        case .mpeg4: return ["mpeg4"]
        case .ffv1: return ["ffv1"]
        case .prores: return ["prores_ks"]
        case .png: return ["png"]
        case .mjpeg: return ["mjpeg"]
        case .tiff: return ["tiff"]
        case .webp: return ["libwebp"]
        case .gif: return ["gif"]
        case .bmp: return ["bmp"]
        }
    }

    /// Lossy codecs meant for delivery, which get 4:2:0 from RGB frames
    /// because that is what players decode.
    var prefers420: Bool {
        switch self {
        case .h264, .hevc, .vp9, .av1, .mpeg4: return true
        case .ffv1, .prores, .png, .mjpeg, .tiff, .webp, .gif, .bmp: return false
        }
    }
}

/// What the recorder does with the source's audio.
public enum AudioMode: String, Sendable, Hashable {
    /// Copy packets unchanged when the container takes the codec; otherwise
    /// re-encode (AAC, or Opus for webm) and say so in the clip's notes.
    case copy
    /// Leave the audio out.
    case none
    /// Always re-encode (AAC, or Opus for webm).
    case reencode
}

/// The output containers, chosen by the file extension or by name.
enum Container: String, Sendable, CaseIterable {
    case mp4, mov, mkv, webm, avi, mpegts, flv, nut, png, jpeg, tiff, webp, gif, bmp

    /// The container FFmpeg's muxer name (or our extension name) stands for:
    /// `matroska`, `mpegts`, `mp4`, `nut`, ...
    init?(formatName: String) {
        switch formatName.lowercased() {
        case "matroska", "mkv": self = .mkv
        case "mpegts", "ts": self = .mpegts
        case "image2", "png": self = .png
        case "mjpeg", "jpeg", "jpg": self = .jpeg
        default:
            guard let container = Container(rawValue: formatName.lowercased()) else { return nil }
            self = container
        }
    }

    init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "mp4", "m4v": self = .mp4
        case "mov": self = .mov
        case "mkv": self = .mkv
        case "webm": self = .webm
        case "avi": self = .avi
        case "ts", "m2ts", "mts": self = .mpegts
        case "flv": self = .flv
        case "nut": self = .nut
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "tif", "tiff": self = .tiff
        case "webp": self = .webp
        case "gif": self = .gif
        case "bmp": self = .bmp
        default: return nil
        }
    }

    /// The FFmpeg muxer.
    var muxer: String {
        switch self {
        case .mp4: return "mp4"
        case .mov: return "mov"
        case .mkv: return "matroska"
        case .webm: return "webm"
        case .avi: return "avi"
        case .mpegts: return "mpegts"
        case .flv: return "flv"
        case .nut: return "nut"
        case .png, .jpeg, .tiff, .webp, .bmp: return "image2"
        case .gif: return "gif"
        }
    }

    var defaultCodec: VideoCodec {
        switch self {
        case .mp4, .mov, .mkv, .avi, .mpegts, .flv, .nut: return .h264
        case .webm: return .vp9
        case .png: return .png
        case .jpeg: return .mjpeg
        case .tiff: return .tiff
        case .webp: return .webp
        case .gif: return .gif
        case .bmp: return .bmp
        }
    }

    /// One frame, no audio.
    var isStillImage: Bool { self == .png || self == .jpeg || self == .tiff || self == .webp || self == .bmp }

    /// The one codec a still container is written with.
    var stillCodec: VideoCodec? {
        switch self {
        case .png: return .png
        case .jpeg: return .mjpeg
        case .tiff: return .tiff
        case .webp: return .webp
        case .bmp: return .bmp
        case .mp4, .mov, .mkv, .webm, .avi, .mpegts, .flv, .nut, .gif: return nil
        }
    }

    /// Only the QuickTime family carries a display matrix in FFmpeg 5.1.
    var storesDisplayMatrix: Bool { self == .mp4 || self == .mov }

    /// AVI stores one frame per tick of a constant rate.
    var isConstantFrameRate: Bool { self == .avi }

    /// The audio encoder for re-encoding into this container.
    var audioEncoder: (name: String, codec: String)? {
        switch self {
        case .mp4, .mov, .mkv, .avi, .mpegts, .flv, .nut: return ("aac", "aac")
        case .webm: return ("libopus", "opus")
        case .png, .jpeg, .tiff, .webp, .gif, .bmp: return nil
        }
    }

    /// The subtitle encoder text subtitles are converted with when the
    /// container does not take their codec: what FFmpeg picks by default.
    var subtitleEncoder: String? {
        switch self {
        case .mp4, .mov: return "mov_text"
        case .mkv: return "ass"
        case .webm: return "webvtt"
        case .avi, .mpegts, .flv, .nut, .png, .jpeg, .tiff, .webp, .gif, .bmp: return nil
        }
    }

    /// Stores a field order tag (Matroska's FieldOrder, QuickTime's `fiel`).
    var storesFieldOrder: Bool { self == .mp4 || self == .mov || self == .mkv || self == .webm }

    /// Holds subtitle streams at all.
    var holdsSubtitles: Bool { subtitleEncoder != nil }

    /// Holds attached files (fonts, ...): Matroska only.
    var holdsAttachments: Bool { self == .mkv }

    /// Holds chapters.
    var holdsChapters: Bool { self == .mp4 || self == .mov || self == .mkv || self == .webm }

    /// Holds cover art (an attached picture stream).
    var holdsAttachedPictures: Bool { self == .mp4 || self == .mov || self == .mkv }

    /// Muxer options.
    var muxerOptions: [(String, String)] {
        switch self {
        case .mp4, .mov: return [("movflags", "+faststart")]
        // Write exactly the named file (no %d pattern) for the one frame.
        case .png, .jpeg, .tiff, .webp, .bmp: return [("update", "1")]
        case .mkv, .webm, .avi, .mpegts, .flv, .nut, .gif: return []
        }
    }

    /// Muxer options for a pipe or network output, which cannot be sought
    /// back into: MP4 and MOV become fragmented (FFmpeg's `frag_keyframe+empty_moov`).
    var streamMuxerOptions: [(String, String)] {
        switch self {
        case .mp4, .mov: return [("movflags", "frag_keyframe+empty_moov+default_base_moof")]
        default: return muxerOptions.filter { $0.0 != "movflags" }
        }
    }
}

/// A fault to inject into a recording, so tests can check that each failure
/// ends in its own error with nothing at the output path. Also read from the
/// environment variable `HARBETH_INJECT_MEDIA_FAULT` as `encoder-open`,
/// `mux-write@N` or `output-missing`.
package enum MediaFaultInjection: Sendable, Hashable {
    /// Opening the video encoder fails.
    case encoderOpen
    /// The N-th packet write (1-based, all streams) fails with EIO.
    case muxWrite(packet: Int)
    /// The finished temporary file disappears before it is moved into place.
    case outputVanishes

    init?(environmentValue value: String) {
        if value == "encoder-open" {
            self = .encoderOpen
        } else if value == "output-missing" {
            self = .outputVanishes
        } else if value.hasPrefix("mux-write@"), let packet = Int(value.dropFirst("mux-write@".count)), packet >= 1 {
            self = .muxWrite(packet: packet)
        } else {
            return nil
        }
    }

    static var fromEnvironment: MediaFaultInjection? {
        guard let value = getenv("HARBETH_INJECT_MEDIA_FAULT") else { return nil }
        return MediaFaultInjection(environmentValue: String(cString: value))
    }
}
