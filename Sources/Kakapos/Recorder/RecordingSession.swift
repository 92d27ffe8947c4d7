import CFFmpeg
import Foundation

/// The FFmpeg side of one recording: the muxer writing the temporary file,
/// the video encoder and the companion streams (audio, subtitles, ...).
/// Exists from `begin` until the file is finished or abandoned.
///
/// @unchecked Sendable: driven only by `RecorderSink` under its work lock.
final class RecordingSession: @unchecked Sendable {
    /// Where the recording goes, and how it gets there.
    enum Target {
        /// A file: written to a temporary file beside it, renamed into place.
        case file(OutputFile)
        /// A pipe or URL, written as it comes.
        case stream(String)
        /// Images, put in place together at the end.
        case sequence(pattern: String)
    }

    /// What is being written until the recording finishes.
    private enum Written {
        case file(temporary: TemporaryOutput, output: OutputFile)
        case stream
        case sequence(SequenceOutput)
    }

    /// Temporary files of earlier recordings to this output that their dead
    /// processes left behind, removed before this one began.
    let removedStaleFiles: [String]
    let container: Container
    /// Notes known when the recording began.
    private var openingNotes: [String]
    let encoder: VideoEncoder
    private let muxer: FFOutputContext
    private let videoStream: UnsafeMutablePointer<AVStream>
    /// One writer for each file whose streams the recording carries
    /// (`SinkInput.everyCompanion`), in that order.
    private let companions: [CompanionWriter]
    /// The program's own audio, when the input declared it.
    private let generatedAudio: GeneratedAudioTrack?
    private let fault: MediaFaultInjection?
    private let path: String
    /// An image sequence: many frames, each its own file.
    private let isSequence: Bool
    private let packet: FFPacket
    /// The temporary file or folder (made just before the header), or the stream.
    private let written: Written

