import CFFmpeg
import Foundation

/// The state of a recording, as `RecorderSink.state` reports it.
public enum RecorderState: String, Sendable, Hashable {
    case idle, recording, paused, finishing, finished, failed, cancelled
}

/// Encodes frames and muxes them, with the source's audio, into a file.
///
/// The container comes from the extension (mp4, mov, mkv, webm, avi; png or
/// jpg for one still frame). Frames go to the encoder in their own layout
/// and memory where it takes them; timestamps pass through unchanged.
///
/// Completion contract: `finishRecording()` first stops accepting frames,
/// then by state: `cancelled` throws `recordingCancelled`; `finished`
/// returns the same clip again; `failed` throws the original error;
/// `recording` or `paused` finishes; `idle` throws `recorderNotRecording`.
/// It succeeds only when the encoder was flushed and the trailer written
/// without error, the file exists at its final path with a non-zero size,
/// and at least one frame was written. Everything is written to a hidden
/// temporary file beside the output and renamed on success; every failure
/// removes it, so no failure leaves a file at the output path.
public final class RecorderSink: FrameSink {
    /// A successful finish returns the clip.
    public typealias Product = RecordedClip

    /// How to encode; the container comes from the URL.
    public struct Options: Sendable {
        /// The video codec; nil picks the container's default (H.264, or VP9 for webm).
        public var codec: VideoCodec?
        /// Constant quality (x264/x265/VP9/AV1 CRF; the quantiser 2-31 for mpeg4 and mjpeg).
        public var crf: Int?
        /// The encoder's speed preset (x264/x265 names, SVT-AV1 numbers,
        /// `cpu-used` for VP9 and libaom, the profile for ProRes).
        public var preset: String?
        /// Target bits per second.
        public var bitrate: Int?
        /// Frames between key frames.
        public var gopSize: Int?
        /// Copy (default), leave out, or re-encode the source audio.
        public var audio: AudioMode
        /// Write the source's rotation as the output's display matrix.
        public var keepRotation: Bool
        /// Makes encoder open or a packet write fail, for tests.
        @_spi(Testing) public var faultInjection: MediaFaultInjection?

        public init(
            codec: VideoCodec? = nil, crf: Int? = nil, preset: String? = nil, bitrate: Int? = nil,
            gopSize: Int? = nil, audio: AudioMode = .copy, keepRotation: Bool = true
        ) {
            self.codec = codec
            self.crf = crf
            self.preset = preset
            self.bitrate = bitrate
            self.gopSize = gopSize
            self.audio = audio
            self.keepRotation = keepRotation
        }
    }

    /// The final path of the recording.
    public let url: URL
    /// The options it was made with.
    public let options: Options
    /// The codec that will be written.
    public let codec: VideoCodec
    let container: Container
    private let fault: MediaFaultInjection?
    private let machine: ConditionLock<RecorderSinkStateMachine>
    /// The FFmpeg objects; held while encoding so that one thread at a time uses them.
    private let work = ConditionLock<RecordingSession?>(nil)
    /// Seconds spent encoding and muxing.
    private let encodeTime = ConditionLock(0.0)

    /// Checks that the extension names a container and the codec fits it;
    /// nothing is opened or written yet.
    public init(url: URL, options: Options = Options()) throws(MediaError) {
        let path = url.path
        guard let container = Container(pathExtension: url.pathExtension) else {
            throw .unsupportedContainer(path: path, pathExtension: url.pathExtension)
        }
        let codec = options.codec ?? container.defaultCodec
        guard let encoder = codec.encoderNames.lazy.compactMap({ avcodec_find_encoder_by_name($0) }).first else {
            throw .encoderNotFound(path: path, encoders: codec.encoderNames)
        }
        let fitsStill = container == .png ? codec == .png : container == .jpeg ? codec == .mjpeg : true
        let muxer = av_guess_format(container.muxer, nil, nil)
        guard fitsStill, let muxer, avformat_query_codec(muxer, encoder.pointee.id, FF_COMPLIANCE_NORMAL) != 0 else {
            throw .codecNotSupportedByContainer(path: path, codec: codec.rawValue, container: container.rawValue)
        }
        self.url = url
        self.options = options
        self.codec = codec
        self.container = container
        self.fault = options.faultInjection ?? MediaFaultInjection.fromEnvironment
        self.machine = ConditionLock(RecorderSinkStateMachine(path: path))
    }

    /// The recording's state now.
    public var state: RecorderState {
        machine.withLock { RecorderState(rawValue: $0.name)! }
    }

    /// Seconds spent so far handing frames to the encoder, encoding and
    /// muxing them (with the audio), and finishing the file.
    public var encodeSeconds: Double { encodeTime.withLock { $0 } }

    /// The layout frames should arrive in so that the encoder takes them
    /// as they are, for frames that would otherwise be in `layout`: the
    /// layout itself when the encoder takes it; 4:2:0 for RGBA going to a
    /// delivery codec (H.264, HEVC, VP9, AV1, MPEG-4); RGBA for YUV going
    /// to an RGB-only encoder (PNG). Where no layout fits the encoder
    /// exactly (JPEG's full-range formats, 10-bit 4:2:2 ProRes) it is
    /// `layout`, and the recorder converts with swscale.
    public func preferredLayout(for layout: PixelLayout) -> PixelLayout {
        guard let encoder = codec.encoderNames.lazy.compactMap({ avcodec_find_encoder_by_name($0) }).first else {
            return layout
        }
        let chosen = VideoEncoder.chooseFormat(
            codec: codec, encoder: encoder, format: FrameFormat(width: 2, height: 2, layout: layout))
        if let direct = FFPixelFormat.directLayout(for: chosen), !direct.impliesFullRange { return direct.layout }
        if layout.isYUV && FFPixelFormat.isRGBLike(chosen) { return .rgba8 }
        return layout
    }

