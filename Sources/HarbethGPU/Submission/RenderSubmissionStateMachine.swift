/// The states of one render submission and the only transitions between
/// them. A value type: the handle holds it under a lock and performs the
/// returned action after unlocking.
struct RenderSubmissionStateMachine: Sendable {
    enum State: Sendable, Equatable {
        case queued
        case executing
        case completed
        case failed(String)
        case cancelled(CancellationReason, whileExecuting: Bool)
    }

    enum BeginAction: Equatable {
        /// Run the work.
        case execute
        /// Already ended (cancelled while queued): do not run it.
        case skip
    }

    enum CancelAction: Equatable {
        /// Deliver the cancellation: this call decided the outcome.
        case deliverCancellation(CancellationReason)
        /// Already terminal: nothing more is delivered.
        case none
    }

    enum FinishAction: Equatable {
        /// Deliver the work's result: success or failure.
        case deliverResult
        /// The submission was cancelled first; drop the result, recycle it.
        case dropLateResult
    }

    private(set) var state: State = .queued
    private(set) var lateResultDropped = false

    var isTerminal: Bool {
        switch state {
        case .queued, .executing: return false
        default: return true
        }
    }

    mutating func beginExecution() -> BeginAction {
        switch state {
        case .queued:
            state = .executing
            return .execute
        case .executing:
            preconditionFailure("a render submission began executing twice")
        case .completed, .failed:
            preconditionFailure("a render submission began executing after it ended")
        case .cancelled:
            return .skip
        }
    }

    mutating func cancel(_ reason: CancellationReason) -> CancelAction {
        switch state {
        case .queued:
            state = .cancelled(reason, whileExecuting: false)
            return .deliverCancellation(reason)
        case .executing:
            state = .cancelled(reason, whileExecuting: true)
            return .deliverCancellation(reason)
        case .completed, .failed, .cancelled:
            return .none
        }
    }

    /// The work finished; `failure` is nil on success.
    mutating func finish(failure: String?) -> FinishAction {
        switch state {
        case .executing:
            state = failure.map(State.failed) ?? .completed
            return .deliverResult
        case .cancelled(_, let whileExecuting):
            precondition(whileExecuting, "work finished for a submission that never executed")
            lateResultDropped = true
            return .dropLateResult
        case .queued:
            preconditionFailure("a render submission finished before it executed")
        case .completed, .failed:
            preconditionFailure("a render submission finished twice")
        }
    }

    func snapshot(id: UInt64) -> RenderSubmissionSnapshot {
        switch state {
        case .queued:
            return .init(
                id: id, state: .queued, reason: nil, failure: nil, deliverySuppressed: false, lateResultDropped: false)
        case .executing:
            return .init(
                id: id, state: .executing, reason: nil, failure: nil, deliverySuppressed: false,
                lateResultDropped: false)
        case .completed:
            return .init(
                id: id, state: .completed, reason: nil, failure: nil, deliverySuppressed: false,
                lateResultDropped: false)
        case .failed(let message):
            return .init(
                id: id, state: .failed, reason: nil, failure: message, deliverySuppressed: false,
                lateResultDropped: false)
        case .cancelled(let reason, let whileExecuting):
            return .init(
                id: id, state: reason.terminalState, reason: reason, failure: nil, deliverySuppressed: whileExecuting,
                lateResultDropped: lateResultDropped)
        }
    }
}
