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

/// Decodes one audio stream and re-encodes it (AAC, or Opus for webm)
/// through `AudioEncoding`, shifted onto the output's timeline and cut to
/// the span.
///
/// @unchecked Sendable: used only by the recorder, one call at a time.
final class AudioTranscoder: CompanionTrack, @unchecked Sendable {
    let sourceIndex: Int
    let summary: String
    private let decoder: FFCodecContext
    private let encoding: AudioEncoding
    private let path: String
    private let decoded: FFFrame
    private let timing: TrackTiming
    /// The audio filter chain between the decoder and the encoder, if any.
    private let filtering: AudioFiltering?
    private var finished = false

    init(
        source: UnsafeMutablePointer<AVStream>, muxer: FFOutputContext, target: AudioTarget,
        companions: CompanionStreams, filter: AudioFilterChain? = nil, path: String
    ) throws(MediaError) {
        let encoderName = target.name
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
        do {
            decoder = try FFCodecContext(codec: decoding)
            try check(avcodec_parameters_to_context(decoder.pointer, parameters))
            decoder.pointer.pointee.pkt_timebase = source.pointee.time_base
            try decoder.open()
            decoded = try FFFrame()
        } catch {
            throw fail("cannot open the \(sourceCodec) decoder", error)
        }
        let input = decoder.pointer.pointee
        do {
            let opened = decoder
            filtering = try filter.map { chain throws(AVError) in
                try AudioFiltering(chain, decoder: opened, timeBase: source.pointee.time_base)
            }
        } catch {
            throw .audioFailed(
                path: path, detail: "audio filter chain '\(filter?.text ?? "")' refused by libavfilter: \(error)")
        }
        // The encoder takes the chain's rate and channels, unless told others.
        let shape: (sampleRate: Int32, channels: Int32) =
            filtering?.output ?? (input.sample_rate, input.ch_layout.nb_channels)
        do {
            encoding = try AudioEncoding(
                encoderName: encoderName, sampleRate: target.sampleRate.map(Int32.init) ?? shape.sampleRate,
                channels: target.channels.map(Int32.init) ?? shape.channels, bitrate: target.bitrate,
                muxer: muxer)
        } catch {
            throw error == .encoderNotFound
                ? .audioFailed(path: path, detail: "encoder \(encoderName) is not installed")
                : fail("cannot set up \(encoderName)", error)
        }
        summary = "\(encoding.encoderName) (\(filter == nil ? "" : "filtered, ")re-encoded from \(sourceCodec))"
    }

    var outputStream: UnsafeMutablePointer<AVStream> { encoding.output }

    func write(_ packet: FFPacket, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        try run {
            do {
                try decoder.send(packet)
            } catch let error as AVError {
                // A damaged audio packet is skipped, as a player would.
                guard error == .invalidData else { throw error }
            }
            packet.unref()
            try drainDecoder()
            try encoding.encodeWholeFrames(emit)
        }
    }

    func finish(end: Double?, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        guard !finished else { return }
        finished = true
        try run {
            try decoder.send(nil as FFPacket?)
            try drainDecoder()
            try filtering?.filter(nil) { try encoding.queue($0) }
            try encoding.finish(end: end, emit)
        }
    }

    /// Runs FFmpeg calls, turning their errors into this track's error.
    private func run(_ body: () throws -> Void) throws(MediaError) {
        try MediaError.audioStep(path: path, summary: summary, body)
    }

    private func drainDecoder() throws {
        while try decoder.receive(into: decoded) {
            let result = Result { try queueDecodedFrame() }
            decoded.unref()
            try result.get()
        }
    }

    /// Queues the decoded frame for encoding, if it lies in the span.
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
            encoding.startIfNeeded(
                at: av_rescale_q(shifted, timing.sourceBase, encoding.encoder.pointer.pointee.time_base))
        }
        if let filtering {
            try filtering.filter(decoded) { try encoding.queue($0) }
        } else {
            try encoding.queue(decoded)
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
