import CFFmpeg
import Foundation

/// Why a demuxer could not be opened.
enum FFInputOpenError: Error, Equatable {
    /// FFmpeg's own error (no such file, connection refused, ...).
    case failed(AVError)
    /// Nothing came for the watchdog's timeout.
    case timedOut
    /// `-f` named a format this FFmpeg does not have.
    case unknownFormat(String)
    /// Options no part of FFmpeg took (misspelt, or for another format).
    case unusedOptions([String], format: String)
}

/// FFmpeg's interrupt callback for one demuxer or muxer: it ends a
/// blocking open, read or write (AVERROR_EXIT) when the source is stopped,
/// or when the call has waited longer than `timeout` (a network stream or
/// device that went quiet, an address that does not answer, a peer that
/// stopped reading). Each blocking call arms it first and disarms it after, so the
/// timeout counts the wait for one call, never the whole recording.
final class IOWatchdog: Sendable {
    private struct State {
        var stopped = false
        var timedOut = false
        var deadline: ContinuousClock.Instant?
    }

    /// Seconds one call may wait; nil waits as long as FFmpeg does.
    let timeout: Double?
    private let state = ConditionLock(State())

    init(timeout: Double? = nil) {
        self.timeout = timeout
    }

    /// Makes every blocking call, now and later, return at once.
    func stop() { state.withLock { $0.stopped = true } }

    /// True once `stop()` was called.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// True once a call was ended because it waited past the timeout. It
    /// stays true: FFmpeg's I/O keeps the error it was given and returns it
    /// from later calls without asking again.
    var timedOut: Bool { state.withLock { $0.timedOut } }

    func arm() {
        let deadline = timeout.map { ContinuousClock.now + .seconds($0) }
        state.withLock { $0.deadline = deadline }
    }

    func disarm() { state.withLock { $0.deadline = nil } }

    /// FFmpeg's question, asked often while it waits: should it give up?
    func shouldInterrupt() -> Bool {
        state.withLock { state in
            if state.stopped { return true }
            guard let deadline = state.deadline, ContinuousClock.now >= deadline else { return false }
            state.timedOut = true
            return true
        }
    }

    /// The callback to install in an `AVFormatContext`; it holds no
    /// reference, so the context's owner keeps the watchdog alive.
    var callback: AVIOInterruptCB {
        AVIOInterruptCB(
            callback: { opaque in
                guard let opaque else { return 0 }
                return Unmanaged<IOWatchdog>.fromOpaque(opaque).takeUnretainedValue().shouldInterrupt() ? 1 : 0
            },
            opaque: Unmanaged.passUnretained(self).toOpaque())
    }
}

/// Ends the waits of sources that are opening or reading live inputs, from
/// another thread: a signal handler's, say, while `AssetSource.init` waits
/// for a network stream's first frame. Give one to any number of sources;
/// `stop()` ends every wait they have and will have. A source stopped this
/// way before its first frame throws `inputStoppedBeforeFirstFrame`.
public final class InputInterruption: Sendable {
    private struct State {
        var stopped = false
        var watchdogs: [IOWatchdog] = []
    }

    private let state = ConditionLock(State())

    /// An interruption that has not been stopped.
    public init() {}

    /// Ends every wait of the sources given this interruption, now and later. Idempotent.
    public func stop() {
        let watchdogs = state.withLock { state -> [IOWatchdog] in
            state.stopped = true
            return state.watchdogs
        }
        for watchdog in watchdogs { watchdog.stop() }
    }

    /// True once `stop()` was called.
    public var isStopped: Bool { state.withLock { $0.stopped } }

    func attach(_ watchdog: IOWatchdog) {
        let stopped = state.withLock { state -> Bool in
            if !state.stopped { state.watchdogs.append(watchdog) }
            return state.stopped
        }
        if stopped { watchdog.stop() }
    }
}
