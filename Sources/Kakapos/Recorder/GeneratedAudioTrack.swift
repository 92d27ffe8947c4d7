import CFFmpeg

/// The shape of audio samples a program makes itself: 32-bit float PCM,
/// channels interleaved (left, right, left, right, ... for stereo), in
/// -1...1. A recording declares it in `SinkInput.audio`, and
/// `RecorderSink.appendAudio(_:)` takes the samples.
public struct PCMAudioFormat: Sendable, Hashable {
    /// Samples per second per channel, e.g. 48000.
    public var sampleRate: Int
    /// 1 for mono, 2 for stereo, up to 8.
    public var channelCount: Int

    /// A format of `sampleRate` samples per second per channel and `channelCount` channels; 48 kHz stereo by default.
    public init(sampleRate: Int = 48000, channelCount: Int = 2) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
    }
}

/// A program's own audio on its way into a recording: interleaved float
/// samples in, packets of the container's audio codec (AAC, or Opus for
/// webm) out, through `AudioEncoding`. The first sample is at 0 on the
/// output's timeline, and every sample follows the one before.
///
/// @unchecked Sendable: driven only by `RecorderSink`, one call at a time.
final class GeneratedAudioTrack: @unchecked Sendable {
    let format: PCMAudioFormat
    private let encoding: AudioEncoding
    private let path: String
    private var framesReceived = 0

    init(_ format: PCMAudioFormat, target: AudioTarget?, muxer: FFOutputContext, path: String) throws(MediaError) {
        guard let target else { throw .audioNotDeclared(path: path) }
        guard format.sampleRate > 0, (1...8).contains(format.channelCount) else {
            throw .audioFailed(
                path: path,
                detail:
                    "\(format.sampleRate) Hz and \(format.channelCount) channels: give a positive rate and 1 to 8 channels"
            )
        }
        self.format = format
        self.path = path
        do {
            encoding = try AudioEncoding(
                encoderName: target.name, sampleRate: Int32(target.sampleRate ?? format.sampleRate),
                channels: Int32(target.channels ?? format.channelCount), bitrate: target.bitrate, muxer: muxer)
        } catch {
            throw .audioFailed(path: path, detail: "cannot set up \(target.name) for generated audio: \(error)")
        }
    }

    /// What the clip's `audio` says, e.g. `aac (from 48000 Hz 2-channel samples)`.
    var summary: String {
        "\(encoding.encoderName) (from \(format.sampleRate) Hz \(format.channelCount)-channel samples)"
    }

    /// The seconds of audio taken so far.
    var seconds: Double { Double(framesReceived) / Double(format.sampleRate) }

    /// Places the first sample at `seconds` on the output's timeline
    /// (before any is appended; 0 otherwise).
    func start(at seconds: Double) {
        encoding.startIfNeeded(at: Int64((max(seconds, 0) * Double(format.sampleRate)).rounded()))
    }

    func append(_ samples: [Float], emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        let channels = format.channelCount
        guard samples.count % channels == 0 else {
            throw .audioSamplesNotWholeFrames(path: path, count: samples.count, channels: channels)
        }
        guard !samples.isEmpty else { return }
        try run {
            let frame = try FFFrame()
            let raw = frame.pointer
            raw.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
            raw.pointee.sample_rate = Int32(format.sampleRate)
            raw.pointee.nb_samples = Int32(samples.count / channels)
            av_channel_layout_default(&raw.pointee.ch_layout, Int32(channels))
            try check(av_frame_get_buffer(raw, 0))
            samples.withUnsafeBytes { bytes in
                raw.pointee.data.0!.update(from: bytes.bindMemory(to: UInt8.self).baseAddress!, count: bytes.count)
            }
            try encoding.queue(frame)
            try encoding.encodeWholeFrames(emit)
        }
        framesReceived += samples.count / channels
    }

    /// Writes what is buffered and the encoder's delay; nothing is cut.
    func finish(emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        try run { try encoding.finish(end: nil, emit) }
    }

    /// Runs FFmpeg calls, turning their errors into this track's error.
    private func run(_ body: () throws -> Void) throws(MediaError) {
        try MediaError.audioStep(path: path, summary: summary, body)
    }
}
