import CFFmpeg
import Foundation

/// The state of a recording, as `RecorderSink.state` reports it.
public enum RecorderState: String, Sendable, Hashable {
    /// Made, but `begin` has not been called yet; nothing is open.
    case idle
    /// Begun (or opening): frames appended now are encoded and written.
    case recording
    /// Between `pause()` and `resume()`: appended frames are dropped, not written.
    case paused
    /// `finishRecording()` is flushing the encoder and writing the trailer.
    case finishing
    /// The file is complete at its final path. Terminal.
    case finished
    /// Opening, encoding or finishing failed; the temporary file was removed. Terminal.
    case failed
    /// Cancelled; the temporary file was removed. Terminal.
    case cancelled
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
        /// The encoder audio is re-encoded with, by FFmpeg's name (`aac`,
        /// `libopus`, `libmp3lame`, `flac`, `ac3`), as FFmpeg's `-c:a`; nil
        /// for the container's (AAC, Opus for webm). One that is not
        /// installed, or whose codec the container cannot hold, fails the
        /// recording before anything is written.
        public var audioEncoder: String?
        /// Bits per second of re-encoded audio, as FFmpeg's `-b:a`; nil for
        /// 64 kb/s a channel.
        public var audioBitrate: Int?
        /// Samples per second of re-encoded audio, as FFmpeg's `-ar`; nil
        /// keeps the source's where the encoder takes it. One the encoder
        /// does not take fails the recording before anything is written.
        public var audioSampleRate: Int?
        /// Channels of re-encoded audio (1 to 8), as FFmpeg's `-ac`; nil
        /// keeps the source's.
        public var audioChannels: Int?
        /// Write the source's rotation as the output's display matrix.
        public var keepRotation: Bool
        /// Replace a regular file at the output path. Off (the default), a
        /// file there is an error (`outputExists`) when the recording begins,
        /// and one that appears while it runs is never replaced
        /// (`outputAppeared`). On or off, nothing but a regular file is ever
        /// replaced (`outputNotReplaceable`); see `OutputFile`.
        public var overwrite: Bool
        /// The container by FFmpeg's muxer name (`matroska`, `mp4`, `mpegts`,
        /// `flv`, `nut`, ...), for a destination whose name has no extension
        /// (a pipe, a URL); nil takes it from the extension, or MPEG-TS for
        /// UDP, SRT and TCP and FLV for RTMP.
        public var format: String?
        /// Seconds a pipe or network output may block: connecting to an
        /// address that does not answer, or writing to a peer that stopped
        /// reading. Past it the recording fails with `outputTimedOut`. Nil
        /// waits as long as the protocol does.
        public var timeout: Double?
        /// The encoded video's pixel format by FFmpeg's name (`yuv420p`,
        /// `yuv444p10le`, `gray`, ...), as FFmpeg's `-pix_fmt`; the frames are
        /// made in it where the renderer can make it, else converted with
        /// swscale. Nil takes the format nearest the frames' that the
        /// encoder takes.
        public var pixelFormat: String?
        /// The shape to tag the video with (`-aspect`, `setsar`, `setdar`);
        /// nil tags it with the shape its frames carry.
        public var aspect: OutputAspect?
        /// Options of the video encoder by FFmpeg's names (`profile`, `level`,
        /// `tune`, `maxrate`, `bufsize`, `x264-params`), over those the
        /// other options set; one the encoder does not take is named in a
        /// note, a value it refuses fails the recording before anything is
        /// written.
        public var encoderOptions: [String: String] = [:]
        /// Options of the muxer (`movflags`), over the container's own (MP4
        /// and MOV files: `+faststart`); one it does not take is named in a
        /// note.
        public var muxerOptions: [String: String] = [:]
        /// The file's tags (`title`, `comment`), over those kept from the
        /// source, as FFmpeg's `-metadata`; an empty value removes the tag.
        public var metadata: [String: String] = [:]
        /// libavfilter's audio filters (FFmpeg's `-af`) between each audio
        /// track read from a file and its encoder: the track is re-encoded
        /// (with the container's encoder unless `audioEncoder` names one), at
        /// the chain's rate and channels unless `audioSampleRate` and
        /// `audioChannels` say otherwise. A program's own samples and a live
        /// input's sound are not filtered.
        public var audioFilter: AudioFilterChain?
        /// The subtitles' codec, as FFmpeg's `-c:s`: nil copies them, or
        /// converts text subtitles to what the container holds (bitmap ones
        /// it cannot hold are dropped and named); `copy` keeps the packets
        /// as they are, and a container that cannot hold them fails the
        /// recording; an encoder's name (`mov_text`, `ass`, `srt`,
        /// `webvtt`) converts text subtitles to it.
        public var subtitleCodec: String?
        /// Keep the source's file tags; false writes only `metadata`'s, as
        /// FFmpeg's `-map_metadata -1` (the streams keep their own tags).
        public var keepsSourceTags = true
        /// Keep the source's chapters; false leaves them out, as FFmpeg's
        /// `-map_chapters -1`.
        public var keepsSourceChapters = true
        /// The video stream's FourCC (`hvc1`, `avc1`), as FFmpeg's `-tag:v`;
        /// nil for the muxer's choice.
        public var videoTag: String?
        /// Makes encoder open or a packet write fail, for tests.
        package var faultInjection: MediaFaultInjection?

