import CFFmpeg
import Foundation

/// One companion stream on its way into a recording: each packet of its
/// source stream goes in, packets for the output stream come out.
protocol CompanionTrack: AnyObject {
    /// The source stream's index.
    var sourceIndex: Int { get }
    /// What happened to it, e.g. `aac (copied)`.
    var summary: String { get }
    /// Takes one packet of the source stream (its reference is consumed).
    func write(_ packet: FFPacket, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError)
    /// No more packets: writes what is buffered. `end` is the output's end
    /// in seconds (after the shift), for trimming decoded audio exactly.
    func finish(end: Double?, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError)
}

/// The shift from a source stream's timeline to the output's: `zero`
/// seconds become 0 and the span's start cuts what begins before it.
struct TrackTiming {
    let sourceBase: AVRational
    /// `zero` in source ticks.
    let zeroTicks: Int64
    /// The span's start in output seconds (nil: no cut).
    let startSeconds: Double?

    init(stream: UnsafeMutablePointer<AVStream>, companions: CompanionStreams) {
        sourceBase = stream.pointee.time_base
        zeroTicks = AssetSource.secondsToTicks(companions.zero, Rational(stream.pointee.time_base))
        startSeconds = companions.start.map { $0 - companions.zero }
    }
}

/// Copies packets unchanged (`-c copy`), shifted onto the output's
/// timeline. A subtitle that starts before the span but is still showing
/// at its start is kept from the start.
final class PacketCopier: CompanionTrack, @unchecked Sendable {
    // @unchecked: used only by the recorder, one call at a time.
    let sourceIndex: Int
    let summary: String
    private let output: UnsafeMutablePointer<AVStream>
    private let timing: TrackTiming
    private let clipsStart: Bool

    init(
        source: UnsafeMutablePointer<AVStream>, muxer: FFOutputContext, companions: CompanionStreams, path: String
    ) throws(MediaError) {
        sourceIndex = Int(source.pointee.index)
        timing = TrackTiming(stream: source, companions: companions)
        clipsStart = source.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE
        do {
            output = try muxer.addStream()
            try check(avcodec_parameters_copy(output.pointee.codecpar, source.pointee.codecpar))
        } catch {
            throw .audioFailed(path: path, detail: "cannot add a copy of stream \(sourceIndex): \(error)")
        }
        // Let the muxer choose its own tag for the codec.
        output.pointee.codecpar.pointee.codec_tag = 0
        output.pointee.time_base = source.pointee.time_base
        summary = "\(String(cString: avcodec_get_name(source.pointee.codecpar.pointee.codec_id))) (copied)"
    }

    var outputStream: UnsafeMutablePointer<AVStream> { output }

    func write(_ packet: FFPacket, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        let raw = packet.pointer
        let nopts = cav_nopts_value()
        if raw.pointee.pts != nopts { raw.pointee.pts -= timing.zeroTicks }
        if raw.pointee.dts != nopts { raw.pointee.dts -= timing.zeroTicks }
        if clipsStart, let start = timing.startSeconds, raw.pointee.pts != nopts {
            let startTicks = AssetSource.secondsToTicks(start, Rational(timing.sourceBase))
            if raw.pointee.pts < startTicks {
                raw.pointee.duration -= startTicks - raw.pointee.pts
                raw.pointee.pts = startTicks
                raw.pointee.dts = startTicks
            }
        }
        // The muxer may have changed the stream's time base in its header.
        av_packet_rescale_ts(raw, timing.sourceBase, output.pointee.time_base)
        raw.pointee.stream_index = output.pointee.index
        raw.pointee.pos = -1
        try emit(packet)
    }

    func finish(end: Double?, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {}
}

/// Decodes, resamples and encodes one audio stream (AAC, or Opus for webm).
///
/// @unchecked Sendable: used only by the recorder, one call at a time.
final class AudioTranscoder: CompanionTrack, @unchecked Sendable {
    let sourceIndex: Int
    let summary: String
    private let decoder: FFCodecContext
    private let encoder: FFCodecContext
    /// Made from the first decoded frame, which says what the decoder really gives.
    private var resampler: FFResampler?
    private let fifo: FFAudioFifo
    private let output: UnsafeMutablePointer<AVStream>
    private let path: String
    private let frameSize: Int32
    private let decoded: FFFrame
    private let packet: FFPacket
    private let timing: TrackTiming
    /// Next encoder pts, in samples on the output's timeline; set by the first kept samples.
    private var nextPTS: Int64?
    private var finished = false

