import Synchronization

/// The identity of one run of a pipeline. Every callback carries the run
/// it belongs to, so one from another run changes nothing.
struct RunID: Hashable, Sendable, CustomStringConvertible {
    let rawValue: UInt64

    private static let counter = Atomic<UInt64>(0)

    static func next() -> RunID {
        RunID(rawValue: counter.add(1, ordering: .relaxed).newValue)
    }

    var description: String { "run \(rawValue)" }
}

/// The states of a pipeline as its users see them.
public enum MediaPipelineState: String, Sendable, Hashable {
    /// Made but not started yet.
    case idle
    /// Started: frames are moving from the source to the sink.
    case running
    /// The sink finished and made its product. Terminal.
    case finished
    /// Cancelled before the sink finished. Terminal.
    case cancelled
    /// Stopped by an error, which `lastError` holds. Terminal.
    case failed

    /// True for finished, cancelled and failed.
    public var isTerminal: Bool { self == .finished || self == .cancelled || self == .failed }
}

/// How a pipeline ended.
public enum MediaPipelineOutcome<Product: Sendable>: Sendable {
    /// The source ended and the sink finished, making this product (a `RecordedClip`, say).
    case finished(Product)
    /// The run was cancelled before the sink finished.
    case cancelled
    /// The run stopped with this error.
    case failed(MediaError)

    /// The state this outcome leaves the pipeline in.
    public var state: MediaPipelineState {
        switch self {
        case .finished: return .finished
        case .cancelled: return .cancelled
        case .failed: return .failed
        }
    }
}

/// One pipeline run: `idle -> running -> finished | cancelled | failed`,
/// with irreversible terminal states. Every event names its run; an event
/// of another run, or one after the terminal state, is ignored and changes
/// neither the state nor `lastError`. A value type: the pipeline holds it
/// under its lock and performs the returned action after unlocking.
struct MediaPipelineStateMachine<Product: Sendable>: Sendable {
    struct Run: Sendable {
        let id: RunID
        /// Frames handed to the processor, and frames done with: taken by
        /// the sink, or superseded.
        var submitted = 0
        var encoded = 0
        var sourceEnded = false
        /// The sink is finishing; a cancel now goes to the sink, whose answer decides.
        var finishing = false
        var cancelRequested = false
    }

    enum State: Sendable {
        case idle
        case running(Run)
        case finished(Product)
        case cancelled
        case failed(MediaError)
    }

    enum StartAction {
        case start
        case reject(MediaError)
    }

    enum ProgressAction: Equatable {
        /// Keep going.
        case proceed
        /// Everything the source delivered is encoded: finish the sink.
        case finishSink
        /// Not this run or no longer running: do nothing.
        case ignore
    }

    enum StopAction: Equatable {
        /// This event ended the run: stop the source, discard outstanding
        /// submissions, cancel the sink, then announce the outcome.
        case tearDown
        /// The sink is finishing: cancel it; its answer ends the run.
        case cancelSink
        case ignore
    }

    enum FinishAction {
        case announce(MediaPipelineOutcome<Product>)
        case ignore
    }

    private(set) var state = State.idle
    /// The error that failed the pipeline, set once, with the `failed` state.
    private(set) var lastError: MediaError?

    var publicState: MediaPipelineState {
        switch state {
        case .idle: return .idle
        case .running: return .running
        case .finished: return .finished
        case .cancelled: return .cancelled
        case .failed: return .failed
        }
    }

    /// The outcome, once terminal.
    var outcome: MediaPipelineOutcome<Product>? {
        switch state {
        case .idle, .running: return nil
        case .finished(let product): return .finished(product)
        case .cancelled: return .cancelled
        case .failed(let error): return .failed(error)
        }
    }

    /// The running run, when `run` is it: the one place an event's run is
    /// checked, so an event of another run is ignored by every transition.
    private func current(_ run: RunID) -> Run? {
        guard case .running(let current) = state, current.id == run else { return nil }
        return current
    }

    func isRunning(_ run: RunID) -> Bool { current(run) != nil }

    mutating func start(_ run: RunID) -> StartAction {
        guard case .idle = state else {
            return .reject(.pipelineAlreadyStarted(state: publicState.rawValue))
        }
        state = .running(Run(id: run))
        return .start
    }

    /// A frame is about to go to the processor. False: do not submit it.
    mutating func frameSubmitted(_ run: RunID) -> Bool {
        guard var current = current(run), !current.sourceEnded, !current.finishing else { return false }
        current.submitted += 1
        state = .running(current)
        return true
    }

    /// The sink took a frame.
    mutating func frameEncoded(_ run: RunID) -> ProgressAction {
        guard var current = current(run), !current.finishing else { return .ignore }
        precondition(current.encoded < current.submitted, "a pipeline encoded more frames than it submitted")
        current.encoded += 1
        return finishIfDone(&current)
    }

    /// A frame was superseded by a newer one (latest-only submissions): it
    /// counts as done, with nothing for the sink.
    mutating func frameDropped(_ run: RunID) -> ProgressAction {
        frameEncoded(run)
    }

    /// The source delivered its last frame.
    mutating func sourceEnded(_ run: RunID) -> ProgressAction {
        guard var current = current(run), !current.sourceEnded else { return .ignore }
        current.sourceEnded = true
        return finishIfDone(&current)
    }

    private mutating func finishIfDone(_ current: inout Run) -> ProgressAction {
        if current.sourceEnded && current.encoded == current.submitted {
            current.finishing = true
            state = .running(current)
            return .finishSink
        }
        state = .running(current)
        return .proceed
    }

    /// The source, processor or sink failed.
    mutating func fail(_ run: RunID, _ error: MediaError) -> StopAction {
        guard let current = current(run), !current.finishing else { return .ignore }
        state = .failed(error)
        lastError = error
        return .tearDown
    }

    mutating func cancel() -> StopAction {
        switch state {
        case .idle:
            state = .cancelled
            return .tearDown
        case .running(var current):
            if current.finishing {
                guard !current.cancelRequested else { return .ignore }
                current.cancelRequested = true
                state = .running(current)
                return .cancelSink
            }
            state = .cancelled
            return .tearDown
        case .finished, .cancelled, .failed:
            return .ignore
        }
    }

    /// The sink's finish returned.
    mutating func sinkFinished(_ run: RunID, _ result: Result<Product, MediaError>) -> FinishAction {
        guard let current = current(run), current.finishing else { return .ignore }
        switch result {
        case .success(let product):
            state = .finished(product)
        case .failure(.recordingCancelled) where current.cancelRequested:
            state = .cancelled
        case .failure(let error):
            state = .failed(error)
            lastError = error
        }
        return .announce(outcome!)
    }
}
