import Dispatch
import Foundation
import Harbeth

/// Decodes a source, runs every frame through a processor, and hands the
/// results to a sink in submission order: decode N+1, process N, encode N-1,
/// with a bounded number of frames in flight, so memory stays flat however
/// long the input is.
///
/// Contract:
/// - One run moves one way: `idle -> running -> finished | cancelled | failed`;
///   the terminal states are irreversible and announced exactly once.
/// - Every callback belongs to a run; a callback of an old run, or one that
///   arrives after the terminal state, changes nothing (no state, no `lastError`).
/// - `start()` on a pipeline that ran does not start the source again; it
///   throws `pipelineAlreadyStarted`. Build a new pipeline, processor and sink.
/// - `cancel()` is idempotent. While frames are in flight it stops the
///   source, discards outstanding submissions and cancels the sink; once the
///   sink is finishing, the sink's answer decides.
public final class MediaPipeline<Sink: FrameSink>: Sendable {
    /// How a run of this pipeline ends.
    public typealias Outcome = MediaPipelineOutcome<Sink.Product>

    /// Tuning of one pipeline.
    public struct Options: Sendable {
        /// Frames between the source and the sink at once.
        public var maxFramesInFlight: Int
        /// Which of the source's other streams the sink carries (FFmpeg's
        /// `-map`); by default every one it can (see `StreamMap`).
        public var maps: [StreamMap]
        /// Keep the source's timestamps instead of starting the output at 0
        /// (FFmpeg's `-copyts`).
        public var keepTimestamps: Bool
        /// How frames are submitted to the processor: `independent` (every
        /// frame is processed: export), or `latestOnly(scope)` (a newer frame
        /// supersedes one still waiting: preview, with a `latestOnly` source).
        /// A superseded frame is counted in the progress as dropped, never a
        /// failure.
        public var submissions: SubmissionPolicy
        /// How long one frame may take from its submission to its result.
        /// Past it the frame's handle is cancelled with `deadlineExceeded`
        /// and the run fails with `frameTimedOut`, so work that never ends
        /// (a shader stuck in a loop) cannot hang the run. Nil: no limit.
        public var frameTimeout: Duration?

        /// Creates pipeline options; each parameter sets the property of the same name.
        /// By default: 3 frames in flight, every stream the sink can carry, the output starting at 0,
        /// independent submissions and a 60-second frame timeout.
        public init(
            maxFramesInFlight: Int = 3, maps: [StreamMap] = [], keepTimestamps: Bool = false,
            submissions: SubmissionPolicy = .independent, frameTimeout: Duration? = .seconds(60)
        ) {
            self.submissions = submissions
            self.maxFramesInFlight = maxFramesInFlight
            self.maps = maps
            self.keepTimestamps = keepTimestamps
            self.frameTimeout = frameTimeout
        }
    }

    /// Callbacks on a private serial queue: progress after every encoded
    /// frame, and the single terminal outcome.
    public struct Observer: Sendable {
        /// Called after each encoded frame.
        public var progress: (@Sendable (PipelineProgress) -> Void)?
        /// Called once, with the outcome.
        public var terminal: (@Sendable (Outcome) -> Void)?

        /// An observer with these callbacks; either may be nil.
        public init(
            progress: (@Sendable (PipelineProgress) -> Void)? = nil, terminal: (@Sendable (Outcome) -> Void)? = nil
        ) {
            self.progress = progress
            self.terminal = terminal
        }
    }

    /// Where the frames come from.
    public let source: any FrameSource
    /// What each frame goes through.
    public let processor: any FrameProcessor
    /// The processor, when it makes several outputs per frame.
    private let multiOutput: (any MultiOutputFrameProcessor)?
    /// Where the processed frames go.
    public let sink: Sink
    /// The options it was made with.
    public let options: Options
    private let observer: Observer
    /// Processor completions land here; the sink is driven from here.
    let pipelineQueue = DispatchQueue(label: "kakapos.pipeline")
    let observerQueue = DispatchQueue(label: "kakapos.pipeline.observer")
    let window: InFlightWindow
    private let core: ConditionLock<Core>
    /// Where the output's time 0 is in the source's timestamps (seconds):
    /// frames reach the processor timed from it, as FFmpeg's filters see
    /// them, unless `keepTimestamps`.
    private let outputStart = Locked<Double?>(nil)
    private let ended = DispatchGroup()
    /// Points where tests act between two steps of the pipeline.
    let testHooks = ConditionLock(MediaPipelineTestHooks())

