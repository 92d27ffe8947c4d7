import Foundation
import Harbeth

/// Where a pipeline's processed frames go: `RecorderSink`, or any type with
/// the same lifecycle (tests use one that collects frames).
public protocol FrameSink: AnyObject, Sendable {
    /// What a successful finish returns.
    associatedtype Product: Sendable

    /// Prepares for frames of `input.format` (opens encoders and files).
    func begin(_ input: RecordingInput) throws(MediaError)
    /// Takes one frame, in presentation order.
    func append(_ frame: TimedFrame) throws(MediaError)
    /// Stops taking frames and completes the output.
    func finishRecording() throws(MediaError) -> Product
    /// Abandons the output. Idempotent; nothing is left behind.
    func cancel()
}

/// What a sink needs to know before the first frame.
public struct RecordingInput: Sendable {
    /// The format of the frames that will arrive (after processing).
    public var format: FrameFormat
    /// The unit of the frames' `pts`.
    public var timeBase: Rational
    /// The nominal frame rate, a hint for encoders and constant-rate containers.
    public var frameRate: Rational?
    /// The output display matrix's rotation in degrees, as `AssetMetadata.rotation`.
    public var rotation: Int
    /// Subtracted from every timestamp: the trim start, 0 when untrimmed.
    public var startPTS: Int64
    /// Where to take audio from, if anywhere.
    public var audio: AudioSourceTrack?
    /// Streams of the source that will not be written (for the notes).
    public var droppedStreams: [String]
    /// The number of frames expected, when known.
    public var expectedFrameCount: Int?
    /// The source's colorimetry and raw primaries/transfer: when the frames
    /// still have this colorimetry, the raw tags are written too.
    var sourceColor: (colorimetry: Colorimetry?, tags: ColorTags)?

    public init(
        format: FrameFormat, timeBase: Rational, frameRate: Rational? = nil, rotation: Int = 0, startPTS: Int64 = 0,
        audio: AudioSourceTrack? = nil, droppedStreams: [String] = [], expectedFrameCount: Int? = nil
    ) {
        self.format = format
        self.timeBase = timeBase
        self.frameRate = frameRate
        self.rotation = rotation
        self.startPTS = startPTS
        self.audio = audio
        self.droppedStreams = droppedStreams
        self.expectedFrameCount = expectedFrameCount
    }

    /// Describes the recording of `source`'s frames after a processor that
    /// produces `format`: its timing, rotation, trim, audio and colour tags.
    public init(source: AssetSource, format: FrameFormat) {
        let metadata = source.metadata
        let options = source.options
        var expected = options.start == nil && options.duration == nil ? metadata.frameCount : nil
        if let limit = options.frameLimit { expected = min(expected ?? limit, limit) }
        self.init(
            format: format,
            timeBase: metadata.timeBase,
            frameRate: metadata.averageFrameRate ?? metadata.realFrameRate,
            rotation: metadata.rotation,
            startPTS: source.trimStartPTS ?? 0,
            audio: metadata.audio.map { audio in
                let start = options.start.map { (metadata.startTime ?? 0) + $0 }
                return AudioSourceTrack(
                    url: metadata.url, streamIndex: audio.streamIndex, start: start,
                    end: options.duration.map { (start ?? metadata.startTime ?? 0) + $0 })
            },
            droppedStreams: metadata.otherStreams,
            expectedFrameCount: expected)
        sourceColor = (metadata.colorimetry, source.colorTags)
    }
}

/// An audio stream to copy or re-encode into a recording.
public struct AudioSourceTrack: Sendable, Hashable {
    /// The file that holds the audio (usually the video source).
    public var url: URL
    /// The audio stream's index in that file.
    public var streamIndex: Int
    /// The window of the source timeline to take, in seconds; packets before
    /// `start` are skipped and timestamps are shifted so `start` becomes 0.
    public var start: Double?
    /// The end of the window, in seconds of the source timeline.
    public var end: Double?

    public init(url: URL, streamIndex: Int, start: Double? = nil, end: Double? = nil) {
        self.url = url
        self.streamIndex = streamIndex
        self.start = start
        self.end = end
    }
}
