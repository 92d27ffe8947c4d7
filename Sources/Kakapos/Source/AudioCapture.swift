import CFFmpeg
import Foundation

/// The audio of a live input, decoded as it arrives: a live input is read
/// once, by the video's demuxer, so its audio packets are decoded on the
/// decode thread to 32-bit float samples (channels interleaved, the
/// stream's own rate and channel count) and handed on with the video
/// frames they belong to (`TimedFrame.audio`), which the recorder encodes
/// as the container's audio codec.
///
/// The samples are aligned to the video: the first frame delivered takes
/// the audio from its own time on (earlier samples are cut, a late start
/// is filled with silence), and each later frame takes what arrived since.
/// A frame the delivery policy drops takes no audio: the next one
/// delivered gets it, so dropping video never drops sound.
///
/// @unchecked Sendable: the decoder and resampler are used only on the
/// decode thread (`decode`); the samples are under `lock` (`take` runs on
/// the delivery queue).
final class AudioCapture: @unchecked Sendable {
    /// The stream's index in the demuxer.
    let streamIndex: Int32
    /// The samples' shape.
    let format: PCMAudioFormat
    private let codec: FFCodecContext
    private let timeBase: Rational
    private var resampler: FFResampler?
    private let frame: FFFrame

    private struct Buffer {
        var samples: [Float] = []
        /// The time of `samples[0]`, in seconds of the input.
        var start: Double?
        /// The first video frame's time, once one was delivered.
        var videoStart: Double?
        /// True once the samples were lined up with the video.
        var aligned = false
    }

    private let lock = NSLock()
    private var buffer = Buffer()

    /// An audio decoder for `stream` of `input`; nil when the stream cannot be decoded.
    init?(input: FFInputContext, stream index: Int) {
        let stream = input.stream(index)
        let parameters = stream.pointee.codecpar!
        guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id),
            parameters.pointee.sample_rate > 0, (1...8).contains(Int(parameters.pointee.ch_layout.nb_channels)),
            let context = try? FFCodecContext(codec: decoder),
            avcodec_parameters_to_context(context.pointer, parameters) >= 0
        else { return nil }
        context.pointer.pointee.pkt_timebase = stream.pointee.time_base
        guard (try? context.open()) != nil, let frame = try? FFFrame() else { return nil }
        streamIndex = Int32(index)
        codec = context
        timeBase = Rational(stream.pointee.time_base)
        format = PCMAudioFormat(
            sampleRate: Int(parameters.pointee.sample_rate), channelCount: Int(parameters.pointee.ch_layout.nb_channels)
        )
        self.frame = frame
    }

    /// Decodes one of the stream's packets into the buffer. A packet that
    /// does not decode is skipped: the sound has a gap, the video goes on.
    func decode(_ packet: FFPacket) {
        guard (try? codec.send(packet)) != nil else { return }
        while (try? codec.receive(into: frame)) == true {
            append(frame)
            av_frame_unref(frame.pointer)
        }
    }

    private func append(_ decoded: FFFrame) {
        let raw = decoded.pointer.pointee
        guard raw.nb_samples > 0, raw.ch_layout.nb_channels == Int32(format.channelCount),
            raw.sample_rate == Int32(format.sampleRate)
        else { return }
        if let old = resampler, !old.accepts(decoded) { resampler = nil }
        guard
            let converter = resampler
                ?? (try? FFResampler(
                    input: decoded, format: AV_SAMPLE_FMT_FLT, rate: Int32(format.sampleRate), layout: nil)),
            let converted = try? converter.convert(decoded)
        else { return }
        resampler = converter
        let count = Int(converted.pointer.pointee.nb_samples) * format.channelCount
        guard count > 0, let data = converted.pointer.pointee.data.0 else { return }
        let samples = data.withMemoryRebound(to: Float.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
        let pts = raw.best_effort_timestamp != cav_nopts_value() ? raw.best_effort_timestamp : raw.pts
        let time = pts != cav_nopts_value() ? Double(pts) * (timeBase.doubleValue ?? 0) : nil
        lock.withLock {
            if buffer.start == nil, buffer.samples.isEmpty { buffer.start = time }
            buffer.samples += samples
        }
    }

    /// The audio for a video frame at `time` (seconds of the input) that
    /// is about to be delivered: for the first, the samples from its time
    /// on; for later ones, everything that arrived since.
    func take(forFrameAt time: Double) -> [Float] {
        lock.withLock {
            defer { buffer.samples.removeAll(keepingCapacity: true) }
            if buffer.videoStart == nil { buffer.videoStart = time }
            guard !buffer.aligned else { return buffer.samples }
            // Lined up once, when both the video's start and the audio's are known.
            guard let videoStart = buffer.videoStart,
                let start = buffer.start ?? (buffer.samples.isEmpty ? nil : videoStart)
            else { return [] }
            buffer.aligned = true
            let channels = format.channelCount
            let offset = Int(((start - videoStart) * Double(format.sampleRate)).rounded()) * channels
            if offset > 0 { return [Float](repeating: 0, count: offset) + buffer.samples }
            return Array(buffer.samples.dropFirst(min(-offset, buffer.samples.count)))
        }
    }
}
