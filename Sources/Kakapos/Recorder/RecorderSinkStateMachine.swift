/// The life of one recording, with the session it owns: the only
/// transitions between its states, and who may use the session when.
///
/// The session (the open encoder and file) lives inside the state, so the
/// state and the session change together, under one lock, and exactly one
/// call uses the session at a time: `begin` while it is being made, one
/// `append` while it encodes, `finishRecording()` once it has taken it. A
/// call that meets another one working waits for it (`wait`), so `cancel()`
/// returns only when nothing is left behind. A value type: `RecorderSink`
/// holds it under a `ConditionLock` and performs the returned action after
/// unlocking.
struct RecorderSinkStateMachine<Session>: @unchecked Sendable {
    // @unchecked: the machine is only used under its owner's lock, and the
    // session it holds is handed to one caller at a time.

    /// Pauses so far in this recording.
    private(set) var pauses = 0

    enum State {
        case idle
        /// `begin` is making the session.
        case opening
        /// `busy` while an `append` has the session.
        case recording(Session, paused: Bool, busy: Bool)
        /// `finishRecording()` has the session: it is flushing and writing
        /// the trailer; a cancel that arrives now is honoured before the
        /// file is moved into place.
        case finishing(cancelRequested: Bool)
        case finished(RecordedClip)
        case failed(MediaError)
        case cancelled
    }

    enum BeginAction {
        /// Make the session, then report `opened` or `openFailed`.
        case open
        case reject(MediaError)
    }

    enum AppendAction {
        /// Encode with the session, then report `appended`.
        /// Write with the session; `pauses` counts the pauses so far, so the
        /// session can tell the first frame after a resume.
        case write(Session, pauses: Int)
        /// Paused: the frame is not written.
        case discard
        /// Another call has the session: wait for a change and ask again.
        case wait
        case reject(MediaError)
    }

    enum FinishAction {
        /// This call finishes with the session: flush, write the trailer,
        /// verify, `commit()`, then `finished` or `finishFailed`.
        case finish(Session)
        /// Another call has the session (or is finishing): wait, then ask again.
        case wait
        case returnClip(RecordedClip)
        case fail(MediaError)
    }

    enum CancelAction {
        /// Close and remove the session's temporary file.
        case abandon(Session)
        /// Nothing to discard (never began, or the finishing call will see it).
        case none
        /// A `begin` or an `append` has the session: wait, then ask again.
        case wait
    }

    let path: String
    private(set) var state = State.idle

    init(path: String) { self.path = path }

    var isTerminal: Bool {
        switch state {
        case .finished, .failed, .cancelled: return true
        case .idle, .opening, .recording, .finishing: return false
        }
    }

    /// The state's name, for errors and the public `state`.
    var name: String {
        switch state {
        case .idle: return "idle"
        case .opening: return "recording"
        case .recording(_, let paused, _): return paused ? "paused" : "recording"
        case .finishing: return "finishing"
        case .finished: return "finished"
        case .failed: return "failed"
        case .cancelled: return "cancelled"
        }
    }

    /// The session a dropped sink still owns, to abandon it.
    var abandonedSession: Session? {
        if case .recording(let session, _, _) = state { return session }
        return nil
    }

    // MARK: Begin

    mutating func begin() -> BeginAction {
        guard case .idle = state else { return .reject(rejection()) }
        state = .opening
        return .open
    }

    mutating func opened(_ session: Session) {
        guard case .opening = state else { preconditionFailure("a recording opened while \(name)") }
        state = .recording(session, paused: false, busy: false)
    }

    mutating func openFailed(_ error: MediaError) {
        guard case .opening = state else { preconditionFailure("a recording failed to open while \(name)") }
        state = .failed(error)
    }

    // MARK: Frames

    mutating func append() -> AppendAction {
        switch state {
        case .opening, .recording(_, _, busy: true): return .wait
        case .recording(_, paused: true, _): return .discard
        case .recording(let session, paused: false, busy: false):
            state = .recording(session, paused: false, busy: true)
            return .write(session, pauses: pauses)
        default: return .reject(rejection())
        }
    }

    /// The `append` that had the session returned. On failure the
    /// recording is over and the session is returned to be abandoned.
    mutating func appended(failure: MediaError?) -> Session? {
        guard case .recording(let session, let paused, busy: true) = state else {
            preconditionFailure("an append returned while \(name)")
        }
        if let failure {
            state = .failed(failure)
            return session
        }
        state = .recording(session, paused: paused, busy: false)
        return nil
    }

    mutating func pause() -> Bool {
        guard case .recording(let session, paused: false, let busy) = state else { return false }
        state = .recording(session, paused: true, busy: busy)
        pauses += 1
        return true
    }

    mutating func resume() -> Bool {
        guard case .recording(let session, paused: true, let busy) = state else { return false }
        state = .recording(session, paused: false, busy: busy)
        return true
    }

    // MARK: Finish

    /// First stops accepting frames, then decides by state.
    mutating func finish() -> FinishAction {
        switch state {
        case .opening, .recording(_, _, busy: true), .finishing:
            return .wait
        case .recording(let session, _, busy: false):
            state = .finishing(cancelRequested: false)
            return .finish(session)
        case .finished(let clip):
            return .returnClip(clip)
        case .failed(let error):
            return .fail(error)
        case .cancelled:
            return .fail(.recordingCancelled(path: path))
        case .idle:
            return .fail(.recorderNotRecording(path: path, state: name))
        }
    }

    /// Right before the finished file is moved into place: true to go on,
    /// false when a cancel arrived (the state is then `cancelled`).
    mutating func commit() -> Bool {
        guard case .finishing(let cancelRequested) = state else {
            preconditionFailure("a recording committed while \(name)")
        }
        if cancelRequested {
            state = .cancelled
            return false
        }
        return true
    }

    mutating func finished(_ clip: RecordedClip) {
        guard case .finishing = state else { preconditionFailure("a recording finished while \(name)") }
        state = .finished(clip)
    }

    /// Finishing failed; a cancel that came meanwhile makes it `cancelled`.
    /// Returns the error to report.
    mutating func finishFailed(_ error: MediaError) -> MediaError {
        switch state {
        case .finishing(cancelRequested: true), .cancelled:
            state = .cancelled
            return .recordingCancelled(path: path)
        case .finishing(cancelRequested: false):
            state = .failed(error)
            return error
        default:
            preconditionFailure("a finish failed while \(name)")
        }
    }

    // MARK: Cancel

    mutating func cancel() -> CancelAction {
        switch state {
        case .idle:
            state = .cancelled
            return .none
        case .opening, .recording(_, _, busy: true):
            return .wait
        case .recording(let session, _, busy: false):
            state = .cancelled
            return .abandon(session)
        case .finishing:
            state = .finishing(cancelRequested: true)
            return .none
        case .finished, .failed, .cancelled:
            return .none
        }
    }

    /// The error for a call that is not valid in the current state.
    private func rejection() -> MediaError {
        switch state {
        case .cancelled: return .recordingCancelled(path: path)
        case .failed(let error): return error
        default: return .recorderNotRecording(path: path, state: name)
        }
    }
}
