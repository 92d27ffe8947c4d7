import CFFmpeg
import Foundation

/// The FFmpeg side of one recording: the muxer writing the temporary file,
/// the video encoder and the companion streams (audio, subtitles, ...).
/// Exists from `begin` until the file is finished or abandoned.
///
/// @unchecked Sendable: driven only by `RecorderSink` under its work lock.
final class RecordingSession: @unchecked Sendable {
    let temporaryURL: URL
    /// Where the finished file goes, and how it gets there.
    let output: OutputFile
    /// Temporary files of earlier recordings to this output that their dead
    /// processes left behind, removed before this one began.
    let removedStaleFiles: [String]
    let container: Container
    /// Notes known when the recording began.
    private let openingNotes: [String]
    let encoder: VideoEncoder
    private let muxer: FFOutputContext
    private let videoStream: UnsafeMutablePointer<AVStream>
    private let companions: CompanionWriter?
    /// The program's own audio, when the input declared it.
    private let generatedAudio: GeneratedAudioTrack?
    private let fault: MediaFaultInjection?
    private let path: String
    private let packet: FFPacket
    /// The temporary file, made and locked just before the header.
    private let temporary: TemporaryOutput

    private(set) var framesSent = 0
    private(set) var videoPackets = 0
    private var packetsWritten = 0
    /// First presentation time and end of the last frame, in encoder ticks.
    private var firstPTS: Int64?
    private var endPTS: Int64?

    struct Result {
        /// Frames the encoder took and wrote (0 when no packet came out).
        let framesWritten: Int
        /// The first frame's time to the last one's end; nil without packets.
        let timeRange: ClosedRange<Double>?
    }

    init(
        url: URL, output: OutputFile, container: Container, codec: VideoCodec, options: RecorderSink.Options,
        input: SinkInput, fault: MediaFaultInjection?
    ) throws(MediaError) {
        path = url.path
        self.output = output
        self.container = container
        self.fault = fault
        // Beside the file really written (a symbolic link's target), so the
        // final rename stays within one file system.
        let written = URL(fileURLWithPath: output.path)
        removedStaleFiles = TemporaryOutput.removeStale(for: written)
        temporaryURL = TemporaryOutput.url(for: written)
        do {
            muxer = try FFOutputContext(path: temporaryURL.path, formatName: container.muxer)
            packet = try FFPacket()
        } catch {
            throw .muxerOpenFailed(path: path, error: error)
        }
        // Every failure below leaves no file: the temporary file is made
        // last, just before the header, and a failed header is abandoned.
        encoder = try VideoEncoder(
            codec: codec, container: container, input: input, options: options,
            globalHeader: muxer.wantsGlobalHeader, path: path, fault: fault)
        do {
            videoStream = try muxer.addStream()
            try check(avcodec_parameters_from_context(videoStream.pointee.codecpar, encoder.context.pointer))
        } catch {
            throw .muxerOpenFailed(path: path, error: error)
        }
        videoStream.pointee.time_base = encoder.timeBase
        if let rate = input.frameRate, rate.isValid { videoStream.pointee.avg_frame_rate = rate.av }
        if options.keepRotation, input.rotation % 360 != 0,
            let matrix = av_stream_new_side_data(videoStream, AV_PKT_DATA_DISPLAYMATRIX, 9 * 4)
        {
            // `rotation` is av_display_rotation_get's counter-clockwise angle;
            // av_display_rotation_set takes a clockwise one.
            matrix.withMemoryRebound(to: Int32.self, capacity: 9) {
                av_display_rotation_set($0, Double(-input.rotation))
            }
        }

        var notes: [String] = []
        if !removedStaleFiles.isEmpty {
            notes.append("removed \(removedStaleFiles.count) temporary file(s) that a killed earlier run left")
        }
        if options.keepRotation, input.rotation % 360 != 0, !container.storesDisplayMatrix {
            notes.append(
                "rotation \(input.rotation) not kept: FFmpeg 5.1 writes no display matrix to \(container.rawValue)")
        }
        if !encoder.ignoredOptions.isEmpty {
            notes.append("\(encoder.name) ignored option(s) \(encoder.ignoredOptions.joined(separator: ", "))")
        }
        if let order = input.fieldOrder, order.isInterlaced, !container.storesFieldOrder {
            notes.append("field order \(order.rawValue) not kept: \(container.rawValue) does not store it")
        }
        if let companions = input.companions, container.isStillImage {
            let count = companions.streams.count
            if count > 0 { notes.append("dropped \(count) other stream(s): a still image holds the picture only") }
            self.companions = nil
        } else if let companions = input.companions {
            self.companions = try CompanionWriter(
                companions, muxer: muxer, container: container, audio: options.audio, video: videoStream,
                videoFrameRate: input.frameRate, path: path)
        } else {
            self.companions = nil
        }
        if let audio = input.audio {
            guard !container.isStillImage else {
                throw .audioFailed(path: path, detail: "a still image holds no audio")
            }
            generatedAudio = try GeneratedAudioTrack(audio, container: container, muxer: muxer, path: path)
        } else {
            generatedAudio = nil
        }
        openingNotes = notes

        do {
            temporary = try TemporaryOutput(temporaryURL)
        } catch {
            throw error.isOutOfSpace
                ? .outOfSpace(path: path, error: error) : .muxerOpenFailed(path: path, error: error)
        }
        do {
            try muxer.writeHeader(options: FFDictionary(container.muxerOptions))
        } catch {
            muxer.abandon()
            temporary.remove()
            throw error.isOutOfSpace
                ? .outOfSpace(path: path, error: error) : .muxerOpenFailed(path: path, error: error)
        }
        do {
            try companions?.writeAttachedPictures(emit: writePacket)
        } catch {
            abandon()
            throw error
        }
    }

