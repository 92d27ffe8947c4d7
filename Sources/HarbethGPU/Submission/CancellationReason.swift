/// Why a submission ended without its output.
public enum CancellationReason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The caller cancelled it (`cancel()`, or its Swift `Task` was cancelled).
    case callerCancelled
    /// A newer submission in the same latest-only scope replaced it.
    case superseded
    /// The pipeline or scheduler it belonged to was stopped.
    case pipelineStopped
    /// It did not finish before its deadline.
    case deadlineExceeded
    /// The GPU device was lost.
    case deviceLost
    /// The scheduler discarded it while recovering from an execution failure.
    case executionRecovery
    /// The process began to exit while it was outstanding (`exit()` with
    /// work in flight).
    case processExiting

    /// The state a handle cancelled for this reason ends in: the caller's own
    /// cancel ends `cancelled`; every system reason ends `discarded`.
    public var terminalState: RenderSubmissionState {
        self == .callerCancelled ? .cancelled : .discarded
    }

    public var description: String { rawValue }
}

/// The life of one submission. Four states are terminal.
public enum RenderSubmissionState: String, Sendable, Hashable, CustomStringConvertible {
    /// Waiting in the scheduler for its turn; it has not started.
    case queued
    /// Its GPU work has been started and has not finished yet.
    case executing
    /// The work finished and its output was delivered. Terminal.
    case completed
    /// The caller cancelled it (see `CancellationReason.callerCancelled`). Terminal.
    case cancelled
    /// The system cancelled it, for a reason other than the caller's own cancel. Terminal.
    case discarded
    /// The work ran and threw; the snapshot's `failure` describes the error. Terminal.
    case failed

    /// True for the states a submission never leaves: completed, cancelled, discarded and failed.
    public var isTerminal: Bool {
        switch self {
        case .queued, .executing: return false
        case .completed, .cancelled, .discarded, .failed: return true
        }
    }

    public var description: String { rawValue }
}

/// How a submission relates to others in its scheduler.
public enum SubmissionPolicy: Sendable, Hashable {
    /// Runs regardless of other submissions.
    case independent
    /// A new submission in this scope supersedes the one of the same scope
    /// that is still queued (never one of another scope, never one executing).
    case latestOnly(scope: String)
}

/// Why a submission failed. Cancellation is a failure that carries its reason.
public enum RenderSubmissionError: Error, Sendable, CustomStringConvertible {
    /// The submission was cancelled, by the caller or by the system, for this reason.
    case cancelled(CancellationReason)
    /// The submission's work ran and threw this error.
    case executionFailed(any Error)

    /// The cancellation reason, when this is a cancellation.
    public var cancellationReason: CancellationReason? {
        if case .cancelled(let reason) = self { return reason }
        return nil
    }

    public var description: String {
        switch self {
        case .cancelled(let reason): return "render submission cancelled (\(reason))"
        case .executionFailed(let error): return "render submission failed: \(error)"
        }
    }
}

/// What a handle knows about its submission at one moment.
public struct RenderSubmissionSnapshot: Sendable, Hashable {
    /// The scheduler-wide submission number.
    public let id: UInt64
    /// The submission's state at the moment of the snapshot.
    public let state: RenderSubmissionState
    /// Set for `cancelled` and `discarded`.
    public let reason: CancellationReason?
    /// The failure's description, for `failed`.
    public let failure: String?
    /// True when the submission was cancelled while its GPU work was already
    /// executing: that work ran on, and only its delivery was suppressed.
    public let deliverySuppressed: Bool
    /// True once GPU work that finished after the cancel was dropped and its
    /// resources recycled.
    public let lateResultDropped: Bool
}
