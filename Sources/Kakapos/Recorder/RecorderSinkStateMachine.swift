/// The life of one recording and the only transitions between its states.
/// A value type: `RecorderSink` holds it under a lock and performs the
/// returned action after unlocking.
struct RecorderSinkStateMachine: Sendable {
    enum State: Sendable, Equatable {
        case idle
        case recording
        case paused
        /// `finishRecording()` is flushing and writing the trailer; a cancel
        /// that arrives now is honoured before the file is moved into place.
        case finishing(cancelRequested: Bool)
        case finished(RecordedClip)
        case failed(MediaError)
        case cancelled
    }

    enum BeginAction: Equatable {
        /// Open the encoder and the temporary file.
        case open
        case reject(MediaError)
    }

    enum AppendAction: Equatable {
        case write
        /// Paused: the frame is not written.
        case discard
        case reject(MediaError)
    }

    enum FinishAction: Equatable {
        /// This call finishes: flush, write the trailer, verify, rename.
        case finish
        /// Another call is finishing: wait for the terminal state, then ask again.
        case waitForOtherFinish
        case returnClip(RecordedClip)
        case fail(MediaError)
    }

    enum CancelAction: Equatable {
        /// Close and remove the temporary file.
        case discardOutput
        /// Nothing to discard (never began, or the finishing call will see it).
        case none
    }

    let path: String
    private(set) var state = State.idle

    init(path: String) { self.path = path }

    var isTerminal: Bool {
        switch state {
        case .finished, .failed, .cancelled: return true
        case .idle, .recording, .paused, .finishing: return false
        }
    }

    /// The state's name, for errors and the public `state`.
    var name: String {
        switch state {
        case .idle: return "idle"
        case .recording: return "recording"
        case .paused: return "paused"
        case .finishing: return "finishing"
        case .finished: return "finished"
        case .failed: return "failed"
        case .cancelled: return "cancelled"
        }
    }

    mutating func begin() -> BeginAction {
        guard case .idle = state else {
            return .reject(rejection())
        }
        state = .recording
        return .open
    }

    mutating func append() -> AppendAction {
        switch state {
        case .recording: return .write
        case .paused: return .discard
        default: return .reject(rejection())
        }
    }

    /// Opening, encoding or writing failed: the recording is over.
    /// Returns false when it had already ended (a cancel won).
    @discardableResult
    mutating func fail(_ error: MediaError) -> Bool {
        switch state {
        case .recording, .paused, .idle:
            state = .failed(error)
            return true
        case .finishing(let cancelRequested):
            state = cancelRequested ? .cancelled : .failed(error)
            return true
        case .finished, .failed, .cancelled:
            return false
        }
    }

    mutating func pause() -> Bool {
        guard case .recording = state else { return false }
        state = .paused
        return true
    }

    mutating func resume() -> Bool {
        guard case .paused = state else { return false }
        state = .recording
        return true
    }

    /// First stops accepting frames, then decides by state.
    mutating func finish() -> FinishAction {
        switch state {
        case .recording, .paused:
            state = .finishing(cancelRequested: false)
            return .finish
        case .finishing:
            return .waitForOtherFinish
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

    mutating func cancel() -> CancelAction {
        switch state {
        case .idle:
            state = .cancelled
            return .none
        case .recording, .paused:
            state = .cancelled
            return .discardOutput
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
