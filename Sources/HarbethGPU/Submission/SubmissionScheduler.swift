import Dispatch

/// What a submission's work uses to report its result, exactly once, from
/// any thread (typically the GPU completion thread).
public struct SubmissionCompletion<Output: Sendable>: Sendable {
    fileprivate let finishBody: @Sendable (Result<Output, any Error>) -> Void
    /// True once the handle was cancelled: the work may stop early.
    public let isCancelled: @Sendable () -> Bool

    /// Reports the output.
    public func succeed(_ output: Output) { finishBody(.success(output)) }
    /// Reports a failure.
    public func fail(_ error: any Error) { finishBody(.failure(error)) }
}

/// Runs render submissions with at most `maxInFlight` executing at once,
/// keeps the rest queued in order, applies latest-only policies, deadlines,
/// and stops or device loss by discarding what is outstanding, once each.
public final class SubmissionScheduler: Sendable {
    private struct Registry {
        var machine: SubmissionSchedulerStateMachine
        var nextID: UInt64 = 1
        /// Every submission not yet ended, by id: how to start and cancel it.
        var live: [UInt64: LiveSubmission] = [:]
        /// Signalled when no work is executing (`waitUntilIdle`).
        var idleWaiters: [DispatchSemaphore] = []
    }

    private struct LiveSubmission: Sendable {
        let start: @Sendable () -> Void
        let cancel: @Sendable (CancellationReason) -> Void
    }

    private let registry: Locked<Registry>
    private let executionQueue: DispatchQueue

    /// - Parameters:
    ///   - maxInFlight: how many submissions may execute at once (frames in flight).
    ///   - label: names the queue the work runs on.
    public init(maxInFlight: Int = 3, label: String = "harbeth.submissions") {
        registry = Locked(Registry(machine: SubmissionSchedulerStateMachine(maxInFlight: maxInFlight)))
        executionQueue = DispatchQueue(label: label)
        ExitDrain.process.add(self)
    }

    /// Submits work and returns its handle at once.
    ///
    /// `work` runs on the scheduler's queue when a place is free, and must
    /// report through its `SubmissionCompletion` exactly once. `completion`
    /// receives the single terminal outcome on `deliveryQueue`.
    public func submit<Output: Sendable>(
        policy: SubmissionPolicy = .independent,
        deadline: DispatchTime? = nil,
        deliveryQueue: DispatchQueue = .global(),
        file: StaticString = #fileID, line: UInt = #line,
        completion: (@Sendable (Result<Output, RenderSubmissionError>) -> Void)? = nil,
        work: @escaping @Sendable (SubmissionCompletion<Output>) -> Void
    ) -> RenderSubmissionHandle<Output> {
        let id = registry.withLock { registry -> UInt64 in
            defer { registry.nextID += 1 }
            return registry.nextID
        }
        let handle = RenderSubmissionHandle<Output>(
            id: id, policy: policy, deliveryQueue: deliveryQueue, onTerminal: completion, origin: "\(file):\(line)")
        let live = LiveSubmission(
            start: { [self] in self.execute(handle, work: work) },
            cancel: { reason in handle.cancel(reason: reason) }
        )
        let scope: String? = if case .latestOnly(let scope) = policy { scope } else { nil }
        let action = registry.withLock { registry -> SubmissionSchedulerStateMachine.SubmitAction in
            let action = registry.machine.submit(.init(id: id, scope: scope))
            if action.rejectReason == nil { registry.live[id] = live }
            return action
        }
        if let reason = action.rejectReason {
            handle.cancel(reason: reason)
            return handle
        }
        cancelAndForget(action.superseded, reason: .superseded)
        startAll(action.start)
        if let deadline {
            DispatchQueue.global().asyncAfter(deadline: deadline) { [weak handle] in
                handle?.cancel(reason: .deadlineExceeded)
            }
        }
        return handle
    }

    /// Discards every queued and executing submission with `pipelineStopped`;
    /// later submissions are discarded at once. Idempotent.
    public func stop() {
        close(.pipelineStopped)
    }

    /// Discards everything outstanding with `deviceLost`, now and from now on.
    public func deviceLost() {
        close(.deviceLost)
    }

    /// Discards the queued submissions with `executionRecovery`, so their
    /// submitters can resubmit after a recoverable failure.
    public func recover() {
        let drained = registry.withLock { $0.machine.drainQueued() }
        cancelAndForget(drained, reason: .executionRecovery)
    }

    /// How many submissions are executing and queued right now.
    public var load: (executing: Int, queued: Int) {
        registry.withLock { ($0.machine.inFlight, $0.machine.queued.count) }
    }

    // MARK: Internals

    /// Blocks until no submission's work is executing, or `deadline`.
    /// Returns whether it was idle in time.
    package func waitUntilIdle(until deadline: DispatchTime) -> Bool {
        let semaphore = DispatchSemaphore(value: 0)
        let idle = registry.withLock { registry -> Bool in
            if registry.machine.inFlight == 0 { return true }
            registry.idleWaiters.append(semaphore)
            return false
        }
        return idle || semaphore.wait(timeout: deadline) == .success
    }

    /// Discards everything outstanding for `reason`, now and from now on.
    package func close(_ reason: CancellationReason) {
        let (queued, executing) = registry.withLock { registry -> ([LiveSubmission], [LiveSubmission]) in
            let queuedIDs = registry.machine.close(reason)
            let queued = queuedIDs.compactMap { registry.live.removeValue(forKey: $0) }
            // Executing ones stay registered until their work ends.
            return (queued, Array(registry.live.values))
        }
        for submission in queued { submission.cancel(reason) }
        for submission in executing { submission.cancel(reason) }
    }

    private func cancelAndForget(_ ids: [UInt64], reason: CancellationReason) {
        guard !ids.isEmpty else { return }
        let submissions = registry.withLock { registry in ids.compactMap { registry.live.removeValue(forKey: $0) } }
        for submission in submissions { submission.cancel(reason) }
    }

    private func startAll(_ ids: [UInt64]) {
        guard !ids.isEmpty else { return }
        let starts = registry.withLock { registry in ids.compactMap { registry.live[$0]?.start } }
        for start in starts { executionQueue.async(execute: start) }
    }

    private func execute<Output: Sendable>(
        _ handle: RenderSubmissionHandle<Output>, work: @Sendable (SubmissionCompletion<Output>) -> Void
    ) {
        guard handle.beginExecution() else {
            // Cancelled while queued: it never runs; its place is free again.
            workEnded(handle.id)
            return
        }
        let reported = Locked(false)
        let completion = SubmissionCompletion<Output>(
            finishBody: { [self] result in
                let first = reported.withLock { wasReported in
                    defer { wasReported = true }
                    return !wasReported
                }
                precondition(first, "a submission's work reported its result twice")
                if case .failure(let error as GPUError) = result, error.isDeviceLost {
                    handle.cancel(reason: .deviceLost)
                    handle.finish(result)
                    self.workEnded(handle.id)
                    self.deviceLost()
                    return
                }
                handle.finish(result)
                self.workEnded(handle.id)
            },
            isCancelled: { handle.isTerminal }
        )
        work(completion)
    }

    private func workEnded(_ id: UInt64) {
        let (starts, idleWaiters) = registry.withLock { registry -> ([UInt64], [DispatchSemaphore]) in
            registry.live.removeValue(forKey: id)
            let starts = registry.machine.workEnded()
            guard registry.machine.inFlight == 0 else { return (starts, []) }
            defer { registry.idleWaiters.removeAll() }
            return (starts, registry.idleWaiters)
        }
        for waiter in idleWaiters { waiter.signal() }
        startAll(starts)
    }
}