    private struct Core {
        var machine = MediaPipelineStateMachine<Sink.Product>()
        /// Each submitted frame's cancel, until it is handed on.
        var handles: [Int: @Sendable (CancellationReason) -> Void] = [:]
        /// Processed frames put back in order; nil for a superseded one.
        var reorder = ReorderBuffer<TimedFrame?>()
        var nextSequence = 0
        var progress = PipelineProgress()
        var startedAt: ContinuousClock.Instant?
        var announced = false
        /// Why outstanding submissions are discarded, once the run ended.
        var discardReason = CancellationReason.pipelineStopped
        var waiters: [CheckedContinuation<Outcome, Never>] = []
        var progressStreams: [UInt64: AsyncStream<PipelineProgress>.Continuation] = [:]
        var nextStreamID: UInt64 = 0
        /// `finish()` was called: a source that stops ends the run as its end would.
        var finishRequested = false
    }

    /// A pipeline from `source` through `processor` to `sink`; it does nothing until `start()` or `run()`.
    /// - Parameters:
    ///   - source: Where the frames come from.
    ///   - processor: What each frame goes through.
    ///   - sink: Where the processed frames go; it makes the run's product.
    ///   - options: How the pipeline runs.
    ///   - observer: Callbacks for progress and the outcome, on a private serial queue.
    public init(
        source: any FrameSource, processor: any FrameProcessor, sink: Sink, options: Options = Options(),
        observer: Observer = Observer()
    ) {
        self.source = source
        self.processor = processor
        multiOutput = (processor as? any MultiOutputFrameProcessor).flatMap { $0.outputCount > 1 ? $0 : nil }
        self.sink = sink
        self.options = options
        self.observer = observer
        window = InFlightWindow(capacity: options.maxFramesInFlight)
        var progress = PipelineProgress()
        progress.totalFrames = source.expectedFrameCount
        core = ConditionLock(Core(progress: progress))
        ended.enter()
    }

    /// The state now: idle, running, or one of the terminal states.
    public var state: MediaPipelineState { core.withLock { $0.machine.publicState } }

    /// The error that failed the pipeline; nil unless it is `failed`.
    public var lastError: MediaError? { core.withLock { $0.machine.lastError } }

    /// The progress now.
    public var progress: PipelineProgress { core.withLock { $0.progress } }

    /// Starts the run: asks the processor for its output format, opens the
    /// sink for it, and starts the source. A failure on the way ends the
    /// pipeline `failed` and is thrown.
    public func start() throws(MediaError) {
        let run = RunID.next()
        if case .reject(let error) = core.withLock({ $0.machine.start(run) }) { throw error }
        core.withLock { $0.startedAt = .now }
        let formats: [FrameFormat]
        do {
            formats =
                try multiOutput?.outputFormats(for: source.frameFormat)
                ?? [try processor.outputFormat(for: source.frameFormat)]
        } catch {
            try failStarting(run, .processorRejectedFormat(ProcessorFailure(error)))
            return
        }
        do throws(MediaError) {
            var input = try source.sinkInput(
                format: formats[0], maps: options.maps, keepTimestamps: options.keepTimestamps)
            input.otherOutputFormats = Array(formats.dropFirst())
            do {
                let aspect = input.sampleAspectRatio
                let each =
                    try multiOutput?.sampleAspectRatios(aspect, for: source.frameFormat)
                    ?? [try processor.sampleAspectRatio(aspect, for: source.frameFormat)]
                input.sampleAspectRatio = each[0]
                input.otherOutputSampleAspectRatios = Array(each.dropFirst())
            } catch {
                throw MediaError.processorRejectedFormat(ProcessorFailure(error))
            }
            input.framesAreOpaque =
                multiOutput == nil && processor.keepsOpaqueFramesOpaque
                && input.sourcePixelFormat.map { !FFPixelFormat.hasAlpha(named: $0) } ?? false
            if !options.keepTimestamps {
                outputStart.withLock { $0 = Double(input.startPTS) * (input.timeBase.doubleValue ?? 0) }
            }
            try sink.begin(input)
            try source.start { [self] event in self.sourceEvent(event, run: run) }
        } catch {
            try failStarting(run, error)
        }
    }

    /// Cancels the run (or a pipeline that never started). Idempotent.
    /// Outstanding submissions are discarded with `reason`.
    public func cancel(reason: CancellationReason = .pipelineStopped) {
        let action = core.withLock { core in
            let action = core.machine.cancel()
            if action == .tearDown { core.discardReason = reason }
            return action
        }
        switch action {
        case .tearDown: tearDown(reason: reason)
        case .cancelSink: sink.cancel()
        case .ignore: break
        }
    }

