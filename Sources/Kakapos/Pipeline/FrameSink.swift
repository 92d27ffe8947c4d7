import Foundation
import Harbeth

/// Where a pipeline's processed frames go: a file (`RecorderSink`),
/// nowhere (`NullSink`, for timing), memory (`FrameCollector`), or any
/// type with the same lifecycle: `begin` once, `append` for each frame,
/// then `finish()` or `cancel()`.
public protocol FrameSink: AnyObject, Sendable {
    /// What a successful finish returns.
    associatedtype Product: Sendable

    /// Prepares for frames of `input.format` (opens encoders and files).
    func begin(_ input: SinkInput) throws(MediaError)
    /// Takes one frame, in presentation order.
    func append(_ frame: TimedFrame) throws(MediaError)
    /// Stops taking frames and completes the output. Called once, after
    /// the last `append`; a second call returns the same product or error.
    func finish() throws(MediaError) -> Product
    /// Abandons the output. Idempotent; nothing is left behind.
    func cancel()
}

/// What a sink needs to know before the first frame: what the frames are,
/// how they are timed, and what else the output should carry.
public struct SinkInput: Sendable {
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
    /// Streams of other files carried as well, each as `companions` is and
    /// written after it: input 0's subtitles, chapters and metadata beside
    /// a crossfade's mixed sound, say. Empty for most runs.
    public var additionalCompanions: [CompanionStreams] = []

    /// `companions`, if any, then `additionalCompanions`.
    var everyCompanion: [CompanionStreams] { (companions.map { [$0] } ?? []) + additionalCompanions }
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
    /// True when every frame's alpha is 1: the source has none and the
    /// processor makes none (`FrameProcessor.keepsOpaqueFramesOpaque`).
    /// The recorder then encodes an RGBA frame as the encoder's format
    /// without alpha (an RGB PNG stays RGB), which loses nothing.
    public var framesAreOpaque = false
    /// The shape of the output's pixels (its sample aspect ratio): the
    /// source's as the processor leaves it
    /// (`FrameProcessor.sampleAspectRatio(_:for:)`); nil when the source
    /// declares none, which the output does not declare either.
    public var sampleAspectRatio: SampleAspectRatio?
    /// True when `audio` is the source's own sound, decoded from a live
    /// input and handed on with the frames (`TimedFrame.audio`), rather
    /// than a program's: the recorder leaves it out with `AudioMode.none`
    /// and from a still image.
    public var audioIsCaptured = false
    /// What the source could not hand on, one line each, for the sink's
    /// notes (a live input's other streams, which it reads only once).
    public var droppedBySource: [String] = []
    /// For a processor with several outputs (`MultiOutputFrameProcessor`),
    /// the formats of outputs 1, 2, ... (`format` is output 0's), which
    /// a `RecorderGroup` opens its other recorders for; empty otherwise.
    public var otherOutputFormats: [FrameFormat] = []
    /// With several outputs, the shape of the pixels of each output after
    /// the first, as `sampleAspectRatio` is output 0's; empty otherwise.
    public var otherOutputSampleAspectRatios: [SampleAspectRatio?] = []
    /// The source's HDR10 static metadata: written to the output when it
    /// stays HDR (PQ or HLG), else dropped with a note.
    public var hdrMetadata: HDRMetadata?
    /// The source's colorimetry and raw primaries/transfer: when the frames
    /// still have this colorimetry, the raw tags are written too.
    var sourceColor: (colorimetry: Colorimetry?, tags: ColorTags)?

    /// Describes what a sink will receive; each parameter sets the property of the same name, and only `format`
    /// and `timeBase` are required. `sourcePixelFormat` starts nil.
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
}

extension AssetSource {
    /// The number of frames the source will deliver, when known.
    public var expectedFrameCount: Int? {
        var expected = options.start == nil && options.duration == nil && options.loops == 0 ? metadata.frameCount : nil
        if let limit = options.frameLimit { expected = min(expected ?? limit, limit) }
        return expected
    }
}
