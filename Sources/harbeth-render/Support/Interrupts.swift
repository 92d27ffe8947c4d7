import Dispatch
import Foundation

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT as events rather than deaths: the
/// default handlers are replaced by `SIG_IGN` and the signals are read from
/// dispatch sources, so the tool can cancel its pipeline cleanly (the
/// temporary file removed, nothing at the output path) and then exit with
/// 128 + the signal. SIGHUP (the terminal closed) is a request to stop
/// like SIGTERM; so is SIGQUIT (Ctrl-\\): a clean quit, as FFmpeg's `q` is,
/// with no core dump and nothing left behind.
final class Interrupts: @unchecked Sendable {
    // @unchecked: `received`, `action` and `sources` are only touched under `lock`.
    private let lock = NSLock()
    private var received: Int32?
    private var count = 0
    private var action: (@Sendable (Int32) -> Void)?
    private var controlAction: (@Sendable (Control) -> Void)?
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "harbeth-render.signals")

    /// The signals that cancel a run.
    static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// What the `q` key on a terminal sends: a stop like SIGINT's, named for the key.
    static let quitKey: Int32 = -1

    /// The requests that steer a live recording without ending it.
    enum Control: Sendable {
        /// SIGUSR1, or `p` on a terminal while recording.
        case pause
        /// SIGUSR2, or `p` on a terminal while paused.
        case resume
        /// `p` on a terminal: pause or resume, whichever it is not.
        case toggle
    }

    /// `SIGINT`, `SIGTERM`, ...: the name a user reads.
    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        case SIGQUIT: return "SIGQUIT"
        case quitKey: return "q"
        default: return "signal \(signal)"
        }
    }

    /// Starts watching the stopping signals. Call once, before any work.
    func install() {
        // A reader that closed the pipe must not kill the tool mid-write.
        Glibc.signal(SIGPIPE, SIG_IGN)
        // Nor may a write past the file size limit (RLIMIT_FSIZE): ignored,
        // the write fails with EFBIG, and the recorder reports it and
        // removes its temporary file. (Today the muxer writes on Dispatch
        // worker threads, which block signals, so SIGXFSZ stays pending
        // there; this makes the outcome independent of the writing thread.)
        Glibc.signal(SIGXFSZ, SIG_IGN)
        for number in Self.stopping {
            Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in receive(number) }
            source.resume()
            lock.withLock { sources.append(source) }
        }
        // SIGUSR1 and SIGUSR2 would end the process; they pause and resume.
        for (number, control) in [(SIGUSR1, Control.pause), (SIGUSR2, Control.resume)] {
            Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in self.control(control) }
            source.resume()
            lock.withLock { sources.append(source) }
        }
    }

    /// Runs `action` for every pause and resume request (nil: they are ignored).
    func onControl(_ action: (@Sendable (Control) -> Void)?) {
        lock.withLock { controlAction = action }
    }

    /// Delivers a pause or resume request (from a signal or a key).
    func control(_ control: Control) {
        let action = lock.withLock { controlAction }
        action?(control)
    }

    /// Delivers the `q` key: a stop, as a signal is.
    func quitKeyPressed() { receive(Self.quitKey) }

    /// How many stopping signals have arrived.
    var signalCount: Int { lock.withLock { count } }

    /// The first signal received, if any.
    var receivedSignal: Int32? { lock.withLock { received } }

    /// Runs `action` with the first signal when it arrives, at once if one
    /// already has; a later call replaces the action. Every later signal
    /// runs it again (a second Ctrl-C while cancelling), so it must be
    /// idempotent.
    func onSignal(_ action: @escaping @Sendable (Int32) -> Void) {
        let pending = lock.withLock { () -> Int32? in
            self.action = action
            return received
        }
        if let pending { action(pending) }
    }

    /// Throws `interrupted` when a signal has arrived: the check between
    /// steps that have nothing to cancel.
    func check(output: String?) throws(ToolError) {
        if let receivedSignal { throw .interrupted(signal: receivedSignal, output: output) }
    }

    fileprivate func receive(_ number: Int32) {
        let (first, action) = lock.withLock { () -> (Int32, (@Sendable (Int32) -> Void)?) in
            if received == nil { received = number }
            count += 1
            return (received!, self.action)
        }
        action?(first)
    }
}
