import CFFmpeg
import Foundation

/// Reads the packets of a recording's companion streams from their file,
/// in file order, within the recording's span of the timeline.
///
/// It opens the file with a demuxer of its own and reads the stream
/// information as the source does, so every stream the source saw is there
/// with complete parameters (MPEG-PS and FLV announce streams only as their
/// packets come; a transport stream's audio has no sample rate until one
/// is read).
///
/// @unchecked Sendable: used only by the recorder, one call at a time.
final class CompanionReader: @unchecked Sendable {
    let input: FFInputContext
    private let selected: Set<Int32>
    /// The span in seconds of the file's timeline.
    private let start: Double?
    private(set) var end: Double?
    private let packet: FFPacket
    private var holding = false
    private(set) var ended = false

    init(_ companions: CompanionStreams, path: String) throws(MediaError) {
        // A file by its path, a URL (an HTTP input) as it was given.
        let source = companions.url.isFileURL ? companions.url.path : companions.url.absoluteString
        do {
            input = try FFInputContext(path: source)
            try input.findStreamInfo(codecOptions: [])
            packet = try FFPacket()
        } catch {
            throw .audioFailed(path: path, detail: "cannot open \(source) again for its other streams: \(error)")
        }
        for index in companions.streams where index >= input.streamCount {
            throw .audioFailed(path: path, detail: "\(source) has no stream \(index)")
        }
        selected = Set(companions.streams.map(Int32.init))
        for index in 0..<input.streamCount where !selected.contains(Int32(index)) {
            input.stream(index).pointee.discard = AVDISCARD_ALL
        }
        start = companions.start
        end = companions.end
        if let start {
            // To the key point before the start in every stream; packets
            // before the start are skipped as they come.
            let target = Int64((start * Double(cav_time_base())).rounded(.down))
            if av_seek_frame(input.pointer, -1, target, AVSEEK_FLAG_BACKWARD) >= 0,
                let first = peek(), let timing = timing(of: first), timing.time > start + 0.1
            {
                // Landed past the start (a transport stream seeks to a packet
                // near the time, not before it): read from the beginning.
                holding = false
                ended = false
                if input.pointer.pointee.iformat.pointee.flags & AVFMT_NO_BYTE_SEEK == 0 {
                    _ = av_seek_frame(input.pointer, -1, 0, AVSEEK_FLAG_BYTE)
                } else {
                    _ = av_seek_frame(input.pointer, -1, Int64.min + 1, AVSEEK_FLAG_BACKWARD)
                }
            }
        }
    }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> { input.stream(index) }

    /// Ends the span earlier (where the video ended).
    func endNoLaterThan(_ seconds: Double) {
        end = min(end ?? seconds, seconds)
    }

    /// The next packet of a selected stream within the span, left in place
    /// (and held) until `take()`; nil at the end.
    func peek() -> FFPacket? {
        while !ended {
            if !holding {
                packet.unref()
                let read: Bool
                do { read = try input.read(into: packet) } catch {
                    // A damaged tail ends these streams rather than the recording.
                    ended = true
                    return nil
                }
                guard read else {
                    ended = true
                    return nil
                }
                guard selected.contains(packet.pointer.pointee.stream_index) else { continue }
                holding = true
            }
            guard let (time, length) = timing(of: packet) else { return packet }
            if let start, time + length <= start, !(length == 0 && time >= start) {
                holding = false
                continue
            }
            if let end, time >= end {
                // This stream is done; the others may still have packets before the end.
                holding = false
                if isPastEndEverywhere(time) {
                    ended = true
                    return nil
                }
                continue
            }
            return packet
        }
        return nil
    }

    /// Marks the held packet as consumed (its data moved or unreferenced).
    func take() { holding = false }

    /// The stream index of a packet `peek()` returned.
    func streamIndex(of packet: FFPacket) -> Int { Int(packet.pointer.pointee.stream_index) }

    /// Seconds on the file's timeline of the packet's start, and its length.
    func timing(of packet: FFPacket) -> (time: Double, length: Double)? {
        let raw = packet.pointer.pointee
        let ticks = raw.pts != cav_nopts_value() ? raw.pts : raw.dts
        guard ticks != cav_nopts_value() else { return nil }
        let base = av_q2d(input.stream(Int(raw.stream_index)).pointee.time_base)
        return (Double(ticks) * base, Double(max(raw.duration, 0)) * base)
    }

    /// Interleaving keeps every stream within a few seconds of the others;
    /// ten seconds past the end, nothing more can belong to the span.
    private func isPastEndEverywhere(_ time: Double) -> Bool {
        guard let end else { return false }
        return time >= end + 10
    }
}