    init(
        source: UnsafeMutablePointer<AVStream>, muxer: FFOutputContext, encoderName: String,
        companions: CompanionStreams, path: String
    ) throws(MediaError) {
        self.path = path
        sourceIndex = Int(source.pointee.index)
        timing = TrackTiming(stream: source, companions: companions)
        let parameters = source.pointee.codecpar!
        let sourceCodec = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        func fail(_ what: String, _ error: AVError) -> MediaError {
            .audioFailed(path: path, detail: "\(what): \(error)")
        }
        guard let decoding = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw .audioFailed(path: path, detail: "no decoder for \(sourceCodec)")
        }
        guard let encoding = avcodec_find_encoder_by_name(encoderName) else {
            throw .audioFailed(path: path, detail: "encoder \(encoderName) is not installed")
        }
        do {
            decoder = try FFCodecContext(codec: decoding)
            try check(avcodec_parameters_to_context(decoder.pointer, parameters))
            decoder.pointer.pointee.pkt_timebase = source.pointee.time_base
            try decoder.open()
        } catch {
            throw fail("cannot open the \(sourceCodec) decoder", error)
        }
        let input = decoder.pointer.pointee
        do {
            encoder = try FFCodecContext(codec: encoding)
        } catch {
            throw fail("cannot make the \(encoderName) encoder", error)
        }
        let raw = encoder.pointer
        raw.pointee.sample_fmt = encoding.pointee.sample_fmts?.pointee ?? AV_SAMPLE_FMT_FLTP
        raw.pointee.sample_rate = Self.sampleRate(input.sample_rate, supported: encoding.pointee.supported_samplerates)
        let channels =
            encoderName == "libopus" ? min(input.ch_layout.nb_channels, 2) : min(input.ch_layout.nb_channels, 8)
        av_channel_layout_default(&raw.pointee.ch_layout, max(channels, 1))
        raw.pointee.time_base = AVRational(num: 1, den: raw.pointee.sample_rate)
        raw.pointee.bit_rate = Int64(64_000 * max(channels, 1))
        if muxer.wantsGlobalHeader { raw.pointee.flags |= Int32(cav_codec_flag_global_header()) }
        if encoding.pointee.capabilities & Int32(cav_codec_cap_experimental()) != 0 {
            raw.pointee.strict_std_compliance = FF_COMPLIANCE_EXPERIMENTAL
        }
        do {
            try encoder.open()
            fifo = try FFAudioFifo(format: raw.pointee.sample_fmt, channels: raw.pointee.ch_layout.nb_channels)
            decoded = try FFFrame()
            packet = try FFPacket()
            output = try muxer.addStream()
            try check(avcodec_parameters_from_context(output.pointee.codecpar, raw))
        } catch {
            throw fail("cannot set up \(encoderName)", error)
        }
        output.pointee.time_base = raw.pointee.time_base
        frameSize = raw.pointee.frame_size > 0 ? raw.pointee.frame_size : 1024
        summary = "\(String(cString: encoding.pointee.name)) (re-encoded from \(sourceCodec))"
    }

    var outputStream: UnsafeMutablePointer<AVStream> { output }

    private static func sampleRate(_ rate: Int32, supported: UnsafePointer<Int32>?) -> Int32 {
        guard var list = supported else { return rate > 0 ? rate : 48000 }
        var rates: [Int32] = []
        while list.pointee != 0 {
            rates.append(list.pointee)
            list += 1
        }
        return rates.contains(rate) ? rate : (rates.contains(48000) ? 48000 : rates.max() ?? 48000)
    }

    func write(_ packet: FFPacket, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        try run {
            do {
                try decoder.send(packet)
            } catch let error as AVError {
                // A damaged audio packet is skipped, as a player would.
                guard error == .invalidData else { throw error }
            }
            packet.unref()
            try drainDecoder(end: nil)
            try encodeWholeFrames(emit)
        }
    }

