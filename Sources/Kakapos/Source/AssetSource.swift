import CFFmpeg
import Dispatch
import Foundation
import Harbeth

/// A span of a video stream in its time base's ticks: from `start` (at or
/// after) to `end` (before); nil is no bound.
public struct TickRange: Sendable, Hashable, Codable {
    /// The first timestamp in the span, if bounded.
    public var start: Int64?
    /// The first timestamp after the span, if bounded.
    public var end: Int64?

    /// The span from `start` up to, not including, `end`.
    public init(start: Int64?, end: Int64?) {
        self.start = start
        self.end = end
    }
}

/// Decodes the video of one file on its own thread and delivers the frames,
/// then exactly one finish, to a consumer on a dedicated delivery queue.
///
/// Anything FFmpeg reads can be opened: mp4, mov, mkv, webm, avi, and still
/// images (png, jpg). `init` checks the file, probes it, refuses absurd
/// sizes and decodes the first frame, so `metadata` says what will be
/// delivered before delivery starts. Frames in yuv420p, yuv422p, yuv444p,
/// nv12, yuv420p10le, the full-range yuvj formats and rgba are handed over
/// without a copy; other pixel formats go through swscale to the nearest
/// Harbeth layout (named in `metadata.conversion`).
///
/// Delivery contract:
/// - Each delivery runs inside a delivery fence that `stop()` observes.
/// - `stop()` blocks new deliveries, waits for a delivery that has already
///   started to return, drops deliveries that were waiting, sends `finish`
///   once, and only then returns. After it returns there are no more events.
///   Called from inside a delivery, it cannot wait for that delivery (it is
///   running it): it sends the finish right there, nested, and returns.
/// - At the natural end every frame event happens-before the single finish.
public final class AssetSource: Sendable {
    /// The default limit on a frame's declared pixel count: 8192 x 8192.
    public static let defaultMaxPixels = 8192 * 8192

    /// How the source reads and delivers.
    public struct Options: Sendable {
        /// How frames reach a slower consumer; `lossless` never drops one.
        public var delivery: DeliveryPolicy
        /// Seconds from the stream's start to begin at: the source seeks to
        /// the key frame before it and discards the frames before `start`.
        public var start: Double?
        /// Seconds of video to deliver from the start.
        public var duration: Double?
        /// At most this many frames are delivered.
        public var frameLimit: Int?
        /// Times the file plays again after the first, as FFmpeg's
        /// `-stream_loop` (-1: without end; `duration` or `frameLimit` ends
        /// it): each play's frames follow the last's, timed on. Its audio is
        /// not carried (it would stop after one play).
        public var loops = 0
        /// Files declaring frames of more pixels than this are refused
        /// before any frame buffer is allocated.
        public var maxPixels: Int
        /// Fail at the first undecodable packet or early end instead of
        /// skipping and counting it.
        public var strict: Bool
        /// Decoder threads; 0 lets FFmpeg choose.
        public var decoderThreads: Int
        /// Decode the N-th video stream (`0:v:N`) instead of FFmpeg's best.
        public var videoStreamNumber: Int?
        /// The demuxer or device to read with (FFmpeg's `-f`: `mpegts`,
        /// `matroska`, `image2`, `x11grab`, `lavfi`, ...); nil lets FFmpeg
        /// probe. A `.device` location names its own.
        public var format: String?
        /// Options for the demuxer, device or protocol, as FFmpeg names them:
        /// `framerate`, `start_number`, `pattern_type`, `video_size`,
        /// `listen`, ... One that nothing takes is an error
        /// (`inputOptionsNotTaken`).
        public var formatOptions: [String: String]
        /// Seconds one read may wait for data. A live input that goes quiet
        /// for this long ends: before its first frame with `inputTimedOut`,
        /// after it as if the stream ended (`SourceSummary.stalledAfter`
        /// says so). Nil waits as long as the protocol does.
        public var timeout: Double?
        /// An exact window of the video stream, in its own ticks (its time
        /// base): the frames whose timestamps are at or after `start` and
        /// before `end` (either nil for no bound). Set, it replaces `start`
        /// and `duration`; a shard of a `ShardPlan` is one.
        public var range: TickRange?

        /// Creates source options; each parameter sets the property of the same name. By default: lossless delivery
        /// of the whole stream, `AssetSource.defaultMaxPixels`, bad packets skipped and counted, FFmpeg's choice of
        /// decoder threads and of video stream.
        public init(
            delivery: DeliveryPolicy = .lossless, start: Double? = nil, duration: Double? = nil,
            frameLimit: Int? = nil, maxPixels: Int = AssetSource.defaultMaxPixels, strict: Bool = false,
            decoderThreads: Int = 0, videoStreamNumber: Int? = nil, format: String? = nil,
            formatOptions: [String: String] = [:], timeout: Double? = nil, range: TickRange? = nil
        ) {
            self.range = range
            self.format = format
            self.formatOptions = formatOptions
            self.timeout = timeout
            self.videoStreamNumber = videoStreamNumber
            self.delivery = delivery
            self.start = start
            self.duration = duration
            self.frameLimit = frameLimit
            self.maxPixels = maxPixels
            self.strict = strict
            self.decoderThreads = decoderThreads
        }
    }

