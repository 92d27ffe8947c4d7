import CFFmpeg
import Foundation
import Harbeth

/// Reads packets of one video stream, decodes them, and turns the decoded
/// frames into `TimedFrame`s: the planes as they are for the supported
/// layouts, through swscale for the rest.
///
/// @unchecked Sendable: used by one thread at a time: the opening thread
/// while the source is probed, then only the source's decode thread.
final class FrameDecoder: @unchecked Sendable {
    let path: String
    let input: FFInputContext
    let codec: FFCodecContext
    let streamIndex: Int32
    let timeBase: Rational
    let strict: Bool
    private let packet: FFPacket
    /// A live input's audio, decoded from the same demuxer's packets.
    var audio: AudioCapture?
    /// Set once the first frame shows the decoder's real pixel format.
    var conversion = Conversion.direct(.yuv420p)
    private var inputEnded = false
    private var flushed = false
    private var drained = false
    /// The end of the last frame, to give frames without a timestamp one.
    private var nextPTS: Int64 = 0
    private var defaultDuration: Int64?
    /// Made for the first frame that needs converting, and again if the
    /// stream changes size or format.
    private var scaler: FFScaler?

    /// HDR10's peak from the stream's metadata, for every frame's colorimetry.
    var peakLuminance: Double?
    private(set) var decodedFrames = 0
    private(set) var undecodable = 0
    private(set) var concealed = 0
    private(set) var sawCorruptPacket = false

    /// How decoded frames become the delivered layout.
    enum Conversion {
        case direct(PixelLayout)
        case swscale(to: PixelLayout)
    }

    init(
        path: String, input: FFInputContext, codec: FFCodecContext, streamIndex: Int32, timeBase: Rational,
        frameRate: Rational?, strict: Bool
    ) throws(AVError) {
        self.path = path
        self.input = input
        self.codec = codec
        self.streamIndex = streamIndex
        self.timeBase = timeBase
        self.strict = strict
        self.packet = try FFPacket()
        if let rate = frameRate, rate.isValid {
            // One frame's length in stream ticks, for frames that carry none.
            defaultDuration = av_rescale_q(1, av_inv_q(rate.av), timeBase.av)
        }
    }

    /// The next decoded frame, or nil at the end of the stream. Undecodable
    /// packets are counted and skipped unless the decoder is strict.
    func nextDecodedFrame() throws(MediaError) -> FFFrame? {
        let frame: FFFrame
        do { frame = try FFFrame() } catch { throw .readFailed(path: path, error: error) }
        while !drained {
            let received: Bool
            do {
                received = try codec.receive(into: frame)
            } catch {
                try decodeFailed(error)
                continue
            }
            if received {
                decodedFrames += 1
                if frame.pointer.pointee.flags & cav_frame_flag_corrupt() != 0 {
                    if strict {
                        throw .corruptFrame(path: path, frame: decodedFrames + undecodable - 1, error: .invalidData)
                    }
                    concealed += 1
                }
                return frame
            }
            if flushed {
                drained = true
                return nil
            }
            try feed()
        }
        return nil
    }

    /// Sends the next packet of the stream, or the flush at its end.
    private func feed() throws(MediaError) {
        if inputEnded {
            do { try codec.send(nil as FFPacket?) } catch { throw .readFailed(path: path, error: error) }
            flushed = true
            return
        }
        packet.unref()
        do {
            guard try input.read(into: packet) else {
                inputEnded = true
                return
            }
        } catch {
            // The watchdog ended the wait: a stop ends the stream here (the
            // delivery is fenced already), a timeout is the input's error.
            if error == .exit && input.watchdog.timedOut {
                throw .inputTimedOut(input: path, seconds: input.watchdog.timeout ?? 0)
            }
            if error == .exit && input.watchdog.isStopped {
                inputEnded = true
                return
            }
            // A read error after a good start is a damaged or cut-off file.
            if error == .invalidData || error == .io {
                if strict { throw .truncated(path: path, detail: "\(error)") }
                sawCorruptPacket = true
                inputEnded = true
                return
            }
            throw .readFailed(path: path, error: error)
        }
        guard packet.pointer.pointee.stream_index == streamIndex else {
            if let audio, packet.pointer.pointee.stream_index == audio.streamIndex { audio.decode(packet) }
            return
        }
        if packet.pointer.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 {
            // The demuxer flags packets it could not read whole, typically
            // the last one of a file that was cut off.
            if strict {
                throw .truncated(path: path, detail: "packet \(decodedFrames + undecodable) is incomplete")
            }
            sawCorruptPacket = true
        }
        do {
            try codec.send(packet)
        } catch {
            try decodeFailed(error)
        }
    }