    func finish(end: Double?, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        guard !finished else { return }
        finished = true
        try run {
            try decoder.send(nil as FFPacket?)
            try drainDecoder(end: end)
            // Whatever the resampler still holds belongs at the end.
            if let resampler { try fifo.write(try resampler.convert(nil)) }
            if let end, let first = nextPTS {
                // Samples past the end (the video's, when it was cut by a frame count) are left out.
                let rate = Double(encoder.pointer.pointee.sample_rate)
                let allowed = Int64((end * rate).rounded()) - first
                let excess = Int64(fifo.count) - max(allowed, 0)
                if excess > 0 { try keepOnly(Int32(max(allowed, 0))) }
            }
            try encodeWholeFrames(emit)
            if fifo.count > 0 { try encode(count: fifo.count) }
            try encoder.send(nil as FFFrame?)
            try drainEncoder(emit)
        }
    }

    /// Runs FFmpeg calls, turning their errors into this track's error.
    private func run(_ body: () throws -> Void) throws(MediaError) {
        do {
            try body()
        } catch let error as MediaError {
            throw error
        } catch {
            throw .audioFailed(path: path, detail: "\(summary): \(error)")
        }
    }

    private func drainDecoder(end: Double?) throws {
        while try decoder.receive(into: decoded) {
            let result = Result { try queueDecodedFrame() }
            decoded.unref()
            try result.get()
        }
    }

    /// Resamples the decoded frame into the fifo, if it lies in the span.
    private func queueDecodedFrame() throws {
        let raw = decoded.pointer.pointee
        let nopts = cav_nopts_value()
        let pts = raw.best_effort_timestamp != nopts ? raw.best_effort_timestamp : raw.pts
        if pts != nopts {
            let length = av_rescale_q(
                Int64(raw.nb_samples), AVRational(num: 1, den: raw.sample_rate), timing.sourceBase)
            let shifted = pts - timing.zeroTicks
            if let start = timing.startSeconds,
                Double(shifted + length) * av_q2d(timing.sourceBase) <= start
            {
                return
            }
            if nextPTS == nil {
                nextPTS = av_rescale_q(shifted, timing.sourceBase, encoder.pointer.pointee.time_base)
            }
        } else if nextPTS == nil {
            nextPTS = 0
        }
        if let old = resampler, !old.accepts(decoded) {
            // The input changed shape: drain the old resampler first.
            try fifo.write(try old.convert(nil))
            resampler = nil
        }
        let current = try resampler ?? FFResampler(input: decoded, to: encoder.pointer)
        resampler = current
        try fifo.write(try current.convert(decoded))
    }

    /// Leaves only the first `count` samples in the fifo.
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
        raw.pointee.sample_rate = encoder.pointer.pointee.sample_rate
        try check(av_channel_layout_copy(&raw.pointee.ch_layout, &encoder.pointer.pointee.ch_layout))
        if samples > 0 { try check(av_frame_get_buffer(raw, 0)) }
        return frame
    }

    private func encodeWholeFrames(_ emit: (FFPacket) throws(MediaError) -> Void) throws {
        while fifo.count >= frameSize {
            try encode(count: frameSize)
            try drainEncoder(emit)
        }
    }

    private func encode(count: Int32) throws {
        let frame = try makeFrame(samples: count)
        let raw = frame.pointer
        try fifo.read(into: frame, count: count)
        raw.pointee.pts = nextPTS ?? 0
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
}

/// Converts a text subtitle stream to the codec the container holds
/// (`mov_text` for mp4 and mov, `ass` for Matroska, `webvtt` for WebM), as
/// FFmpeg does for `-c:s mov_text`: decoded to styled text and encoded again.
///
/// @unchecked Sendable: used only by the recorder, one call at a time.
final class SubtitleTranscoder: CompanionTrack, @unchecked Sendable {
    let sourceIndex: Int
    let summary: String
    private let decoder: FFCodecContext
    private let encoder: FFCodecContext
    private let output: UnsafeMutablePointer<AVStream>
    private let timing: TrackTiming
    private let path: String
    private let packet: FFPacket

