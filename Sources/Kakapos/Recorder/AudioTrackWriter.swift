import CFFmpeg
import Foundation

/// Puts a source's audio into a recording: packet for packet when the
/// container takes the codec, re-encoded otherwise. The recorder pulls audio
/// up to the time of each video packet, so the muxer's interleaving queue
/// stays short however long the file is.
protocol AudioTrackWriter: AnyObject {
    /// What happened to the audio, e.g. `aac (copied)`.
    var summary: String { get }
    /// Writes audio whose time (after the trim shift) is at most `limit`
    /// seconds; with nil, writes everything that is left and flushes.
    func write(upTo limit: Double?, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError)
}

/// Reads the packets of one audio stream of a file, within a window.
///
/// @unchecked Sendable: used only by the recorder under its work lock.
final class AudioPacketReader: @unchecked Sendable {
    let input: FFInputContext
    let stream: UnsafeMutablePointer<AVStream>
    let index: Int32
    /// The window in stream ticks, and the shift that moves its start to 0.
    let startTicks: Int64?
    let endTicks: Int64?
    let offsetTicks: Int64
    let packet: FFPacket
    private var holding = false
    private(set) var ended = false

    init(track: AudioSourceTrack, path: String) throws(MediaError) {
        do {
            input = try FFInputContext(path: track.url.path)
            packet = try FFPacket()
        } catch {
            throw .audioFailed(path: path, detail: "cannot open \(track.url.path): \(error)")
        }
        guard track.streamIndex < input.streamCount,
            input.stream(track.streamIndex).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
        else {
            throw .audioFailed(path: path, detail: "\(track.url.path) has no audio stream \(track.streamIndex)")
        }
        index = Int32(track.streamIndex)
        stream = input.stream(track.streamIndex)
        for other in 0..<input.streamCount where other != track.streamIndex {
            input.stream(other).pointee.discard = AVDISCARD_ALL
        }
        let timeBase = Rational(stream.pointee.time_base)
        startTicks = track.start.map { AssetSource.secondsToTicks($0, timeBase) }
        endTicks = track.end.map { AssetSource.secondsToTicks($0, timeBase) }
        offsetTicks = startTicks ?? 0
        if let startTicks {
            _ = av_seek_frame(input.pointer, index, startTicks, AVSEEK_FLAG_BACKWARD)
        }
    }

    var timeBase: AVRational { stream.pointee.time_base }

    /// The next packet in the window, left in `packet` (still holding it)
    /// until `take()`; nil at the end.
    func peek() throws(MediaError) -> FFPacket? {
        while !ended {
            if !holding {
                packet.unref()
                let read: Bool
                do { read = try input.read(into: packet) } catch {
                    // A damaged tail ends the audio rather than the recording.
                    ended = true
                    return nil
                }
                guard read else {
                    ended = true
                    return nil
                }
                guard packet.pointer.pointee.stream_index == index else { continue }
                holding = true
            }
            let raw = packet.pointer.pointee
            let time = raw.pts != cav_nopts_value() ? raw.pts : raw.dts
            if let startTicks, time != cav_nopts_value(), time + max(raw.duration, 0) <= startTicks {
                holding = false
                continue
            }
            if let endTicks, time != cav_nopts_value(), time >= endTicks {
                ended = true
                holding = false
                return nil
            }
            return packet
        }
        return nil
    }

    /// Seconds after the shift of the held packet.
    func seconds(of packet: FFPacket) -> Double {
        let raw = packet.pointer.pointee
        let time = raw.pts != cav_nopts_value() ? raw.pts : raw.dts
        guard time != cav_nopts_value() else { return 0 }
        return Double(time - offsetTicks) * av_q2d(timeBase)
    }

    /// Marks the held packet as consumed (its reference is moved or unrefed).
    func take() { holding = false }
}

/// Copies packets unchanged (`-c copy`).
///
/// @unchecked Sendable: used only by the recorder under its work lock.
final class AudioPacketCopier: AudioTrackWriter, @unchecked Sendable {
    private let reader: AudioPacketReader
    private let output: UnsafeMutablePointer<AVStream>
    let summary: String

    /// True when `container` is known to take the codec, or does not say.
    static func containerAccepts(_ output: FFOutputContext, codec: AVCodecID) -> Bool {
        avformat_query_codec(output.format, codec, FF_COMPLIANCE_NORMAL) != 0
    }

    init(reader: AudioPacketReader, output: FFOutputContext, path: String) throws(MediaError) {
        self.reader = reader
        do { self.output = try output.addStream() } catch {
            throw .audioFailed(path: path, detail: "cannot add the audio stream: \(error)")
        }
        do { try check(avcodec_parameters_copy(self.output.pointee.codecpar, reader.stream.pointee.codecpar)) } catch {
            throw .audioFailed(path: path, detail: "cannot copy the audio parameters: \(error)")
        }
        // Let the muxer choose its own tag for the codec.
        self.output.pointee.codecpar.pointee.codec_tag = 0
        self.output.pointee.time_base = reader.stream.pointee.time_base
        summary = "\(String(cString: avcodec_get_name(reader.stream.pointee.codecpar.pointee.codec_id))) (copied)"
    }

    func write(upTo limit: Double?, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        while let packet = try reader.peek() {
            if let limit, reader.seconds(of: packet) > limit { return }
            let raw = packet.pointer
            let nopts = cav_nopts_value()
            if raw.pointee.pts != nopts { raw.pointee.pts -= reader.offsetTicks }
            if raw.pointee.dts != nopts { raw.pointee.dts -= reader.offsetTicks }
            // The muxer may have changed the stream's time base in its header.
            av_packet_rescale_ts(raw, reader.timeBase, output.pointee.time_base)
            raw.pointee.stream_index = output.pointee.index
            raw.pointee.pos = -1
            reader.take()
            try emit(packet)
        }
    }
}

