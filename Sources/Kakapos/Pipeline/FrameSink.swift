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
    /// Subtracted from every timestamp: where the output's 0 is (the trim
    /// start, or the source's start time).
    public var startPTS: Int64
    /// The streams to carry besides the video, if any.
    public var companions: CompanionStreams?
    /// The field order to tag the video with (the filters keep both fields
    /// of a frame where they are).
    public var fieldOrder: FieldOrder?
    /// The number of frames expected, when known.
    public var expectedFrameCount: Int?
    /// Audio the program will append itself (`RecorderSink.appendAudio`),
    /// written as the container's audio codec; nil for none.
    public var audio: PCMAudioFormat?
    /// The pixel format the source decodes to (FFmpeg's name, e.g.
    /// `yuva444p10le`), so the recorder can say what the output loses of it.
    public var sourcePixelFormat: String?
    /// The source's colorimetry and raw primaries/transfer: when the frames
    /// still have this colorimetry, the raw tags are written too.
    var sourceColor: (colorimetry: Colorimetry?, tags: ColorTags)?

    public init(
        format: FrameFormat, timeBase: Rational, frameRate: Rational? = nil, rotation: Int = 0, startPTS: Int64 = 0,
        companions: CompanionStreams? = nil, fieldOrder: FieldOrder? = nil, expectedFrameCount: Int? = nil,
        audio: PCMAudioFormat? = nil
    ) {
        self.format = format
        self.timeBase = timeBase
        self.frameRate = frameRate
        self.rotation = rotation
        self.startPTS = startPTS
        self.companions = companions
        self.fieldOrder = fieldOrder
        self.expectedFrameCount = expectedFrameCount
        self.audio = audio
    }

    /// Describes the recording of `source`'s frames after a processor that
    /// produces `format`: its timing, rotation, trim, colour tags, field
    /// order, and the streams to carry besides the video (every audio,
    /// subtitle and attachment stream, cover art and the timecode, or what
    /// `maps` choose), with the chapters and metadata.
    ///
    /// The output's timeline starts at 0 where the source's does (its
    /// file's start time, 11.4 s for a transport stream cut from a
    /// broadcast), or at the trim start, keeping the streams' offsets to
    /// one another, as FFmpeg does; `keepTimestamps` keeps the source's
    /// timestamps instead (FFmpeg's `-copyts`).
    public init(
        source: AssetSource, format: FrameFormat, maps: [StreamMap] = [], keepTimestamps: Bool = false
    ) throws(StreamMapError) {
        let metadata = source.metadata
        let options = source.options
        // The file's timeline starts at its earliest stream; a trim counts from there.
        let fileStart = metadata.fileStartTime ?? metadata.startTime ?? 0
        let trimStart = options.start.map { fileStart + $0 }
        let zero = keepTimestamps ? 0 : (trimStart ?? fileStart)
        let selection = try StreamMap.select(metadata.streams, maps: maps, video: metadata.videoStreamIndex)
        // Without maps, what the default selection leaves out is named.
        let excluded =
            maps.isEmpty
            ? metadata.streams.filter { stream in
                stream.index != selection.video && !selection.others.contains(stream.index)
            }.map { stream in
                stream.kind == .video
                    ? "\(stream): only one video stream is filtered (--map 0:v:\(stream.indexInKind) picks this one)"
                    : "\(stream): \(stream.kind.rawValue) streams other than a timecode track are not carried"
            }
            : []
        let companions = CompanionStreams(
            url: metadata.url, streams: selection.others, videoStream: metadata.videoStreamIndex, start: trimStart,
            end: options.duration.map { (trimStart ?? fileStart) + $0 }, endWithVideo: options.frameLimit != nil,
            zero: zero, timecodeOffset: options.start ?? 0, excluded: excluded)
        self.init(
            format: format,
            timeBase: metadata.timeBase,
            frameRate: metadata.averageFrameRate ?? metadata.realFrameRate,
            rotation: metadata.rotation,
            startPTS: AssetSource.secondsToTicks(zero, metadata.timeBase),
            companions: companions.streams.isEmpty && metadata.chapters.isEmpty && metadata.tags.isEmpty
                && metadata.timecode == nil && excluded.isEmpty ? nil : companions,
            fieldOrder: metadata.fieldOrder,
            expectedFrameCount: source.expectedFrameCount)
        sourcePixelFormat = metadata.pixelFormat
        sourceColor = (metadata.colorimetry, source.colorTags)
    }
}

extension AssetSource {
    /// The number of frames the source will deliver, when known.
    public var expectedFrameCount: Int? {
        var expected = options.start == nil && options.duration == nil ? metadata.frameCount : nil
        if let limit = options.frameLimit { expected = min(expected ?? limit, limit) }
        return expected
    }
}