    private(set) var framesSent = 0
    /// Pauses the session has closed the gap of, and the time they took out.
    private var pausesSeen = 0
    private var pausedTicks: Int64 = 0
    private var pausedSeconds = 0.0
    /// The source's own sound comes with the frames; its first sample is written yet?
    private var capturedAudio = false
    private var audioStarted = false
    private var startPTS: Int64 = 0
    /// The first frame's time on the output's timeline.
    private var firstFrameTime: Double?
    /// The end of the last frame written, in its source's ticks.
    private var lastSourceEnd: Int64?
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
        name: String, target: Target, container: Container, codec: VideoCodec, options: RecorderSink.Options,
        input: SinkInput, fault: MediaFaultInjection?
    ) throws(MediaError) {
        path = name
        self.container = container
        self.fault = fault
        let muxerPath: String
        var temporaryURL: URL?
        switch target {
        case .file(let output):
            // Beside the file really written (a symbolic link's target), so the
            // final rename stays within one file system.
            let final = URL(fileURLWithPath: output.path)
            removedStaleFiles = TemporaryOutput.removeStale(for: final)
            temporaryURL = TemporaryOutput.url(for: final)
            muxerPath = temporaryURL!.path
        case .stream(let name):
            removedStaleFiles = []
            muxerPath = name
        case .sequence(let pattern):
            removedStaleFiles = []
            muxerPath = pattern
        }
        self.isSequence = { if case .sequence = target { return true } else { return false } }()
        do {
            // Only a stream waits on a peer; a file's writes are the disk's.
            var timeout: Double?
            if case .stream = target { timeout = options.timeout }
            muxer = try FFOutputContext(
                path: muxerPath, formatName: container.muxer, watchdog: IOWatchdog(timeout: timeout))
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
            if let tag = options.videoTag {
                videoStream.pointee.codecpar.pointee.codec_tag = tag.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
            }
        } catch {
            throw .muxerOpenFailed(path: path, error: error)
        }
        videoStream.pointee.time_base = encoder.timeBase
        // Containers that keep the pixel shape in the stream (Matroska) read it there.
        videoStream.pointee.sample_aspect_ratio = encoder.context.pointer.pointee.sample_aspect_ratio
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

        var notes = input.droppedBySource.map { "dropped \($0)" }
        if let hdr = input.hdrMetadata {
            if encoder.color.transfer == AVCOL_TRC_SMPTE2084 || encoder.color.transfer == AVCOL_TRC_ARIB_STD_B67 {
                hdr.write(to: videoStream)
            } else {
                notes.append("dropped the HDR10 metadata (\(hdr)): the output is not HDR")
            }
        }
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
        // The encoder for the audio re-encoded: the source's unless left
        // out, and a program's own, which --audio none does not leave out.
        let encodesAudio = options.audio != .none || (input.audio != nil && !input.audioIsCaptured)
        let audioTarget =
            container.isStillImage || !encodesAudio
            ? nil : try AudioTarget.resolve(options: options, container: container, muxer: muxer, path: path)
        if container.isStillImage {
            let count = input.everyCompanion.reduce(0) { $0 + $1.streams.count }
            if count > 0 { notes.append("dropped \(count) other stream(s): a still image holds the picture only") }
            self.companions = []
        } else {
            var writers: [CompanionWriter] = []
            for var companions in input.everyCompanion {
                if !options.keepsSourceChapters { companions.chapters = false }
                writers.append(
                    try CompanionWriter(
                        companions, muxer: muxer, container: container, audio: options.audio, audioTarget: audioTarget,
                        audioFilter: options.audioFilter, subtitleCodec: options.subtitleCodec, video: videoStream,
                        videoFrameRate: input.frameRate, path: path))
            }
            self.companions = writers
        }
        if let audio = input.audio, input.audioIsCaptured, container.isStillImage || options.audio == .none {
            // The source's own sound, where it cannot or should not go.
            generatedAudio = nil
            notes.append(
                "dropped the input's audio: "
                    + (container.isStillImage ? "an image holds the picture only" : "--audio none")
                    + " (\(audio.sampleRate) Hz, \(audio.channelCount) channel(s))")
        } else if let audio = input.audio {
            guard !container.isStillImage else {
                throw .audioFailed(path: path, detail: "a still image holds no audio")
            }
            generatedAudio = try GeneratedAudioTrack(audio, target: audioTarget, muxer: muxer, path: path)
        } else {
            generatedAudio = nil
        }
        capturedAudio = input.audioIsCaptured
        startPTS = input.startPTS
        if !options.keepsSourceTags { av_dict_free(&muxer.pointer.pointee.metadata) }
        for (key, value) in options.metadata.sorted(by: { $0.key < $1.key }) {
            // An empty value removes the tag, as FFmpeg's -metadata KEY= does.
            av_dict_set(&muxer.pointer.pointee.metadata, key, value.isEmpty ? nil : value, 0)
        }
        openingNotes = notes

        var muxerOptions = container.muxerOptions
        do {
            switch target {
            case .file(let output):
                written = .file(temporary: try TemporaryOutput(temporaryURL!), output: output)
            case .stream:
                written = .stream
                muxerOptions = container.streamMuxerOptions
            case .sequence(let pattern):
                let sequence = try SequenceOutput(pattern: pattern)
                written = .sequence(sequence)
                muxer.setURL(sequence.muxerPattern)
                // Every frame its own numbered file.
                muxerOptions = []
            }
        } catch {
            throw error.isOutOfSpace
                ? .outOfSpace(path: path, error: error) : .muxerOpenFailed(path: path, error: error)
        }
        // The user's over the container's, except for an image sequence,
        // whose every frame is its own file.
        var isSequence = false
        if case .sequence = target { isSequence = true }
        if !isSequence {
            muxerOptions =
                muxerOptions.filter { options.muxerOptions[$0.0] == nil }
                + options.muxerOptions.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) }
        }
        let muxerSettings = FFDictionary(muxerOptions)
        do {
            try muxer.writeHeader(options: muxerSettings)
        } catch {
            muxer.abandon()
            removeWritten()
            if muxer.watchdog.timedOut { throw .outputTimedOut(output: path, seconds: muxer.watchdog.timeout ?? 0) }
            throw error.isOutOfSpace
                ? .outOfSpace(path: path, error: error) : .muxerOpenFailed(path: path, error: error)
        }
        let unused = FFDictionary.entries(muxerSettings.pointer).keys.filter { options.muxerOptions[$0] != nil }
        if !unused.isEmpty {
            openingNotes.append(
                "the \(container.muxer) muxer ignored option(s) \(unused.sorted().joined(separator: ", "))")
        }
        do {
            for writer in companions { try writer.writeAttachedPictures(emit: writePacket) }
        } catch {
            abandon()
            throw error
        }
    }

    /// Everything a user should know about this recording so far, with
    /// `pauses`, the sink's count of pauses: the last ones may have had no
    /// frame after them, which is how the session learns of a pause.
    func notes(pauses: Int) -> [String] {
        var pauseNotes: [String] = []
        let count = max(pauses, pausesSeen)
        if count > 0 {
            pauseNotes.append(
                "paused \(count) time(s): " + String(format: "%.3f", pausedSeconds)
                    + " s taken out of the timeline, so the output has no gap")
            if !companions.isEmpty {
                pauseNotes.append("the other streams were not paused: they keep their own timing")
            }
        }
        return openingNotes + companions.flatMap(\.notes) + encoder.notes + pauseNotes
    }

    /// What happened to the audio, e.g. `aac (copied)`; nil without audio.
    var audioSummary: String? {
        let parts = (companions.map(\.audioSummary) + [generatedAudio?.summary]).compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Encodes one frame; `pauses` is the sink's count of pauses so far.
    func write(_ frame: TimedFrame, pauses: Int) throws(MediaError) {
        if container.isStillImage && !isSequence && framesSent >= 1 { throw .stillImageTakesOneFrame(path: path) }
        if pauses != pausesSeen {
            // The first frame after a resume follows the last one written:
            // the time between them is taken out of every later timestamp.
            pausesSeen = pauses
            if let end = lastSourceEnd, frame.pts > end {
                pausedTicks += frame.pts - end
                pausedSeconds += Double(frame.pts - end) * (frame.timeBase.doubleValue ?? 0)
            }
        }
        lastSourceEnd = frame.pts + max(frame.duration ?? 0, 0)
        let shifted =
            pausedTicks == 0
            ? frame
            : TimedFrame(
                frame: frame.frame, pts: frame.pts - pausedTicks, duration: frame.duration, timeBase: frame.timeBase,
                index: frame.index)
        try encoder.send(shifted)
        if firstFrameTime == nil {
            firstFrameTime = Double(shifted.pts - startPTS) * (shifted.timeBase.doubleValue ?? 0)
        }
        if capturedAudio, let generatedAudio, !frame.audio.isEmpty {
            // The source lined its sound up with the first frame it delivered,
            // which is this recording's first (a later segment's starts after 0).
            if !audioStarted {
                audioStarted = true
                generatedAudio.start(at: firstFrameTime ?? 0)
            }
            try generatedAudio.append(frame.audio, emit: writePacket)
        }
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
        for writer in companions { try writer.finish(videoEnd: endPTS.map { Double($0) * tick }, emit: writePacket) }
        do { try muxer.finish() } catch {
            throw error.isOutOfSpace ? .outOfSpace(path: path, error: error) : .trailerFailed(path: path, error: error)
        }
        guard videoPackets > 0, let first = firstPTS, let end = endPTS else {
            return Result(framesWritten: 0, timeRange: nil)
        }
        return Result(framesWritten: framesSent, timeRange: Double(first) * tick...Double(max(end, first)) * tick)
    }

    /// Closes the file without finishing it and removes it (a stream is
    /// closed where it stands).
    func abandon() {
        muxer.abandon()
        removeWritten()
    }

    private func removeWritten() {
        switch written {
        case .file(let temporary, _): temporary.remove()
        case .stream: break
        case .sequence(let sequence): sequence.remove()
        }
    }

    /// The bytes the finished recording holds: its temporary file's size,
    /// the images' total, or what went down the stream. Nil when the
    /// temporary file is gone.
    func finishedSize() -> Int64? {
        switch written {
        case .file(let temporary, _):
            var info = stat()
            guard stat(temporary.url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            return Int64(info.st_size)
        case .stream: return muxer.bytesWritten
        case .sequence(let sequence): return sequence.totalSize
        }
    }

    /// The temporary file, for a fault that makes it vanish.
    var temporaryPath: String? {
        if case .file(let temporary, _) = written { return temporary.url.path }
        return nil
    }

    /// Puts the finished recording in place: the rename of the file, or of
    /// every image; nothing for a stream.
    /// A file's and a sequence's placement can be taken back
    /// (`keepingReplaced`); a stream's cannot, so it returns none.
    func commit(overwrite: Bool, keepingReplaced: Bool) throws(MediaError) -> OutputFile.Placement? {
        switch written {
        case .file(let temporary, let output):
            return try output.commit(from: temporary.url.path, overwrite: overwrite, keepingReplaced: keepingReplaced)
        case .stream: return nil
        case .sequence(let sequence):
            return try sequence.commit(overwrite: overwrite, keepingReplaced: keepingReplaced)
        }
    }

    /// The images a sequence put in place.
    var committedImages: [String] {
        if case .sequence(let sequence) = written { return sequence.committed }
        return []
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
            if !companions.isEmpty {
                let time = raw.pointee.dts != cav_nopts_value() ? raw.pointee.dts : pts
                for writer in companions {
                    try writer.write(upTo: Double(time) * av_q2d(encoder.timeBase), emit: writePacket)
                }
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
            if muxer.watchdog.timedOut { throw .outputTimedOut(output: path, seconds: muxer.watchdog.timeout ?? 0) }
            if error.isOutOfSpace { throw .outOfSpace(path: path, error: error) }
            throw .muxWriteFailed(path: path, packet: packetsWritten, error: error)
        }
    }
}