    private func decodeFailed(_ error: AVError) throws(MediaError) {
        // Running out of memory is not the data's fault; every other
        // decoder error is taken as a damaged packet.
        guard error != .noMemory else { throw .readFailed(path: path, error: error) }
        if strict { throw .corruptFrame(path: path, frame: decodedFrames + undecodable, error: error) }
        undecodable += 1
    }

    /// The decoded frame's timestamp and duration in stream ticks; frames
    /// without one follow the previous frame.
    func timing(of frame: FFFrame) -> (pts: Int64, duration: Int64?) {
        let raw = frame.pointer.pointee
        let nopts = cav_nopts_value()
        var pts = raw.best_effort_timestamp
        if pts == nopts { pts = raw.pts }
        if pts == nopts { pts = nextPTS }
        let duration: Int64? = raw.pkt_duration > 0 ? raw.pkt_duration : defaultDuration
        nextPTS = pts + (duration ?? 1)
        return (pts, duration)
    }

    /// A decoded frame's interlacing flags.
    static func fieldOrder(of frame: AVFrame) -> FieldOrder {
        guard frame.interlaced_frame != 0 else { return .progressive }
        return frame.top_field_first != 0 ? .topFirst : .bottomFirst
    }

    /// Hands a decoded frame over in the delivered layout.
    func makeTimedFrame(
        _ decoded: FFFrame, timing: (pts: Int64, duration: Int64?), index: Int
    ) throws(MediaError) -> TimedFrame {
        let (pts, duration) = timing
        let raw = decoded.pointer.pointee
        let format = AVPixelFormat(rawValue: raw.format)
        let seconds = Double(pts) * (timeBase.doubleValue ?? 0)
        var colorimetry = FFColor.colorimetry(
            space: raw.colorspace, range: raw.color_range, format: format, primaries: raw.color_primaries,
            transfer: raw.color_trc)
        colorimetry?.peakLuminance = peakLuminance
        do {
            switch conversion {
            case .direct(let layout):
                guard FFPixelFormat.directLayout(for: format)?.layout == layout else {
                    throw MediaError.unsupportedPixelFormat(
                        path: path, format: "\(FFPixelFormat.name(format)) (changed mid-stream)")
                }
                let frame = try VideoFrame.wrapping(
                    decoded, layout: layout, colorimetry: layout.isYUV ? colorimetry : nil, time: seconds)
                var timed = TimedFrame(frame: frame, pts: pts, duration: duration, timeBase: timeBase, index: index)
                timed.fieldOrder = Self.fieldOrder(of: raw)
                return timed
            case .swscale(let layout):
                let converted = try convert(decoded, to: layout, colorimetry: colorimetry)
                // A YUV -> YUV conversion keeps the matrix and the range.
                let frame = try VideoFrame.wrapping(
                    converted, layout: layout, colorimetry: layout.isYUV ? colorimetry : nil, time: seconds)
                var timed = TimedFrame(frame: frame, pts: pts, duration: duration, timeBase: timeBase, index: index)
                timed.fieldOrder = Self.fieldOrder(of: raw)
                return timed
            }
        } catch let error as MediaError {
            throw error
        } catch let error as AVError {
            throw .readFailed(path: path, error: error)
        } catch {
            throw .readFailed(path: path, error: .invalidData)
        }
    }

    private func convert(_ decoded: FFFrame, to layout: PixelLayout, colorimetry: Colorimetry?) throws -> FFFrame {
        let raw = decoded.pointer.pointee
        let format = AVPixelFormat(rawValue: raw.format)
        let target = FFPixelFormat.avFormat(for: layout)
        if let scaler, scaler.width == raw.width, scaler.height == raw.height, scaler.source == format {
            return try scaler.convert(decoded)
        }
        let color = (matrix: FFColor.swscaleMatrix(colorimetry?.matrix), fullRange: colorimetry?.range == .full)
        let made = try FFScaler(
            width: raw.width, height: raw.height, from: format, to: target, sourceColor: color, destinationColor: color)
        scaler = made
        return try made.convert(decoded)
    }

    /// One frame's length in stream ticks, when the frame rate is known.
    var frameTicks: Int64? { defaultDuration }

    /// Flushes and starts counting again: the file is read again from the
    /// beginning, and what the undone seek decoded does not count.
    func restart() {
        flush()
        decodedFrames = 0
        undecodable = 0
        concealed = 0
        sawCorruptPacket = false
        nextPTS = 0
    }

    /// Drops everything decoded or buffered (after a seek).
    func flush() {
        avcodec_flush_buffers(codec.pointer)
        inputEnded = false
        flushed = false
        drained = false
    }
}
