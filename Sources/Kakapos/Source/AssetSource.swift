import CFFmpeg
import Dispatch
import Foundation
import Harbeth

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

        public init(
            delivery: DeliveryPolicy = .lossless, start: Double? = nil, duration: Double? = nil,
            frameLimit: Int? = nil, maxPixels: Int = AssetSource.defaultMaxPixels, strict: Bool = false,
            decoderThreads: Int = 0, videoStreamNumber: Int? = nil
        ) {
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

    /// The file being read.
    public let url: URL
    /// The options it was opened with.
    public let options: Options
    /// What the file holds and what will be delivered.
    public let metadata: AssetMetadata
    /// The source's raw colour primaries and transfer, for the recorder.
    let colorTags: ColorTags
    /// The trim in stream ticks: where delivered timestamps begin.
    let trimStartPTS: Int64?
    let deliveryQueue: DispatchQueue
    private let state: ConditionLock<State>
    private let decoderExited = DispatchGroup()
    /// Seconds spent opening and decoding (not waiting for the consumer).
    private let decodeTime: ConditionLock<Double>

    private struct State {
        var machine: AssetSourceStateMachine<TimedFrame>
        var handler: (@Sendable (SourceEvent) -> Void)?
        /// The demuxer and decoder until `start` hands them to the decode thread.
        var opened: OpenedAsset?
        /// The thread running the current delivery, to recognise a `stop()`
        /// called from inside one.
        var deliveringThread: pthread_t?
        var hooks = SourceTestHooks()

        func isInsideDelivery() -> Bool {
            guard machine.isDelivering, let thread = deliveringThread else { return false }
            return pthread_equal(thread, pthread_self()) != 0
        }
    }

    /// Opens and probes `url`; throws a `MediaError` naming the file when it
    /// cannot deliver video.
    public init(url: URL, options: Options = Options()) throws(MediaError) {
        let opening = ContinuousClock.now
        let opened = try Self.open(url: url, options: options)
        self.decodeTime = ConditionLock((ContinuousClock.now - opening).seconds)
        self.url = url
        self.options = options
        self.metadata = opened.metadata
        self.colorTags = opened.colorTags
        self.trimStartPTS = opened.firstPTS
        self.deliveryQueue = DispatchQueue(label: "kakapos.source.delivery")
        self.state = ConditionLock(State(machine: AssetSourceStateMachine(policy: options.delivery), opened: opened))
    }

    /// The counts so far (final once the finish was delivered).
    public var summary: SourceSummary { state.withLock { $0.machine.summary } }

    /// Seconds of work so far on opening the file (probing, the first
    /// frame) and on decoding and converting frames; time the decoder spent
    /// waiting for the consumer is not counted. Final once the finish was
    /// delivered.
    public var decodeSeconds: Double { decodeTime.withLock { $0 } }

    /// Starts decoding. `handler` receives every event on the delivery
    /// queue, one at a time: frames, then one finish. A source starts once.
    public func start(_ handler: @escaping @Sendable (SourceEvent) -> Void) throws(MediaError) {
        let (opened, hook) = try state.withLock { state throws(MediaError) -> (OpenedAsset, (@Sendable () -> Void)?) in
            guard state.machine.start(), let opened = state.opened else {
                throw .sourceAlreadyStarted(path: url.path)
            }
            state.opened = nil
            state.handler = handler
            // Under the lock that started the source: a stop() that sees it
            // running also sees the decode thread it must wait for.
            decoderExited.enter()
            return (opened, state.hooks.afterStartDecided)
        }
        hook?()
        let thread = Thread { [self] in
            decode(opened)
            state.withLock { $0.hooks.decodeThreadExiting }?()
            decoderExited.leave()
        }
        thread.name = "kakapos.decode"
        thread.start()
    }

    /// Ends delivery; see the type's contract. Idempotent: later calls
    /// return once the finish has been delivered.
    public func stop() {
        let (action, inside, hook) = state.withLockBroadcasting { state in
            let inside = state.isInsideDelivery()
            let action = state.machine.stop()
            // Never started: release the demuxer and decoder now.
            state.opened = nil
            return (action, inside, state.hooks.stopWillWaitForDelivery)
        }
        switch action {
        case .none:
            return
        case .waitForFinish:
            if !inside { state.wait(until: { $0.machine.mode == .finished }, then: { _ in }) }
        case .deliverFinish(let waitForDelivery):
            if waitForDelivery && !inside {
                hook?()
                // The fence: a delivery that began before the stop returns first.
                state.wait(until: { !$0.machine.isDelivering }, then: { _ in })
                state.withLock { $0.hooks.stopPassedTheFence }?()
            }
            let (handler, summary) = state.withLock { ($0.handler, $0.machine.summary) }
            let finish = SourceEvent.finish(SourceFinish(reason: .stopped, summary: summary))
            if inside {
                handler?(finish)
            } else {
                // Through the delivery queue, so that the consumer sees all
                // its events there; blocks queued earlier find nothing to do.
                deliveryQueue.sync { handler?(finish) }
            }
            state.withLockBroadcasting { state in
                state.machine.stopFinished()
                state.handler = nil
            }
            // The decode thread saw the stop (it was woken above) and ends
            // without touching the consumer; wait so its file is closed.
            decoderExited.wait()
        }
    }

    // MARK: Decode thread

    private func decode(_ opened: OpenedAsset) {
        let decoder = opened.decoder
        var primed = opened.primed
        var index = 0
        var reason = SourceFinish.Reason.endOfStream
        var reachedEnd = false
        do {
            while true {
                if let limit = options.frameLimit, index >= limit { break }
                let decoded: FFFrame
                let decoding = ContinuousClock.now
                if let first = primed {
                    decoded = first
                    primed = nil
                } else if let next = try decoder.nextDecodedFrame() {
                    decoded = next
                } else {
                    reachedEnd = true
                    break
                }
                let timing = decoder.timing(of: decoded)
                if let first = opened.firstPTS, timing.pts < first {
                    addDecodeTime(since: decoding)
                    continue
                }
                if let end = opened.endPTS, timing.pts >= end { break }
                let frame = try decoder.makeTimedFrame(decoded, timing: timing, index: index)
                addDecodeTime(since: decoding)
                index += 1
                guard offer(frame, decoder: decoder, endedEarly: false) else { return }
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
                reason = .failed(.truncated(path: url.path, detail: detail))
            }
        }
        let (schedule, hook) = state.withLock { state in
            state.machine.recordDecoding(
                undecodable: decoder.undecodable, concealed: decoder.concealed, endedEarly: endedEarly)
            return (state.machine.end(reason), state.hooks.decoderEnded)
        }
        hook?()
        if schedule { deliveryQueue.async { self.deliverNext() } }
    }

    private func addDecodeTime(since start: ContinuousClock.Instant) {
        let elapsed = (ContinuousClock.now - start).seconds
        decodeTime.withLock { $0 += elapsed }
    }

    /// Hands a frame to the delivery side. Returns false once stopped.
    private func offer(_ frame: TimedFrame, decoder: FrameDecoder, endedEarly: Bool) -> Bool {
        let action = state.waitFor { state -> AssetSourceStateMachine<TimedFrame>.OfferAction? in
            state.machine.recordDecoding(
                undecodable: decoder.undecodable, concealed: decoder.concealed, endedEarly: endedEarly)
            let action = state.machine.offer(frame)
            if action == .waitForRoom {
                state.hooks.decoderWaitingForRoom?(frame.index)
                return nil
            }
            return action
        }
        switch action {
        case .deliver:
            deliveryQueue.async { self.deliverNext() }
            return true
        case .dropped:
            return true
        case .stop, .waitForRoom:
            return false
        }
    }

    // MARK: Delivery queue

    private func deliverNext() {
        // Taking a frame makes room: wake a lossless decoder waiting for it,
        // so it decodes frame N+1 while the consumer has frame N.
        let taken = state.withLockBroadcasting {
            state -> (AssetSourceStateMachine<TimedFrame>.Delivery, SourceSummary, (@Sendable (SourceEvent) -> Void)?)?
            in
            guard let delivery = state.machine.beginDelivery() else { return nil }
            state.deliveringThread = pthread_self()
            return (delivery, state.machine.summary, state.handler)
        }
        guard let (delivery, summary, handler) = taken else { return }
        switch delivery {
        case .frame(let frame):
            handler?(.frame(frame))
        case .finish(let reason):
            handler?(.finish(SourceFinish(reason: reason, summary: summary)))
        }
        // Lowering the fence wakes a waiting stop() and a decoder waiting for room.
        state.withLockBroadcasting { state in
            state.machine.endDelivery()
            state.deliveringThread = nil
            if state.machine.mode == .finished { state.handler = nil }
        }
    }

    // MARK: Testing

    /// Installs observation points for contract tests.
    func setTestHooks(_ hooks: SourceTestHooks) {
        state.withLock { $0.hooks = hooks }
    }
}

/// Points where tests observe the source's internal order. They must not
/// call back into the source (`decoderWaitingForRoom` runs under its lock).
struct SourceTestHooks: Sendable {
    /// `stop()` has blocked new deliveries and is about to wait for the one running.
    var stopWillWaitForDelivery: (@Sendable () -> Void)?
    /// The lossless decoder is about to wait for room to offer the frame
    /// with this index (so the one before it is waiting for delivery).
    var decoderWaitingForRoom: (@Sendable (Int) -> Void)?
    /// The decoder offered its last frame (the finish is about to be queued).
    var decoderEnded: (@Sendable () -> Void)?
    /// `stop()` waited for the delivery that was running and saw it end.
    var stopPassedTheFence: (@Sendable () -> Void)?
    /// `start()` has decided to start and is about to launch the decode thread.
    var afterStartDecided: (@Sendable () -> Void)?
    /// The decode thread is done with the file and about to exit.
    var decodeThreadExiting: (@Sendable () -> Void)?
}
