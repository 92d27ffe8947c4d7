/// Which submissions wait, which run, and what happens when one arrives,
/// finishes, or the scheduler stops. A value type over submission ids; the
/// scheduler holds it under a lock and acts on the returned actions.
struct SubmissionSchedulerStateMachine: Sendable {
    struct Entry: Sendable, Equatable {
        let id: UInt64
        let scope: String?
    }

    enum Mode: Sendable, Equatable {
        case running
        /// Stopped or device lost: every submission is discarded for this reason.
        case closed(CancellationReason)
    }

    private(set) var queued: [Entry] = []
    private(set) var inFlight = 0
    private(set) var mode = Mode.running
    let maxInFlight: Int

    init(maxInFlight: Int) {
        precondition(maxInFlight >= 1, "a scheduler needs room for at least one submission in flight")
        self.maxInFlight = maxInFlight
    }

    struct SubmitAction: Equatable {
        /// Submissions to cancel with `superseded`.
        var superseded: [UInt64] = []
        /// Set when the scheduler is closed: discard the new one for this reason.
        var rejectReason: CancellationReason?
        /// Submissions to start now.
        var start: [UInt64] = []
    }

    mutating func submit(_ entry: Entry) -> SubmitAction {
        var action = SubmitAction()
        if case .closed(let reason) = mode {
            action.rejectReason = reason
            return action
        }
        if let scope = entry.scope {
            action.superseded = queued.filter { $0.scope == scope }.map(\.id)
            queued.removeAll { $0.scope == scope }
        }
        queued.append(entry)
        action.start = pump()
        return action
    }

    /// A started submission's work finished (or was skipped): frees its place.
    mutating func workEnded() -> [UInt64] {
        precondition(inFlight > 0, "a scheduler's work ended more often than it started")
        inFlight -= 1
        return pump()
    }

    /// Closes the scheduler. Returns the queued submissions to discard; the
    /// caller also discards those executing.
    mutating func close(_ reason: CancellationReason) -> [UInt64] {
        guard case .running = mode else { return [] }
        mode = .closed(reason)
        let discarded = queued.map(\.id)
        queued.removeAll()
        return discarded
    }

    /// Forgets queued submissions (after a failure) and returns them.
    mutating func drainQueued() -> [UInt64] {
        let drained = queued.map(\.id)
        queued.removeAll()
        return drained
    }

    private mutating func pump() -> [UInt64] {
        var started: [UInt64] = []
        while inFlight < maxInFlight, !queued.isEmpty, mode == .running {
            started.append(queued.removeFirst().id)
            inFlight += 1
        }
        return started
    }
}
