import CFFmpeg

/// The encoding half of every audio stream the recorder makes: PCM frames
/// of any shape go in, are resampled (libswresample) to the encoder's
/// sample format, rate and channel layout, cut into the encoder's frame
/// size, encoded, and come out as packets of one output stream.
///
/// A transcoded source stream (`AudioTranscoder`) and a program's own
/// samples (`GeneratedAudioTrack`) both end here, so both get the same
/// timing and the same end-of-stream handling.
///
/// @unchecked Sendable: used only by the recorder, one call at a time.
final class AudioEncoding: @unchecked Sendable {
    let encoder: FFCodecContext
    let output: UnsafeMutablePointer<AVStream>
    /// The encoder's own name, e.g. `aac`.
    let encoderName: String
    /// Made from the first frame queued, which says what the input really is.
    private var resampler: FFResampler?
    private let fifo: FFAudioFifo
    private let frameSize: Int32
    private let packet: FFPacket
    /// The next encoder pts, in samples on the output's timeline; nil until
    /// the first samples say where they start.
    private(set) var nextPTS: Int64?
    private var finished = false

    /// Opens `encoderName` for `channels` channels at (about) `sampleRate`
    /// and `bitrate` bits per second (nil: 64 kb/s a channel), and adds
    /// its stream to `muxer`.
    init(encoderName: String, sampleRate: Int32, channels: Int32, bitrate: Int? = nil, muxer: FFOutputContext)
        throws(AVError)
    {
        guard let encoding = avcodec_find_encoder_by_name(encoderName) else { throw .encoderNotFound }
        encoder = try FFCodecContext(codec: encoding)
        self.encoderName = String(cString: encoding.pointee.name)
        let raw = encoder.pointer
        raw.pointee.sample_fmt = encoding.pointee.sample_fmts?.pointee ?? AV_SAMPLE_FMT_FLTP
        raw.pointee.sample_rate = Self.sampleRate(sampleRate, supported: AudioTarget.sampleRates(of: encoding))
        let count = min(channels, Int32(AudioTarget.maximumChannels(encoderName)))
        av_channel_layout_default(&raw.pointee.ch_layout, max(count, 1))
        raw.pointee.time_base = AVRational(num: 1, den: raw.pointee.sample_rate)
        raw.pointee.bit_rate = Int64(bitrate ?? 64_000 * Int(max(count, 1)))
        if muxer.wantsGlobalHeader { raw.pointee.flags |= Int32(cav_codec_flag_global_header()) }
        if encoding.pointee.capabilities & Int32(cav_codec_cap_experimental()) != 0 {
            raw.pointee.strict_std_compliance = FF_COMPLIANCE_EXPERIMENTAL
        }
        try encoder.open()
        fifo = try FFAudioFifo(format: raw.pointee.sample_fmt, channels: raw.pointee.ch_layout.nb_channels)
        packet = try FFPacket()
        output = try muxer.addStream()
        try check(avcodec_parameters_from_context(output.pointee.codecpar, raw))
        output.pointee.time_base = raw.pointee.time_base
        frameSize = raw.pointee.frame_size > 0 ? raw.pointee.frame_size : 1024
    }

    /// The encoder's sample rate.
    var sampleRate: Int32 { encoder.pointer.pointee.sample_rate }

    /// Says where the first samples start, in the encoder's samples; only
    /// the first call counts.
    func startIfNeeded(at pts: Int64) {
        if nextPTS == nil { nextPTS = pts }
    }

    /// Resamples `frame` into the buffer. A frame of another shape than
    /// the last one drains the old resampler first.
    func queue(_ frame: FFFrame) throws {
        startIfNeeded(at: 0)
        if let old = resampler, !old.accepts(frame) {
            try fifo.write(try old.convert(nil))
            resampler = nil
        }
        let current = try resampler ?? FFResampler(input: frame, to: encoder.pointer)
        resampler = current
        try fifo.write(try current.convert(frame))
    }

    /// Encodes every whole encoder frame buffered.
    func encodeWholeFrames(_ emit: (FFPacket) throws(MediaError) -> Void) throws {
        while fifo.count >= frameSize {
            try encode(count: frameSize)
            try drainEncoder(emit)
        }
    }

    /// No more input: what the resampler holds, the last short frame and
    /// the encoder's delay are written. Samples past `end` (output seconds)
    /// are left out. Only the first call does anything.
    func finish(end: Double?, _ emit: (FFPacket) throws(MediaError) -> Void) throws {
        guard !finished else { return }
        finished = true
        if let resampler { try fifo.write(try resampler.convert(nil)) }
        if let end, let first = nextPTS {
            let allowed = max(Int64((end * Double(sampleRate)).rounded()) - first, 0)
            if Int64(fifo.count) > allowed { try keepOnly(Int32(allowed)) }
        }
        try encodeWholeFrames(emit)
        if fifo.count > 0 { try encode(count: fifo.count) }
        try encoder.send(nil as FFFrame?)
        try drainEncoder(emit)
    }

    /// Leaves only the first `count` samples in the buffer.
    private func keepOnly(_ count: Int32) throws {
        let kept = try makeFrame(samples: count)
        if count > 0 { try fifo.read(into: kept, count: count) }
        fifo.reset()
        if count > 0 { try fifo.write(kept) }
    }

    private func makeFrame(samples: Int32) throws -> FFFrame {
        let frame = try FFFrame()
        let raw = frame.pointer
        raw.pointee.nb_samples = samples
        raw.pointee.format = encoder.pointer.pointee.sample_fmt.rawValue
        raw.pointee.sample_rate = sampleRate
        try check(av_channel_layout_copy(&raw.pointee.ch_layout, &encoder.pointer.pointee.ch_layout))
        if samples > 0 { try check(av_frame_get_buffer(raw, 0)) }
        return frame
    }

    private func encode(count: Int32) throws {
        let frame = try makeFrame(samples: count)
        try fifo.read(into: frame, count: count)
        frame.pointer.pointee.pts = nextPTS ?? 0
        nextPTS = (nextPTS ?? 0) + Int64(count)
        try encoder.send(frame)
    }

    private func drainEncoder(_ emit: (FFPacket) throws(MediaError) -> Void) throws {
        while try encoder.receive(into: packet) {
            av_packet_rescale_ts(packet.pointer, encoder.pointer.pointee.time_base, output.pointee.time_base)
            packet.pointer.pointee.stream_index = output.pointee.index
            try emit(packet)
        }
    }

    private static func sampleRate(_ rate: Int32, supported: [Int32]?) -> Int32 {
        guard let rates = supported else { return rate > 0 ? rate : 48000 }
        return rates.contains(rate) ? rate : (rates.contains(48000) ? 48000 : rates.max() ?? 48000)
    }
}

extension MediaError {
    /// Runs an audio track's FFmpeg calls: a `MediaError` passes through;
    /// any other error becomes `audioFailed` for the track `summary` names.
    static func audioStep(path: String, summary: String, _ body: () throws -> Void) throws(MediaError) {
        do {
            try body()
        } catch let error as MediaError {
            throw error
        } catch {
            throw .audioFailed(path: path, detail: "\(summary): \(error)")
        }
    }
}