    /// Opens the encoder and the temporary file for frames described by `input`.
    public func begin(_ input: RecordingInput) throws(MediaError) {
        if case .reject(let error) = machine.withLock({ $0.begin() }) { throw error }
        do {
            try work.withLock { slot throws(MediaError) in
                slot = try RecordingSession(
                    url: url, container: container, codec: codec, options: options, input: input, fault: fault)
            }
        } catch {
            machine.withLockBroadcasting { _ = $0.fail(error) }
            throw error
        }
    }

    /// Encodes one frame (discarded while paused).
    public func append(_ frame: TimedFrame) throws(MediaError) {
        switch machine.withLock({ $0.append() }) {
        case .reject(let error): throw error
        case .discard: return
        case .write: break
        }
        do {
            try work.withLock { slot throws(MediaError) in
                // A cancel that won the race took the session away.
                guard let session = slot else { throw .recordingCancelled(path: url.path) }
                let start = ContinuousClock.now
                defer { addEncodeTime(since: start) }
                try session.write(frame)
            }
        } catch {
            fail(error)
            throw error
        }
    }

    /// Frames appended while paused are not written; timestamps are not
    /// shifted, so the output has a gap where the pause was.
    public func pause() { _ = machine.withLock { $0.pause() } }

    /// Writes appended frames again after `pause()`.
    public func resume() { _ = machine.withLock { $0.resume() } }

    /// Abandons the recording and removes the temporary file. Idempotent;
    /// during `finishRecording()` it wins unless the file was already moved
    /// into place.
    public func cancel() {
        let action = machine.withLockBroadcasting { $0.cancel() }
        if action == .discardOutput {
            let session = work.withLock { slot -> RecordingSession? in
                defer { slot = nil }
                return slot
            }
            session?.abandon()
        }
    }

    /// Stops accepting frames and completes the file; see the type's contract.
    public func finishRecording() throws(MediaError) -> RecordedClip {
        while true {
            switch machine.withLock({ $0.finish() }) {
            case .returnClip(let clip): return clip
            case .fail(let error): throw error
            case .waitForOtherFinish: machine.wait(until: { $0.isTerminal }, then: { _ in })
            case .finish: return try finish()
            }
        }
    }

    // MARK: Internals

    private func finish() throws(MediaError) -> RecordedClip {
        let taken = work.withLock { slot -> RecordingSession? in
            defer { slot = nil }
            return slot
        }
        guard let session = taken else {
            // Only a failed begin leaves no session, and that ends `failed`.
            preconditionFailure("a recording is finishing without a session")
        }
        do throws(MediaError) {
            guard session.framesSent > 0 else { throw MediaError.noFramesWritten(path: url.path) }
            let finishing = ContinuousClock.now
            let result = try session.finish()
            addEncodeTime(since: finishing)
            let temporary = session.temporaryURL
            if fault == .outputVanishes { RecordingSession.remove(temporary) }
            guard Self.fileSize(temporary) ?? 0 > 0 else { throw MediaError.outputMissing(path: url.path) }
            return try machine.withLockBroadcasting { machine throws(MediaError) -> RecordedClip in
                // Under the lock: a cancel either came before this point and
                // wins, or comes after and finds the recording finished.
                guard machine.commit() else { throw .recordingCancelled(path: url.path) }
                guard rename(temporary.path, url.path) == 0 else {
                    throw .renameFailed(path: url.path, reason: String(cString: strerror(errno)))
                }
                guard let size = Self.fileSize(url), size > 0 else { throw .outputMissing(path: url.path) }
                let clip = RecordedClip(
                    url: url, timeRange: result.timeRange, frameCount: result.framesWritten,
                    codecName: session.encoder.name, width: Int(session.encoder.context.pointer.pointee.width),
                    height: Int(session.encoder.context.pointer.pointee.height),
                    pixelFormat: FFPixelFormat.name(session.encoder.pixelFormat), container: container.rawValue,
                    fileSize: size, audio: session.audioSummary, notes: session.notes)
                machine.finished(clip)
                return clip
            }
        } catch {
            session.abandon()
            if case .outputMissing = error { RecordingSession.remove(url) }
            let ended = machine.withLockBroadcasting { machine -> RecorderSinkStateMachine.State in
                machine.fail(error)
                return machine.state
            }
            if case .cancelled = ended { throw .recordingCancelled(path: url.path) }
            throw error
        }
    }

    private func addEncodeTime(since start: ContinuousClock.Instant) {
        let elapsed = (ContinuousClock.now - start).seconds
        encodeTime.withLock { $0 += elapsed }
    }

    private func fail(_ error: MediaError) {
        let ended = machine.withLockBroadcasting { $0.fail(error) }
        guard ended else { return }
        let session = work.withLock { slot -> RecordingSession? in
            defer { slot = nil }
            return slot
        }
        session?.abandon()
    }

    private static func fileSize(_ url: URL) -> Int64? {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(info.st_size)
    }
}
