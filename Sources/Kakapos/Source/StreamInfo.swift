/// One stream of a media file, as the source found it.
public struct StreamInfo: Sendable, Hashable, CustomStringConvertible {
    /// What a stream carries, with FFmpeg's stream-specifier letter.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Pictures: the video, or a still such as cover art (`v`).
        case video
        /// Sound (`a`).
        case audio
        /// Subtitles, text or bitmap (`s`).
        case subtitle
        /// Timed data FFmpeg does not decode, such as a timecode track (`d`).
        case data
        /// An attached file, such as a font in Matroska (`t`).
        case attachment
        /// A stream of no type above (FFmpeg's unknown type); it has no specifier letter.
        case unknown

        /// The letter in a stream specifier (`0:a:1`).
        public var letter: Character? {
            switch self {
            case .video: return "v"
            case .audio: return "a"
            case .subtitle: return "s"
            case .data: return "d"
            case .attachment: return "t"
            case .unknown: return nil
            }
        }
    }

    /// The stream's index in the file (`0:N`).
    public let index: Int
    /// What the stream carries: video, audio, subtitles, data or attachments.
    public let kind: Kind
    /// Its index among the file's streams of the same kind (`0:a:N`).
    public let indexInKind: Int
    /// The codec, e.g. `aac`, `subrip`; for data streams without a codec
    /// FFmpeg knows, the container's tag (e.g. `tmcd`).
    public let codecName: String
    /// The language tag (ISO 639-2, e.g. `eng`), when set.
    public let language: String?
    /// The stream's title, when set.
    public let title: String?
    /// FFmpeg's disposition flags that are set: `default`, `forced`,
    /// `attached_pic`, `hearing_impaired`, `comment`, ...
    public let dispositions: [String]
    /// Samples per second, for audio.
    public let sampleRate: Int?
    /// Channels, for audio.
    public let channels: Int?

    /// Describes a stream; each parameter sets the property of the same name.
    public init(
        index: Int, kind: Kind, indexInKind: Int, codecName: String, language: String? = nil, title: String? = nil,
        dispositions: [String] = [], sampleRate: Int? = nil, channels: Int? = nil
    ) {
        self.index = index
        self.kind = kind
        self.indexInKind = indexInKind
        self.codecName = codecName
        self.language = language
        self.title = title
        self.dispositions = dispositions
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// True for a still picture stored as a video stream (cover art).
    public var isAttachedPicture: Bool { dispositions.contains("attached_pic") }

    /// `audio stream 2 (aac, fre, "Commentary")`: how notes name it.
    public var description: String {
        var details = [codecName]
        if let language { details.append(language) }
        if let title { details.append("\"\(title)\"") }
        if isAttachedPicture { details.append("attached picture") }
        return "\(kind.rawValue) stream \(index) (\(details.joined(separator: ", ")))"
    }
}

/// A chapter of a file: a titled span of its timeline.
public struct Chapter: Sendable, Hashable {
    /// Seconds on the file's timeline.
    public let start: Double
    /// Where the chapter ends, in seconds on the file's timeline.
    public let end: Double
    /// The chapter's title, when it has one.
    public let title: String?

    /// A chapter from `start` to `end`, in seconds on the file's timeline, with an optional title.
    public init(start: Double, end: Double, title: String?) {
        self.start = start
        self.end = end
        self.title = title
    }
}

/// How the fields of an interlaced picture are ordered, as FFmpeg tags
/// them; the recorder writes the source's order so that players
/// deinterlace what was interlaced. Filters work on the frame as it is,
/// both fields together.
public enum FieldOrder: String, Sendable, Hashable {
    /// Not interlaced: each frame is one whole picture.
    case progressive
    /// Top field first, coded and shown.
    case topFirst = "tt"
    /// Bottom field first, coded and shown.
    case bottomFirst = "bb"
    /// Top coded first, bottom shown first.
    case topCodedBottomFirst = "tb"
    /// Bottom coded first, top shown first.
    case bottomCodedTopFirst = "bt"

    /// True for the four interlaced orders.
    public var isInterlaced: Bool { self != .progressive }
}