    /// Ends a running pipeline as a live recording ends when its user stops
    /// it: the source stops (frames waiting in its delivery are dropped and
    /// counted), the frames already submitted are processed and written,
    /// and the sink finishes, so the sink's contract decides the outcome: a
    /// `RecorderSink` with frames written succeeds with its clip; one with
    /// none fails with `noFramesWritten` and leaves no file. Idempotent;
    /// does nothing to a pipeline that is not running (a `cancel()` that
    /// came first wins). Blocks until the source has stopped (a delivery in
    /// progress returns first); call it from any thread but the pipeline's
    /// own callbacks.
    public func finish() {
        let running = core.withLock { core -> Bool in
            guard core.machine.publicState == .running else { return false }
            core.finishRequested = true
            return true
        }
        if running { source.stop() }
    }

    /// Blocks until the pipeline has ended and returns how.
    @discardableResult
    public func wait() -> Outcome {
        ended.wait()
        return core.withLock { $0.machine.outcome! }
    }

    /// The outcome, awaited. Cancelling the awaiting `Task` cancels the run
    /// with `callerCancelled` (as cancelling a handle's `outcome` does), and
    /// the outcome then says how it ended: `cancelled`, or what the sink
    /// decided if it was already finishing.
    public var outcome: Outcome {
        get async {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready: Outcome? = core.withLock { core in
                        if core.announced { return core.machine.outcome }
                        core.waiters.append(continuation)
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            } onCancel: {
                cancel(reason: .callerCancelled)
            }
        }
    }

    /// Starts the run and waits for its end: the sink's product (a
    /// `RecordedClip` for a `RecorderSink`), or the run's error. `progress`
    /// is called with the newest progress as frames are encoded (from a
    /// task of its own; it may skip updates when it is slow). Cancelling
    /// the calling `Task` cancels the run with `callerCancelled`, and it
    /// throws `cancelled` (a recorder leaves no file), unless the sink was
    /// already finishing and finished.
    ///
    /// ```swift
    /// let clip = try await pipeline.run { print("\($0.framesDone) frames") }
    /// ```
    public func run(progress: (@Sendable (PipelineProgress) -> Void)? = nil) async throws(MediaError) -> Sink.Product {
        let reporter = progress.map { report in
            let updates = progressUpdates()
            return Task {
                for await update in updates { report(update) }
            }
        }
        do { try start() } catch {
            // start() has ended the run; its outcome says how.
        }
        let ending = await outcome
        await reporter?.value
        switch ending {
        case .finished(let product): return product
        case .cancelled: throw .cancelled
        case .failed(let error): throw error
        }
    }