    init(
        source: UnsafeMutablePointer<AVStream>, muxer: FFOutputContext, encoderName: String,
        companions: CompanionStreams, path: String
    ) throws(MediaError) {
        self.path = path
        sourceIndex = Int(source.pointee.index)
        timing = TrackTiming(stream: source, companions: companions)
        let parameters = source.pointee.codecpar!
        let sourceCodec = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        guard let decoding = avcodec_find_decoder(parameters.pointee.codec_id),
            let encoding = avcodec_find_encoder_by_name(encoderName)
        else {
            throw .audioFailed(path: path, detail: "no \(sourceCodec) decoder or \(encoderName) encoder for subtitles")
        }
        do {
            decoder = try FFCodecContext(codec: decoding)
            try check(avcodec_parameters_to_context(decoder.pointer, parameters))
            decoder.pointer.pointee.pkt_timebase = source.pointee.time_base
            try decoder.open()
            encoder = try FFCodecContext(codec: encoding)
            encoder.pointer.pointee.time_base = source.pointee.time_base
            // The styles the text refers to travel in the header (ASS's [V4+ Styles]).
            if let header = decoder.pointer.pointee.subtitle_header, decoder.pointer.pointee.subtitle_header_size > 0 {
                let size = Int(decoder.pointer.pointee.subtitle_header_size)
                let copy = av_mallocz(size + 1).assumingMemoryBound(to: UInt8.self)
                copy.update(from: header, count: size)
                encoder.pointer.pointee.subtitle_header = copy
                encoder.pointer.pointee.subtitle_header_size = Int32(size)
            }
            try encoder.open()
            output = try muxer.addStream()
            try check(avcodec_parameters_from_context(output.pointee.codecpar, encoder.pointer))
            packet = try FFPacket()
        } catch {
            throw .audioFailed(
                path: path, detail: "cannot convert \(sourceCodec) subtitles to \(encoderName): \(error)")
        }
        output.pointee.time_base = source.pointee.time_base
        summary = "\(encoderName) (converted from \(sourceCodec))"
    }

    var outputStream: UnsafeMutablePointer<AVStream> { output }

    func write(_ source: FFPacket, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        let raw = source.pointer.pointee
        var subtitle = AVSubtitle()
        var got: Int32 = 0
        let decoded = avcodec_decode_subtitle2(decoder.pointer, &subtitle, &got, source.pointer)
        defer { avsubtitle_free(&subtitle) }
        guard decoded >= 0, got != 0, raw.pts != cav_nopts_value() else {
            source.unref()
            return
        }
        var start = raw.pts - timing.zeroTicks
        var duration = raw.duration > 0 ? raw.duration : Int64(subtitle.end_display_time)
        if let first = timing.startSeconds {
            let startTicks = AssetSource.secondsToTicks(first, Rational(timing.sourceBase))
            if start < startTicks {
                duration -= startTicks - start
                start = startTicks
            }
        }
        source.unref()
        guard duration > 0 else { return }
        // The encoder reads the times from the subtitle itself.
        subtitle.pts = av_rescale_q(start, timing.sourceBase, cav_time_base_q())
        subtitle.start_display_time = 0
        subtitle.end_display_time = UInt32(
            clamping: av_rescale_q(duration, timing.sourceBase, AVRational(num: 1, den: 1000)))
        let capacity = 1 << 16
        do {
            try check(av_new_packet(packet.pointer, Int32(capacity)))
            let size = avcodec_encode_subtitle(encoder.pointer, packet.pointer.pointee.data, Int32(capacity), &subtitle)
            try check(size)
            av_shrink_packet(packet.pointer, size)
        } catch {
            packet.unref()
            throw .audioFailed(path: path, detail: "\(summary): \(error)")
        }
        packet.pointer.pointee.pts = start
        packet.pointer.pointee.dts = start
        packet.pointer.pointee.duration = duration
        av_packet_rescale_ts(packet.pointer, timing.sourceBase, output.pointee.time_base)
        packet.pointer.pointee.stream_index = output.pointee.index
        try emit(packet)
    }

    func finish(end: Double?, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {}
}