    /// What is being read.
    public let location: MediaLocation
    /// The file being read, or the location's name as a URL.
    public let url: URL
    /// The options it was opened with.
    public let options: Options
    /// What the file holds and what will be delivered.
    public let metadata: AssetMetadata
    /// The source's raw colour primaries and transfer, for the recorder.
    let colorTags: ColorTags
    /// The trim in stream ticks: where delivered timestamps begin.
    let trimStartPTS: Int64?
    /// The frames' way to the consumer (the contract above).
    let delivery: FrameDelivery
    /// A live input's audio, handed on with the frames.
    let audio: AudioCapture?
    /// The first frame's time, in seconds of the input (nil after a seek):
    /// where a live recording's output starts.
    let firstFrameTime: Double?
    /// Interrupts the decoder's reads when the source stops.
    private let watchdog: IOWatchdog
    /// The demuxer and decoder until `start` hands them to the decode thread.
    private let opened: ConditionLock<OpenedAsset?>
    /// Seconds spent opening and decoding (not waiting for the consumer).
    private let decodeTime: ConditionLock<Double>
    /// Set when a live input's timeout ended it.
    private let stalledAfter = ConditionLock<Double?>(nil)

    /// Opens and probes the file at `url`; throws a `MediaError` naming the
    /// file when it cannot deliver video.
    public convenience init(url: URL, options: Options = Options()) throws(MediaError) {
        try self.init(location: .file(url.path), options: options)
    }

    /// Opens and probes `location` (a file, pipe, URL, image sequence or
    /// device) and decodes its first frame; throws a `MediaError` naming it
    /// when it cannot deliver video. Opening a live input waits for its
    /// first frame: `interruption.stop()` (from another thread, on a
    /// signal) or `options.timeout` ends that wait.
    public init(
        location: MediaLocation, options: Options = Options(), interruption: InputInterruption? = nil
    ) throws(MediaError) {
        let opening = ContinuousClock.now
        let watchdog = IOWatchdog(timeout: options.timeout)
        interruption?.attach(watchdog)
        let opened = try Self.open(location: location, options: options, watchdog: watchdog)
        self.decodeTime = ConditionLock((ContinuousClock.now - opening).seconds)
        self.location = location
        self.watchdog = watchdog
        self.url = opened.metadata.url
        self.options = options
        self.metadata = opened.metadata
        self.colorTags = opened.colorTags
        self.trimStartPTS = opened.firstPTS
        self.audio = opened.audio
        self.firstFrameTime = opened.primed.map { frame in
            Double(opened.decoder.timing(of: frame).pts) * (opened.decoder.timeBase.doubleValue ?? 0)
        }
        var prepare: (@Sendable (TimedFrame) -> TimedFrame)?
        if let capture = opened.audio {
            prepare = { frame in
                var withAudio = frame
                withAudio.audio = capture.take(forFrameAt: frame.seconds)
                return withAudio
            }
        }
        self.delivery = FrameDelivery(policy: options.delivery, label: "kakapos.source.delivery", prepare: prepare)
        self.opened = ConditionLock(opened)
    }

    /// The queue the consumer's handler runs on.
    var deliveryQueue: DispatchQueue { delivery.queue }

    /// The counts so far (final once the finish was delivered).
    public var summary: SourceSummary { delivery.summary }

    /// Seconds of work so far on opening the file (probing, the first
    /// frame) and on decoding and converting frames; time the decoder spent
    /// waiting for the consumer is not counted. Final once the finish was
    /// delivered.
    public var decodeSeconds: Double { decodeTime.withLock { $0 } }

    /// Starts decoding. `handler` receives every event on the delivery
    /// queue, one at a time: frames, then one finish. A source starts once.
    public func start(_ handler: @escaping @Sendable (SourceEvent) -> Void) throws(MediaError) {
        // Taken only by a start that will run: a second start finds it gone.
        let asset = opened.withLock { $0 }
        guard let asset,
            delivery.start(handler, threadName: "kakapos.decode", produce: { [self] in decode(asset) })
        else { throw .sourceAlreadyStarted(path: location.description) }
        opened.withLock { $0 = nil }
    }

