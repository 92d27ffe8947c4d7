import Foundation

/// What a recording carries besides its video, read from a file: audio
/// tracks, subtitles, attachments and cover art, the timecode, chapters and
/// the file's metadata. The recorder copies each stream the output can
/// hold (re-encoding audio, or converting text subtitles, where the
/// container needs another codec) and names every one it drops in the
/// clip's notes, with the reason.
public struct CompanionStreams: Sendable, Hashable {
    /// The file the streams are in (usually the video's source).
    public var url: URL
    /// Their indexes in that file.
    public var streams: [Int]
    /// The stream whose frames are the recording's video, for its tags
    /// (language, title, timecode) and disposition; nil when the video comes
    /// from elsewhere.
    public var videoStream: Int?
    /// The span of the file's timeline to take, in seconds: packets that
    /// end before `start` or begin at or after `end` are left out.
    public var start: Double?
    /// The end of that span, in seconds on the file's timeline; nil sets no end (see `endWithVideo`).
    public var end: Double?
    /// Also end where the recording's video ends (its frames were limited
    /// by count, so the end is known only then).
    public var endWithVideo: Bool
    /// Seconds on the file's timeline that become the output's 0: the trim
    /// start, or the file's start time, or 0 to keep the original timestamps.
    public var zero: Double
    /// Seconds the output's video starts after the file's first frame (a
    /// trim): the timecode moves on by as much.
    public var timecodeOffset: Double
    /// Copy the file's chapters (those that overlap the span, shifted).
    public var chapters: Bool
    /// Copy the file's global metadata and each stream's tags.
    public var metadata: Bool
    /// Streams the selection itself left out, named for the notes.
    public var excluded: [String]
    /// What the audio is when it was made for this recording (a
    /// `CrossfadedAudio`, kept lossless until then): it is always encoded
    /// for the output, and the clip's audio summary names it so.
    public var madeAudio: String?

    /// Companion streams `streams` of the file at `url`; each parameter sets the property of the same name.
    /// By default there is no span (the whole file), the output's 0 is the file's 0, and chapters and metadata
    /// are copied.
    public init(
        url: URL, streams: [Int], videoStream: Int? = nil, start: Double? = nil, end: Double? = nil,
        endWithVideo: Bool = false, zero: Double = 0, timecodeOffset: Double = 0, chapters: Bool = true,
        metadata: Bool = true, excluded: [String] = []
    ) {
        self.url = url
        self.streams = streams
        self.videoStream = videoStream
        self.start = start
        self.end = end
        self.endWithVideo = endWithVideo
        self.zero = zero
        self.timecodeOffset = timecodeOffset
        self.chapters = chapters
        self.metadata = metadata
        self.excluded = excluded
    }
}