    /// Progress after each encoded frame (the newest when the reader lags);
    /// the stream ends with the pipeline.
    public func progressUpdates() -> AsyncStream<PipelineProgress> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: PipelineProgress.self, bufferingPolicy: .bufferingNewest(1))
        let id: UInt64? = core.withLock { core in
            guard !core.announced else { return nil }
            defer { core.nextStreamID += 1 }
            core.progressStreams[core.nextStreamID] = continuation
            return core.nextStreamID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.core.withLock { $0.progressStreams.removeValue(forKey: id) }
        }
        return stream
    }

    // MARK: Source delivery queue

    private func sourceEvent(_ event: SourceEvent, run: RunID) {
        switch event {
        case .frame(let timed):
            // Lossless back-pressure: the delivery (and so the decoder) waits
            // here until a frame in flight has been encoded.
            guard window.acquire() else { return }
            let sequence: Int? = core.withLock { core in
                guard core.machine.frameSubmitted(run) else { return nil }
                defer { core.nextSequence += 1 }
                return core.nextSequence
            }
            guard let sequence else {
                window.release()
                return
            }
            // Filters read the frame's time (`t`) from the output's start.
            var submitted = timed
            if let start = outputStart.withLock({ $0 }) {
                submitted.frame.time = (timed.filterTime?.seconds ?? timed.seconds) - start
            }
            // The cancel kept until the frame is handed on, and one for the
            // deadline that does not keep the handle (and its frame) alive.
            let cancel: @Sendable (CancellationReason) -> Void
            let cancelIfAlive: @Sendable (CancellationReason) -> Void
            if let multiOutput {
                let handle = multiOutput.submitOutputs(
                    submitted, policy: options.submissions, deliveryQueue: pipelineQueue
                ) { [self] result in
                    processed(result.map { $0[0] }, sequence: sequence, run: run) { frame in
                        // Output 0 is the frame; the others travel with it.
                        var made = timed.replacingFrame(frame)
                        if case .success(let outputs) = result { made.otherOutputs = Array(outputs.dropFirst()) }
                        return made
                    }
                }
                cancel = { reason in handle.cancel(reason: reason) }
                cancelIfAlive = { [weak handle] reason in handle?.cancel(reason: reason) }
            } else {
                let handle = processor.submit(submitted, policy: options.submissions, deliveryQueue: pipelineQueue) {
                    [self] result in
                    processed(result, sequence: sequence, run: run) { frame in timed.replacingFrame(frame) }
                }
                cancel = { reason in handle.cancel(reason: reason) }
                cancelIfAlive = { [weak handle] reason in handle?.cancel(reason: reason) }
            }
            if let timeout = options.frameTimeout {
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds) {
                    cancelIfAlive(.deadlineExceeded)
                }
            }
            let late = core.withLock { core -> CancellationReason? in
                guard core.machine.isRunning(run) else { return core.discardReason }
                if sequence >= core.reorder.nextSequence { core.handles[sequence] = cancel }
                return nil
            }
            // Submitted while the run ended: discard it like the rest.
            if let late { cancel(late) }
        case .finish(let finish):
            pipelineQueue.async { [self] in sourceFinished(finish, run: run) }
        }
    }

    // MARK: Pipeline queue

    private func processed(
        _ result: Result<VideoFrame, RenderSubmissionError>, sequence: Int, run: RunID,
        timed: (VideoFrame) -> TimedFrame
    ) {
        let frame: VideoFrame?
        switch result {
        case .success(let output):
            frame = output
        case .failure(.cancelled(.superseded)):
            // A newer frame took its place: a dropped frame, not a failure.
            frame = nil
        case .failure(let error):
            let (failure, reason) = classify(error)
            let action = core.withLock { core in
                let action = core.machine.fail(run, failure)
                // Under the same lock, so a frame submitted as the run ends
                // is discarded with the same reason as the rest.
                if action == .tearDown { core.discardReason = reason }
                return action
            }
            perform(action, discarding: reason)
            return
        }
        let ready = core.withLock { core -> [(sequence: Int, element: TimedFrame?)] in
            guard core.machine.isRunning(run) else { return [] }
            core.reorder.insert(frame.map(timed), at: sequence)
            return core.reorder.popReady()
        }
        for (sequence, frame) in ready {
            guard core.withLock({ $0.machine.isRunning(run) }) else { return }
            if let frame {
                do {
                    try sink.append(frame)
                } catch {
                    perform(core.withLock { $0.machine.fail(run, error) })
                    return
                }
            }
            window.release()
            let (action, progress) = core.withLock { core in
                core.handles.removeValue(forKey: sequence)
                let action = frame == nil ? core.machine.frameDropped(run) : core.machine.frameEncoded(run)
                if action != .ignore && frame == nil { core.progress.framesSuperseded += 1 }
                if action != .ignore && frame != nil {
                    core.progress.framesDone += 1
                    if let start = core.startedAt { core.progress.elapsed = (ContinuousClock.now - start).seconds }
                }
                return (action, core.progress)
            }
            guard action != .ignore else { return }
            report(progress)
            if action == .finishSink { finishSink(run) }
        }
    }

    private func sourceFinished(_ finish: SourceFinish, run: RunID) {
        let progress = core.withLock { core -> PipelineProgress? in
            guard core.machine.isRunning(run) else { return nil }
            core.progress.source = finish.summary
            return core.progress
        }
        if let progress { report(progress) }
        switch finish.reason {
        case .endOfStream:
            if core.withLock({ $0.machine.sourceEnded(run) }) == .finishSink { finishSink(run) }
        case .stopped where core.withLock({ $0.finishRequested }):
            // `finish()` stopped it: the end of the recording.
            if core.withLock({ $0.machine.sourceEnded(run) }) == .finishSink { finishSink(run) }
        case .stopped:
            // Someone stopped the source of a running pipeline: that ends it.
            if core.withLock({ $0.machine.isRunning(run) }) { cancel() }
        case .failed(let error):
            perform(core.withLock { $0.machine.fail(run, error) })
        }
    }

    private func finishSink(_ run: RunID) {
        let result: Result<Sink.Product, MediaError>
        do { result = .success(try sink.finish()) } catch { result = .failure(error) }
        if case .announce(let outcome) = core.withLock({ $0.machine.sinkFinished(run, result) }) {
            announce(outcome)
        }
    }

    // MARK: Ending

    /// A processor failure as the run's error, and the reason the other
    /// submissions in flight are discarded with: a lost device is the
    /// pipeline's `deviceLost` and discards with that reason, so each
    /// handle says why it ended; running out of GPU memory is an error of
    /// its own; anything else is the processor's failure.
    /// `classify`, with this pipeline's frame timeout in a timed-out frame's error.
    func classify(_ error: RenderSubmissionError) -> (MediaError, CancellationReason) {
        let (failure, reason) = Self.classify(error)
        guard case .frameTimedOut = failure, let timeout = options.frameTimeout else { return (failure, reason) }
        return (.frameTimedOut(seconds: timeout.seconds), reason)
    }

    static func classify(_ error: RenderSubmissionError) -> (MediaError, CancellationReason) {
        switch error {
        case .cancelled(.deviceLost):
            return (.deviceLost, .deviceLost)
        case .cancelled(.deadlineExceeded):
            return (.frameTimedOut(seconds: nil), .pipelineStopped)
        case .executionFailed(let gpu as GPUError), .executionFailed(RenderError.gpu(let gpu)):
            switch gpu {
            case .deviceLost: return (.deviceLost, .deviceLost)
            case .outOfDeviceMemory, .outOfHostMemory: return (.gpuOutOfMemory(gpu.description), .pipelineStopped)
            default: return (.processorFailed(ProcessorFailure(RenderError.gpu(gpu))), .pipelineStopped)
            }
        case .executionFailed(let underlying):
            // The processor's own error, not the submission that carried it.
            return (.processorFailed(ProcessorFailure(underlying)), .pipelineStopped)
        case .cancelled:
            return (.processorFailed(ProcessorFailure(error)), .pipelineStopped)
        }
    }

    private func perform(
        _ action: MediaPipelineStateMachine<Sink.Product>.StopAction,
        discarding reason: CancellationReason = .pipelineStopped
    ) {
        switch action {
        case .tearDown: tearDown(reason: reason)
        case .cancelSink: sink.cancel()
        case .ignore: break
        }
    }

    private func failStarting(_ run: RunID, _ error: MediaError) throws(MediaError) {
        let action = core.withLock { $0.machine.fail(run, error) }
        perform(action)
        // A cancel that came first decided the outcome; nothing to report.
        if action == .tearDown { throw error }
    }

    /// Runs once, for the event that ended the run.
    private func tearDown(reason: CancellationReason) {
        // Wake a delivery waiting for room, then fence the source: after
        // stop() returns no delivery is running or will run.
        window.close()
        source.stop()
        let handles = core.withLock { core -> [@Sendable (CancellationReason) -> Void] in
            defer {
                core.handles.removeAll()
                core.reorder.removeAll()
            }
            return Array(core.handles.values)
        }
        for cancel in handles { cancel(reason) }
        sink.cancel()
        announce(core.withLock { $0.machine.outcome! })
    }

    /// Ends the run for its observers. The terminal callback is queued
    /// under the same lock as every progress callback and after `announced`
    /// is set, so it is the observer queue's last event: nothing is
    /// delivered after it.
    private func announce(_ outcome: Outcome) {
        let (waiters, streams) = core.withLock { core in
            precondition(!core.announced, "a pipeline announced its end twice")
            core.announced = true
            if let terminal = observer.terminal {
                observerQueue.async { terminal(outcome) }
            }
            defer {
                core.waiters.removeAll()
                core.progressStreams.removeAll()
            }
            return (core.waiters, Array(core.progressStreams.values))
        }
        ended.leave()
        for waiter in waiters { waiter.resume(returning: outcome) }
        for stream in streams { stream.finish() }
    }

    /// Hands progress to the observers, unless the run has been announced.
    private func report(_ progress: PipelineProgress) {
        testHooks.withLock { $0.beforeReportingProgress }?(progress)
        core.withLock { core in
            guard !core.announced else { return }
            for stream in core.progressStreams.values { stream.yield(progress) }
            if let callback = observer.progress {
                observerQueue.async { callback(progress) }
            }
        }
    }
}

/// Points where tests act between two steps of a pipeline. They may call
/// the pipeline's public API (a cancel, say) but must not wait for it.
struct MediaPipelineTestHooks: Sendable {
    /// A frame was encoded and its progress is about to be reported.
    var beforeReportingProgress: (@Sendable (PipelineProgress) -> Void)?
}