    /// Ends delivery; see the type's contract. Idempotent: later calls
    /// return once the finish has been delivered.
    public func stop() {
        // A read waiting for a live stream's next packet returns at once.
        watchdog.stop()
        // Never started: release the demuxer and decoder now.
        delivery.stop(neverStarted: { opened.withLock { $0 = nil } })
    }

    // MARK: Decode thread

    private func decode(_ opened: OpenedAsset) {
        let decoder = opened.decoder
        var primed = opened.primed
        var index = 0
        var reason = SourceFinish.Reason.endOfStream
        var reachedEnd = false
        // -stream_loop: the plays so far, where the last one ended on the
        // output's timeline, and what a play's ticks add to reach it.
        var play = Play()
        do {
            while true {
                if let limit = options.frameLimit, index >= limit { break }
                let decoded: FFFrame
                let decoding = ContinuousClock.now
                if let first = primed {
                    decoded = first
                    primed = nil
                } else if let next = try nextFrame(decoder) {
                    decoded = next
                } else if play.again(loops: options.loops), !location.isLive {
                    // Again from the file's start, timed on from the last frame's end.
                    AssetSource.rewind(decoder.input, stream: Int(decoder.streamIndex), to: opened.streamStart)
                    decoder.flush()
                    continue
                } else {
                    reachedEnd = true
                    break
                }
                var timing = decoder.timing(of: decoded)
                if play.count == 1, let first = opened.firstPTS, timing.pts < first {
                    addDecodeTime(since: decoding)
                    continue
                }
                timing.pts = play.place(timing)
                if let end = opened.endPTS, timing.pts >= end { break }
                let frame = try decoder.makeTimedFrame(decoded, timing: timing, index: index)
                addDecodeTime(since: decoding)
                index += 1
                let counts = (decoder.undecodable, decoder.concealed)
                guard
                    delivery.offer(
                        frame,
                        count: {
                            $0.undecodableFrames = counts.0
                            $0.concealedFrames = counts.1
                        })
                else { return }
            }
        } catch {
            reason = .failed(error)
        }
        var endedEarly = false
        if reachedEnd, case .endOfStream = reason {
            let seen = decoder.decodedFrames + decoder.undecodable
            endedEarly = decoder.sawCorruptPacket || (opened.declaredFrames.map { seen < $0 } ?? false)
            if endedEarly && options.strict {
                let detail =
                    opened.declaredFrames.map { "\(seen) of \($0) declared frames" } ?? "the last packet is cut off"
                reason = .failed(.truncated(path: location.description, detail: detail))
            }
        }
        let counts = (decoder.undecodable, decoder.concealed, endedEarly, stalled)
        delivery.end(reason) {
            $0.undecodableFrames = counts.0
            $0.concealedFrames = counts.1
            $0.endedEarly = counts.2
            $0.stalledAfter = counts.3
        }
    }

    /// Where the plays of a looped file (`Options.loops`) lie on the
    /// output's timeline, in stream ticks.
    private struct Play {
        /// Plays begun, the first included.
        var count = 1
        /// Ticks added to this play's timestamps.
        var offset: Int64 = 0
        /// The end of the last frame placed, on the output's timeline.
        var end: Int64?
        /// True until this play's first frame was placed.
        var starting = true

        /// Begins another play when `loops` allows one after the frames
        /// placed so far (-1: always).
        mutating func again(loops: Int) -> Bool {
            guard loops < 0 || count <= loops, end != nil, !starting else { return false }
            count += 1
            starting = true
            return true
        }

        /// `timing`'s timestamp on the output's timeline: a play's first
        /// frame follows the last play's end.
        mutating func place(_ timing: (pts: Int64, duration: Int64?)) -> Int64 {
            if starting {
                if let end, count > 1 { offset = end - timing.pts }
                starting = false
            }
            let placed = timing.pts + offset
            end = max(end ?? placed, placed + (timing.duration ?? 1))
            return placed
        }
    }

    /// Seconds of silence that ended a live input (its timeout), if that is how it ended.
    private var stalled: Double? { stalledAfter.withLock { $0 } }

    /// The decoder's next frame; a live input that went quiet for its
    /// timeout ends there, as if the stream had ended.
    private func nextFrame(_ decoder: FrameDecoder) throws(MediaError) -> FFFrame? {
        do {
            return try decoder.nextDecodedFrame()
        } catch {
            if case .inputTimedOut(_, let seconds) = error, location.isLive {
                stalledAfter.withLock { $0 = seconds }
                return nil
            }
            throw error
        }
    }

    private func addDecodeTime(since start: ContinuousClock.Instant) {
        let elapsed = (ContinuousClock.now - start).seconds
        decodeTime.withLock { $0 += elapsed }
    }

    /// Installs observation points for contract tests.
    func setTestHooks(_ hooks: SourceTestHooks) {
        delivery.setTestHooks(hooks)
    }
}
