import Dispatch

/// One submitted frame of GPU work and its single outcome.
///
/// - Exactly one terminal outcome is delivered, on the queue the submitter
///   chose: success with the output, or failure. Cancellation is a failure
///   that carries its reason.
/// - `cancel()` is idempotent: the first call decides the reason; later
///   calls deliver nothing.
/// - GPU work that finishes after a cancel never delivers success; its
///   output is dropped (and so recycled).
/// - `snapshot` tells the state, the reason and whether delivery was
///   suppressed for work that was already executing.
public final class RenderSubmissionHandle<Output: Sendable>: Sendable {
    /// The terminal outcome.
    public typealias Outcome = Result<Output, RenderSubmissionError>

    private struct Storage {
        var machine = RenderSubmissionStateMachine()
        var outcome: Outcome?
        var waiters: [CheckedContinuation<Outcome, Never>] = []
    }

    /// The scheduler-wide submission number.
    public let id: UInt64
    /// The policy it was submitted with.
    public let policy: SubmissionPolicy
    private let storage = Locked(Storage())
    private let terminal = DispatchGroup()
    private let deliveryQueue: DispatchQueue
    private let onTerminal: (@Sendable (Outcome) -> Void)?
    private let origin: String

    init(
        id: UInt64, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        onTerminal: (@Sendable (Outcome) -> Void)?, origin: String
    ) {
        self.id = id
        self.policy = policy
        self.deliveryQueue = deliveryQueue
        self.onTerminal = onTerminal
        self.origin = origin
        terminal.enter()
    }

    deinit {
        // Like an unfulfilled promise in swift-nio: a handle that dies
        // without an outcome is a scheduler bug; say where it was made.
        assert(
            storage.withLock { $0.machine.isTerminal },
            "RenderSubmissionHandle made at \(origin) ended without an outcome")
    }

    /// The state, reason and suppression flags at this moment.
    public var snapshot: RenderSubmissionSnapshot {
        storage.withLock { $0.machine.snapshot(id: id) }
    }

    /// Cancels the submission as the caller. Idempotent.
    public func cancel() {
        cancel(reason: .callerCancelled)
    }

    /// Cancels with a specific reason; the first cancel's reason wins. System
    /// components use this with `superseded`, `pipelineStopped`, ...
    public func cancel(reason: CancellationReason) {
        let action = storage.withLock { $0.machine.cancel(reason) }
        if case .deliverCancellation(let reason) = action {
            deliver(.failure(.cancelled(reason)))
        }
    }

    /// Blocks until the outcome is known and returns it.
    public func wait() -> Outcome {
        terminal.wait()
        return storage.withLock { $0.outcome! }
    }

    /// The outcome, awaited. Cancelling the awaiting `Task` cancels the
    /// submission with `callerCancelled`.
    public var outcome: Outcome {
        get async {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready: Outcome? = storage.withLock { storage in
                        if let outcome = storage.outcome { return outcome }
                        storage.waiters.append(continuation)
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            } onCancel: {
                self.cancel(reason: .callerCancelled)
            }
        }
    }

    /// The output, awaited; throws `RenderSubmissionError` on failure.
    public var value: Output {
        get async throws(RenderSubmissionError) {
            try await outcome.get()
        }
    }

    // MARK: Driven by the scheduler

    func beginExecution() -> Bool {
        storage.withLock { $0.machine.beginExecution() } == .execute
    }

    /// The work's result. Returns false when it was dropped because the
    /// submission had been cancelled first.
    @discardableResult
    func finish(_ result: Result<Output, any Error>) -> Bool {
        let failure: String? = if case .failure(let error) = result { "\(error)" } else { nil }
        let action = storage.withLock { $0.machine.finish(failure: failure) }
        switch action {
        case .deliverResult:
            deliver(result.mapError { RenderSubmissionError.executionFailed($0) })
            return true
        case .dropLateResult:
            return false
        }
    }

    var isTerminal: Bool { storage.withLock { $0.machine.isTerminal } }

    /// The single funnel every terminal outcome goes through.
    private func deliver(_ outcome: Outcome) {
        let waiters = storage.withLock { storage -> [CheckedContinuation<Outcome, Never>] in
            precondition(storage.outcome == nil, "a render submission delivered two outcomes")
            storage.outcome = outcome
            let waiters = storage.waiters
            storage.waiters.removeAll()
            return waiters
        }
        terminal.leave()
        for waiter in waiters { waiter.resume(returning: outcome) }
        if let onTerminal {
            deliveryQueue.async { onTerminal(outcome) }
        }
    }
}