/// Decodes, resamples and encodes the audio (AAC, or Opus for webm).
///
/// @unchecked Sendable: used only by the recorder under its work lock.
final class AudioTranscoder: AudioTrackWriter, @unchecked Sendable {
    private let reader: AudioPacketReader
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
    /// Next encoder pts, in samples after the trim shift; set by the first kept samples.
    private var nextPTS: Int64?
    private var decoderFlushed = false
    private var decoderDrained = false
    private var encoderFlushed = false
    /// Seconds (after the shift) up to which decoded audio is in the fifo.
    private var decodedUpTo = -Double.infinity
    let summary: String

    init(reader: AudioPacketReader, output: FFOutputContext, encoderName: String, path: String) throws(MediaError) {
        self.reader = reader
        self.path = path
        let parameters = reader.stream.pointee.codecpar!
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
            decoder.pointer.pointee.pkt_timebase = reader.stream.pointee.time_base
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
        if output.wantsGlobalHeader { raw.pointee.flags |= Int32(cav_codec_flag_global_header()) }
        if encoding.pointee.capabilities & Int32(cav_codec_cap_experimental()) != 0 {
            raw.pointee.strict_std_compliance = FF_COMPLIANCE_EXPERIMENTAL
        }
        do {
            try encoder.open()
            fifo = try FFAudioFifo(format: raw.pointee.sample_fmt, channels: raw.pointee.ch_layout.nb_channels)
            decoded = try FFFrame()
            packet = try FFPacket()
            self.output = try output.addStream()
            try check(avcodec_parameters_from_context(self.output.pointee.codecpar, raw))
        } catch {
            throw fail("cannot set up \(encoderName)", error)
        }
        self.output.pointee.time_base = raw.pointee.time_base
        frameSize = raw.pointee.frame_size > 0 ? raw.pointee.frame_size : 1024
        summary = "\(String(cString: encoding.pointee.name)) (re-encoded from \(sourceCodec))"
    }

    private static func sampleRate(_ rate: Int32, supported: UnsafePointer<Int32>?) -> Int32 {
        guard var list = supported else { return rate > 0 ? rate : 48000 }
        var rates: [Int32] = []
        while list.pointee != 0 {
            rates.append(list.pointee)
            list += 1
        }
        return rates.contains(rate) ? rate : (rates.contains(48000) ? 48000 : rates.max() ?? 48000)
    }

    func write(upTo limit: Double?, emit: (FFPacket) throws(MediaError) -> Void) throws(MediaError) {
        do {
            while true {
                try drainEncoder(emit)
                if fifo.count >= frameSize {
                    try encode(count: frameSize)
                    continue
                }
                if let limit, decodedUpTo > limit { return }
                if decoderDrained {
                    guard limit == nil, !encoderFlushed else { return }
                    if fifo.count > 0 { try encode(count: fifo.count) }
                    try encoder.send(nil as FFFrame?)
                    encoderFlushed = true
                    try drainEncoder(emit)
                    return
                }
                try decodeMore()
            }
        } catch let error as MediaError {
            throw error
        } catch let error as AVError {
            throw .audioFailed(path: path, detail: "\(summary): \(error)")
        } catch {
            throw .audioFailed(path: path, detail: "\(summary): \(error)")
        }
    }

    /// Decodes one frame (or feeds one packet) and queues what it gives.
    private func decodeMore() throws {
        if try decoder.receive(into: decoded) {
            let result = Result { try queueDecodedFrame() }
            decoded.unref()
            try result.get()
            return
        }
        if decoderFlushed {
            // Whatever the resampler still holds belongs at the end.
            if let resampler { try fifo.write(try resampler.convert(nil)) }
            decoderDrained = true
            return
        }
        guard let next = try reader.peek() else {
            try decoder.send(nil as FFPacket?)
            decoderFlushed = true
            return
        }
        reader.take()
        do {
            try decoder.send(next)
        } catch {
            // A damaged audio packet is skipped, as a player would.
            guard error == .invalidData else { throw error }
        }
    }

    /// Resamples the decoded frame into the fifo, if it lies in the window.
    private func queueDecodedFrame() throws {
        let raw = decoded.pointer.pointee
        let timeBase = reader.timeBase
        let nopts = cav_nopts_value()
        let pts = raw.best_effort_timestamp != nopts ? raw.best_effort_timestamp : raw.pts
        if pts != nopts {
            let length = av_rescale_q(Int64(raw.nb_samples), AVRational(num: 1, den: raw.sample_rate), timeBase)
            if let start = reader.startTicks, pts + length <= start { return }
            if let stop = reader.endTicks, pts >= stop { return }
            if nextPTS == nil {
                nextPTS = av_rescale_q(pts - reader.offsetTicks, timeBase, encoder.pointer.pointee.time_base)
            }
            decodedUpTo = Double(pts + length - reader.offsetTicks) * av_q2d(timeBase)
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

    private func encode(count: Int32) throws {
        let frame = try FFFrame()
        let raw = frame.pointer
        raw.pointee.nb_samples = count
        raw.pointee.format = encoder.pointer.pointee.sample_fmt.rawValue
        raw.pointee.sample_rate = encoder.pointer.pointee.sample_rate
        try check(av_channel_layout_copy(&raw.pointee.ch_layout, &encoder.pointer.pointee.ch_layout))
        try check(av_frame_get_buffer(raw, 0))
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