        /// Creates recorder options; each parameter sets the property of the same name. By default: the container's
        /// default codec, no CRF, preset, bitrate or GOP size given, the source audio copied, the rotation kept,
        /// no overwriting, and the pixel format nearest the frames'.
        public init(
            codec: VideoCodec? = nil, crf: Int? = nil, preset: String? = nil, bitrate: Int? = nil,
            gopSize: Int? = nil, audio: AudioMode = .copy, keepRotation: Bool = true, overwrite: Bool = false,
            format: String? = nil, timeout: Double? = nil, pixelFormat: String? = nil, aspect: OutputAspect? = nil,
            audioEncoder: String? = nil, audioBitrate: Int? = nil, audioSampleRate: Int? = nil,
            audioChannels: Int? = nil
        ) {
            self.audioSampleRate = audioSampleRate
            self.audioChannels = audioChannels
            self.audioEncoder = audioEncoder
            self.audioBitrate = audioBitrate
            self.pixelFormat = pixelFormat
            self.aspect = aspect
            self.format = format
            self.timeout = timeout
            self.codec = codec
            self.crf = crf
            self.preset = preset
            self.bitrate = bitrate
            self.gopSize = gopSize
            self.audio = audio
            self.keepRotation = keepRotation
            self.overwrite = overwrite
        }
    }

    /// Where the recording goes.
    public let destination: OutputDestination
    /// The final path of the recording (for a pipe or URL, its name as a URL).
    public let url: URL
    /// The options it was made with.
    public let options: Options
    /// The codec that will be written.
    public let codec: VideoCodec
    let container: Container
    /// How errors name the destination.
    private let path: String
    private let fault: MediaFaultInjection?
    /// The recording's state and, while it records, its session: one unit
    /// under one lock (see `RecorderSinkStateMachine`).
    private let machine: ConditionLock<RecorderSinkStateMachine<RecordingSession>>
    /// Seconds spent encoding and muxing.
    private let encodeTime = ConditionLock(0.0)
    /// Points where tests widen the windows between two threads' calls.
    let testHooks = ConditionLock(RecorderSinkTestHooks())

    /// A recorder of the file at `url`: checks that the extension (or
    /// `options.format`) names a container and the codec fits it; nothing
    /// is opened or written yet.
    public convenience init(url: URL, options: Options = Options()) throws(MediaError) {
        try self.init(destination: .file(url.path), options: options)
    }

    /// A recorder of `destination`: a file, a pipe, a URL or an image
    /// sequence. Checks that the extension or `options.format` names a
    /// container and the codec fits it; nothing is opened or written yet.
    public init(destination: OutputDestination, options: Options = Options()) throws(MediaError) {
        let path = destination.description
        let pathExtension = destination.pathExtension
        let container: Container
        if let format = options.format {
            guard let named = Container(formatName: format) else {
                throw .unsupportedOutputFormat(output: path, format: format)
            }
            container = named
        } else if let byExtension = Container(pathExtension: pathExtension) {
            container = byExtension
        } else if let byScheme = destination.defaultStreamContainer {
            container = byScheme
        } else if destination.isStream || pathExtension.isEmpty {
            throw .containerNotNamed(output: path)
        } else {
            throw .unsupportedContainer(path: path, pathExtension: pathExtension)
        }
        if case .imageSequence = destination, !container.isStillImage {
            throw .unsupportedOutputFormat(output: path, format: container.rawValue)
        }
        let codec = options.codec ?? container.defaultCodec
        guard let encoder = codec.encoderNames.lazy.compactMap({ avcodec_find_encoder_by_name($0) }).first else {
            throw .encoderNotFound(path: path, encoders: codec.encoderNames)
        }
        let fitsStill = container.stillCodec.map { $0 == codec } ?? true
        let muxer = av_guess_format(container.muxer, nil, nil)
        guard fitsStill, let muxer, avformat_query_codec(muxer, encoder.pointee.id, FF_COMPLIANCE_NORMAL) != 0 else {
            throw .codecNotSupportedByContainer(path: path, codec: codec.rawValue, container: container.rawValue)
        }
        if let name = options.pixelFormat {
            let format = av_get_pix_fmt(name)
            guard format != AV_PIX_FMT_NONE else { throw .unknownPixelFormat(output: path, name: name) }
            let supported = VideoEncoder.pixelFormats(of: encoder)
            guard supported.isEmpty || supported.contains(format) else {
                throw .pixelFormatNotSupported(
                    path: path, encoder: String(cString: encoder.pointee.name), name: name,
                    supported: supported.map { String(cString: av_get_pix_fmt_name($0)) })
            }
        }
        self.destination = destination
        switch destination {
        case .file(let file), .imageSequence(let file): url = URL(fileURLWithPath: file)
        case .pipe, .url: url = URL(string: destination.name) ?? URL(fileURLWithPath: destination.name)
        }
        self.options = options
        self.codec = codec
        self.container = container
        self.fault = options.faultInjection ?? MediaFaultInjection.fromEnvironment
        self.machine = ConditionLock(RecorderSinkStateMachine(path: path))
        self.path = path
    }

    /// A sink dropped in the middle of a recording abandons it: its
    /// temporary file is removed and nothing reaches the output path.
    deinit {
        machine.withLock { $0.abandonedSession }?.abandon()
    }

    /// True when the recording is one still image (a file, not a
    /// sequence): it takes one frame.
    package var holdsOneFrame: Bool {
        guard case .file = destination else { return false }
        return container.isStillImage
    }

    /// Every pixel format name FFmpeg knows (`yuv420p` first), for
    /// `Options.pixelFormat`.
    public static let pixelFormatNames: [String] = {
        var names: [String] = []
        var descriptor = av_pix_fmt_desc_next(nil)
        while let current = descriptor {
            names.append(String(cString: current.pointee.name))
            descriptor = av_pix_fmt_desc_next(current)
        }
        return names
    }()

    /// The container's name, e.g. `mkv`.
    public var containerName: String { container.rawValue }

    /// True when the output keeps a rotation as a display matrix (mp4 and
    /// mov; FFmpeg 5.1 writes none to Matroska, WebM or AVI).
    public var storesRotation: Bool { container.storesDisplayMatrix }

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
            codec: codec, encoder: encoder, format: FrameFormat(width: 2, height: 2, layout: layout),
            requested: options.pixelFormat)
        if let direct = FFPixelFormat.directLayout(for: chosen), !direct.impliesFullRange { return direct.layout }
        // RGB the encoder takes for YUV frames, or RGB asked for by name.
        if (layout.isYUV || options.pixelFormat != nil) && FFPixelFormat.isRGBLike(chosen) {
            return (FFPixelFormat.shape(chosen)?.depth ?? 8) > 8 ? .rgba16 : .rgba8
        }
        return layout
    }

    /// For frames of an opaque YUV `layout` that a filter may make
    /// transparent (a key): the layout to render them in so that the file
    /// keeps their alpha, when the encoder takes a format with alpha (the
    /// video's own shape with alpha where it can, FFmpeg's nearest
    /// otherwise, or what `pixelFormat` names); nil when it takes none,
    /// and the frames are rendered as `preferredLayout(for:)` says.
    public func alphaLayout(for layout: PixelLayout) -> PixelLayout? {
        guard layout.isYUV, !layout.hasAlpha,
            let encoder = codec.encoderNames.lazy.compactMap({ avcodec_find_encoder_by_name($0) }).first
        else { return nil }
        let own = FFPixelFormat.avFormat(for: layout)
        let chosen: AVPixelFormat
        if let requested = options.pixelFormat, case let named = av_get_pix_fmt(requested), named != AV_PIX_FMT_NONE {
            chosen = named
        } else {
            let keyed = FFPixelFormat.withAlpha(own) ?? AV_PIX_FMT_YUVA444P
            let supported = VideoEncoder.pixelFormats(of: encoder)
            chosen =
                supported.isEmpty || supported.contains(keyed)
                ? keyed : avcodec_find_best_pix_fmt_of_list(encoder.pointee.pix_fmts, keyed, 1, nil)
        }
        guard let shape = FFPixelFormat.shape(chosen), shape.hasAlpha else { return nil }
        if shape.isRGB { return shape.depth > 8 ? .rgba16 : .rgba8 }
        return shape.depth > 10 ? .yuva444p12 : .yuva444p10
    }

    /// The name of the encoder the video goes to (`libx264`), for notes.
    public var encoderName: String {
        codec.encoderNames.lazy.compactMap { avcodec_find_encoder_by_name($0) }.first.map {
            String(cString: $0.pointee.name)
        } ?? codec.encoderNames.first ?? "the encoder"
    }

    /// Looks at the output path (see `OutputFile`: an existing file is an
    /// error unless `overwrite`, and only a regular file is ever replaced),
    /// then opens the encoder and the temporary file for frames described
    /// by `input`.
    public func begin(_ input: SinkInput) throws(MediaError) {
        if case .reject(let error) = machine.withLock({ $0.begin() }) { throw error }
        testHooks.withLock { $0.afterDeciding }?()
        let session: RecordingSession
        do {
            let target: RecordingSession.Target
            switch destination {
            case .file(let file):
                let output = try OutputFile(file)
                try output.checkReplaceable(overwrite: options.overwrite)
                target = .file(output)
            case .pipe, .url: target = .stream(destination.name)
            case .imageSequence(let pattern): target = .sequence(pattern: pattern)
            }
            session = try RecordingSession(
                name: path, target: target, container: container, codec: codec, options: options, input: input,
                fault: fault)
        } catch {
            machine.withLockBroadcasting { $0.openFailed(error) }
            throw error
        }
        machine.withLockBroadcasting { $0.opened(session) }
    }

    /// Begins a recording of a program's own frames, shaped like
    /// `firstFrame`, at a constant `frameRate`: the time base is one tick
    /// per frame, so frame `n` is appended with `pts: n` (see
    /// `append(_:at:)`). `audio` declares samples that `appendAudio(_:)`
    /// will add.
    public func begin(firstFrame: VideoFrame, frameRate: Rational, audio: PCMAudioFormat? = nil) throws(MediaError) {
        guard frameRate.isValid else {
            throw .invalidGeneratedFrame("the frame rate \(frameRate) is not positive")
        }
        try begin(
            SinkInput(
                format: firstFrame.format, timeBase: Rational(frameRate.denominator, frameRate.numerator),
                frameRate: frameRate, audio: audio))
    }

    /// Encodes frame number `index` of a recording begun with
    /// `begin(firstFrame:frameRate:)`: shown at `index / frameRate` for one frame.
    public func append(_ frame: VideoFrame, at index: Int) throws(MediaError) {
        // An unknown time base (0/0) means the recording's own: one tick per frame.
        try append(TimedFrame(frame: frame, pts: Int64(index), duration: 1, timeBase: Rational(0, 0), index: index))
    }

    /// Encodes one frame (discarded while paused).
    public func append(_ frame: TimedFrame) throws(MediaError) {
        try withSessionForWriting { session, pauses throws(MediaError) in try session.write(frame, pauses: pauses) }
    }

    /// Encodes audio samples the program made: 32-bit float, channels
    /// interleaved, in the `PCMAudioFormat` the recording began with
    /// (`SinkInput.audio`), resampled with libswresample and encoded
    /// as the container's audio codec (AAC, or Opus for webm). The first
    /// sample plays at 0 and each call's samples follow the last call's.
    /// Discarded while paused, like frames. Throws `audioNotDeclared` when
    /// the recording began without an audio format.
    public func appendAudio(_ samples: [Float]) throws(MediaError) {
        try withSessionForWriting { session, _ throws(MediaError) in try session.writeAudio(samples) }
    }

    /// Stops writing: frames (and `appendAudio` samples) appended while
    /// paused are dropped. The state is `paused`; finishing while paused
    /// finishes the recording as it stands. Idempotent.
    public func pause() { _ = machine.withLock { $0.pause() } }

    /// Writes appended frames again after `pause()`. The output has no
    /// hole where the pause was: the first frame after it follows the last
    /// one before it, and every later timestamp moves back by as much (the
    /// clip's notes say by how much). The program's own audio continues
    /// from its last sample. A file's other streams (copied audio,
    /// subtitles) are not paused: they keep their own timing, and the
    /// notes say so.
    public func resume() { _ = machine.withLock { $0.resume() } }

    /// Abandons the recording and removes the temporary file. Idempotent.
    /// A `begin` or `append` in progress on another thread is waited for,
    /// so when `cancel()` returns no temporary file is left; during
    /// `finishRecording()` it wins unless the file was already moved into
    /// place.
    public func cancel() {
        if case .abandon(let session) = machine.waitForBroadcasting({ $0.cancel().waitingAsNil }) {
            session.abandon()
        }
    }

    /// Stops accepting frames and completes the file; see the type's contract.
    public func finishRecording() throws(MediaError) -> RecordedClip {
        switch machine.waitForBroadcasting({ $0.finish().waitingAsNil }) {
        case .returnClip(let clip): return clip
        case .fail(let error): throw error
        case .wait: preconditionFailure("a finish waited without waiting")
        case .finish(let session):
            testHooks.withLock { $0.afterDeciding }?()
            return try finish(session)
        }
    }

    /// `FrameSink`'s name for `finishRecording()`.
    public func finish() throws(MediaError) -> RecordedClip { try finishRecording() }

    // MARK: Internals

    /// The append path that frames and audio share: waits while another
    /// call has the session, does nothing while paused, and a failure
    /// fails the recording (its temporary file goes).
    private func withSessionForWriting(
        _ body: (RecordingSession, Int) throws(MediaError) -> Void
    ) throws(MediaError) {
        let session: RecordingSession
        let pauses: Int
        switch machine.waitForBroadcasting({ $0.append().waitingAsNil }) {
        case .reject(let error): throw error
        case .discard, .wait: return
        case .write(let taken, let count):
            session = taken
            pauses = count
        }
        testHooks.withLock { $0.afterDeciding }?()
        let start = ContinuousClock.now
        var failure: MediaError?
        do { try body(session, pauses) } catch { failure = error }
        addEncodeTime(since: start)
        let abandoned = machine.withLockBroadcasting { $0.appended(failure: failure) }
        abandoned?.abandon()
        if let failure { throw failure }
    }

    private func finish(_ session: RecordingSession) throws(MediaError) -> RecordedClip {
        let clip = try prepare(session)
        let (committed, placement) = try commit(session, clip: clip, keepingReplaced: false)
        placement?.finish()
        return committed
    }

    /// Flushes the encoder and writes the trailer, into the temporary file:
    /// everything a finish does but the commit. A failure abandons it.
    private func prepare(_ session: RecordingSession) throws(MediaError) -> RecordedClip {
        do throws(MediaError) {
            let finishing = ContinuousClock.now
            let result = try session.finish()
            addEncodeTime(since: finishing)
            // The contract's check, in one place: at least one frame was written.
            guard result.framesWritten > 0, let timeRange = result.timeRange else {
                throw MediaError.noFramesWritten(path: path)
            }
            if fault == .outputVanishes, let temporary = session.temporaryPath { unlink(temporary) }
            guard let size = session.finishedSize(), size > 0 else { throw MediaError.outputMissing(path: path) }
            let encoder = session.encoder
            return RecordedClip(
                url: url, timeRange: timeRange, frameCount: result.framesWritten, codecName: encoder.name,
                width: Int(encoder.context.pointer.pointee.width), height: Int(encoder.context.pointer.pointee.height),
                pixelFormat: FFPixelFormat.name(encoder.pixelFormat), container: container.rawValue, fileSize: size,
                audio: session.audioSummary, notes: session.notes(pauses: machine.withLock { $0.pauses }))
        } catch {
            // The temporary file goes; whatever stands at the output path
            // stays exactly as it was.
            session.abandon()
            throw machine.withLockBroadcasting { $0.finishFailed(error) }
        }
    }

    /// Puts the prepared recording in place, unless a cancel came first.
    /// With `keepingReplaced`, the file it replaced is kept until the
    /// placement is finished or rolled back.
    private func commit(_ session: RecordingSession, clip: RecordedClip, keepingReplaced: Bool) throws(MediaError)
        -> (RecordedClip, OutputFile.Placement?)
    {
        do throws(MediaError) {
            return try machine.withLockBroadcasting {
                machine throws(MediaError) -> (RecordedClip, OutputFile.Placement?) in
                // Under the lock: a cancel either came before this point and
                // wins, or comes after and finds the recording finished.
                guard machine.commit() else { throw .recordingCancelled(path: path) }
                let placement = try session.commit(overwrite: options.overwrite, keepingReplaced: keepingReplaced)
                var clip = clip
                clip.images = session.committedImages
                machine.finished(clip)
                return (clip, placement)
            }
        } catch {
            session.abandon()
            throw machine.withLockBroadcasting { $0.finishFailed(error) }
        }
    }

    // MARK: Finishing in a group

    /// A recording whose trailer is written and which waits, in its
    /// temporary file, for `commitPrepared` or `abandonPrepared`
    /// (`RecorderGroup` finishes all its outputs before it commits any).
    package struct PreparedRecording: Sendable {
        let session: RecordingSession?
        let clip: RecordedClip?
    }

    /// Finishes the recording without putting it in place.
    package func finishWithoutCommitting() throws(MediaError) -> PreparedRecording {
        switch machine.waitForBroadcasting({ $0.finish().waitingAsNil }) {
        case .returnClip(let clip): return PreparedRecording(session: nil, clip: clip)
        case .fail(let error): throw error
        case .wait: preconditionFailure("a finish waited without waiting")
        case .finish(let session):
            testHooks.withLock { $0.afterDeciding }?()
            return PreparedRecording(session: session, clip: try prepare(session))
        }
    }

    /// Puts a prepared recording in place, keeping the file it replaced
    /// until the placement is finished or rolled back.
    package func commitPrepared(_ prepared: PreparedRecording) throws(MediaError)
        -> (RecordedClip, OutputFile.Placement?)
    {
        guard let session = prepared.session, let clip = prepared.clip else {
            return (prepared.clip!, nil)
        }
        return try commit(session, clip: clip, keepingReplaced: true)
    }

    /// Abandons a prepared recording: its temporary file goes, and the
    /// recording ends failed with `error` (cancelled if a cancel came).
    package func abandonPrepared(_ prepared: PreparedRecording, because error: MediaError) {
        guard let session = prepared.session else { return }
        session.abandon()
        _ = machine.withLockBroadcasting { $0.finishFailed(error) }
    }

    private func addEncodeTime(since start: ContinuousClock.Instant) {
        let elapsed = (ContinuousClock.now - start).seconds
        encodeTime.withLock { $0 += elapsed }
    }

}

/// Points where tests observe or widen the windows between calls made on
/// two threads. They must not call back into the sink.
struct RecorderSinkTestHooks: Sendable {
    /// A call has been decided by the state machine (begin is to open,
    /// append to write, finish to finish) and is about to do its work.
    var afterDeciding: (@Sendable () -> Void)?
}

extension RecorderSinkStateMachine.AppendAction {
    fileprivate var waitingAsNil: Self? {
        if case .wait = self { return nil }
        return self
    }
}

extension RecorderSinkStateMachine.FinishAction {
    fileprivate var waitingAsNil: Self? {
        if case .wait = self { return nil }
        return self
    }
}

extension RecorderSinkStateMachine.CancelAction {
    fileprivate var waitingAsNil: Self? {
        if case .wait = self { return nil }
        return self
    }
}