    /// Everything a user should know about this recording so far.
    var notes: [String] { openingNotes + (companions?.notes ?? []) + encoder.notes }

    /// What happened to the audio, e.g. `aac (copied)`; nil without audio.
    var audioSummary: String? {
        let parts = [companions?.audioSummary, generatedAudio?.summary].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    func write(_ frame: TimedFrame) throws(MediaError) {
        if container.isStillImage && framesSent >= 1 { throw .stillImageTakesOneFrame(path: path) }
        try encoder.send(frame)
        framesSent += 1
        try drainVideo()
    }

    /// Encodes the program's own audio samples (see `PCMAudioFormat`).
    func writeAudio(_ samples: [Float]) throws(MediaError) {
        guard let generatedAudio else { throw .audioNotDeclared(path: path) }
        try generatedAudio.append(samples, emit: writePacket)
    }

    /// Flushes the encoder, writes the rest of the audio and the trailer.
    func finish() throws(MediaError) -> Result {
        try encoder.flush()
        try drainVideo()
        try generatedAudio?.finish(emit: writePacket)
        let tick = av_q2d(encoder.timeBase)
        try companions?.finish(videoEnd: endPTS.map { Double($0) * tick }, emit: writePacket)
        do { try muxer.finish() } catch {
            throw error.isOutOfSpace ? .outOfSpace(path: path, error: error) : .trailerFailed(path: path, error: error)
        }
        guard videoPackets > 0, let first = firstPTS, let end = endPTS else {
            return Result(framesWritten: 0, timeRange: nil)
        }
        return Result(framesWritten: framesSent, timeRange: Double(first) * tick...Double(max(end, first)) * tick)
    }

    /// Closes the file without finishing it and removes it.
    func abandon() {
        muxer.abandon()
        temporary.remove()
    }

    private func drainVideo() throws(MediaError) {
        while try encoder.receive(into: packet) {
            let raw = packet.pointer
            let pts = raw.pointee.pts
            if pts != cav_nopts_value() {
                firstPTS = min(firstPTS ?? pts, pts)
                endPTS = max(endPTS ?? pts, pts + max(raw.pointee.duration, 0))
            }
            videoPackets += 1
            // The other streams up to this packet's time first, so that the
            // muxer's interleaving queue stays short.
            if let companions {
                let time = raw.pointee.dts != cav_nopts_value() ? raw.pointee.dts : pts
                try companions.write(upTo: Double(time) * av_q2d(encoder.timeBase), emit: writePacket)
            }
            av_packet_rescale_ts(raw, encoder.timeBase, videoStream.pointee.time_base)
            raw.pointee.stream_index = videoStream.pointee.index
            try writePacket(packet)
        }
    }

    /// Every packet of every stream goes through here: counted, and failed
    /// on purpose when a test injects a write fault.
    private func writePacket(_ packet: FFPacket) throws(MediaError) {
        packetsWritten += 1
        if case .muxWrite(let number) = fault, number == packetsWritten {
            packet.unref()
            throw .muxWriteFailed(path: path, packet: packetsWritten, error: .io)
        }
        do { try muxer.write(packet) } catch {
            if error.isOutOfSpace { throw .outOfSpace(path: path, error: error) }
            throw .muxWriteFailed(path: path, packet: packetsWritten, error: error)
        }
    }
}
