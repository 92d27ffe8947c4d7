import Dispatch
import Foundation

/// The delivery side every frame source shares: a producer thread offers
/// frames, a dedicated delivery queue hands them and then exactly one
/// finish to the consumer, each delivery inside the fence `stop()`
/// observes, under the source's delivery policy (see
/// `FrameDeliveryStateMachine`).
///
/// The contract it keeps for its source:
/// - `stop()` blocks new deliveries, waits for a delivery that has already
///   started to return, drops deliveries that were waiting, sends `finish`
///   once, waits for the producer thread to end, and only then returns.
///   Called from inside a delivery, it cannot wait for that delivery (it
///   is running it): it sends the finish right there, nested, and returns.
/// - At the natural end every frame event happens-before the single finish.
final class FrameDelivery: Sendable {
    /// Where the consumer's handler runs, one event at a time.
    let queue: DispatchQueue
    private let state: ConditionLock<State>
    private let producerExited = DispatchGroup()

    private struct State {
        var machine: FrameDeliveryStateMachine<TimedFrame>
        var handler: (@Sendable (SourceEvent) -> Void)?
        /// The thread running the current delivery, to recognise a `stop()`
        /// called from inside one.
        var deliveringThread: pthread_t?
        var hooks = SourceTestHooks()

        func isInsideDelivery() -> Bool {
            guard machine.isDelivering, let thread = deliveringThread else { return false }
            return pthread_equal(thread, pthread_self()) != 0
        }
    }

    /// Runs on the delivery queue on each frame about to be delivered (not
    /// on the frames a policy drops): a live source hands its audio on here.
    let prepare: (@Sendable (TimedFrame) -> TimedFrame)?

    init(policy: DeliveryPolicy, label: String, prepare: (@Sendable (TimedFrame) -> TimedFrame)? = nil) {
        self.prepare = prepare
        queue = DispatchQueue(label: label)
        state = ConditionLock(State(machine: FrameDeliveryStateMachine(policy: policy)))
    }

    /// The counts so far (final once the finish was delivered).
    var summary: SourceSummary { state.withLock { $0.machine.summary } }

    /// Starts delivering to `handler` and runs `produce` on a thread of its
    /// own, once. False when the delivery was already started or stopped.
    func start(
        _ handler: @escaping @Sendable (SourceEvent) -> Void, threadName: String,
        produce: @escaping @Sendable () -> Void
    ) -> Bool {
        let started = state.withLock { state -> (@Sendable () -> Void)?? in
            guard state.machine.start() else { return .none }
            state.handler = handler
            // Under the lock that started the delivery: a stop() that sees
            // it running also sees the producer thread it must wait for.
            producerExited.enter()
            return .some(state.hooks.afterStartDecided)
        }
        guard let hook = started else { return false }
        hook?()
        let thread = Thread { [self] in
            produce()
            state.withLock { $0.hooks.decodeThreadExiting }?()
            producerExited.leave()
        }
        thread.name = threadName
        thread.start()
        return true
    }

    /// The producer hands over a frame, after `count` updates the summary
    /// (skipped or damaged frames so far). Waits for room under `lossless`.
    /// Returns false once stopped: the producer should end.
    func offer(_ frame: TimedFrame, count: @Sendable (inout SourceSummary) -> Void = { _ in }) -> Bool {
        let action = state.waitFor { state -> FrameDeliveryStateMachine<TimedFrame>.OfferAction? in
            state.machine.updateSummary(count)
            let action = state.machine.offer(frame)
            if action == .waitForRoom {
                state.hooks.decoderWaitingForRoom?(frame.index)
                return nil
            }
            return action
        }
        switch action {
        case .deliver:
            queue.async { self.deliverNext() }
            return true
        case .dropped:
            return true
        case .stop, .waitForRoom:
            return false
        }
    }

    /// The producer has no more frames: the finish follows the frames
    /// still waiting, after `count` gives the summary its final counts.
    func end(_ reason: SourceFinish.Reason, count: @Sendable (inout SourceSummary) -> Void = { _ in }) {
        let (schedule, hook) = state.withLock { state in
            state.machine.updateSummary(count)
            return (state.machine.end(reason), state.hooks.decoderEnded)
        }
        hook?()
        if schedule { queue.async { self.deliverNext() } }
    }

    /// Ends delivery (see the type's contract). `neverStarted` runs when
    /// the delivery had not started, to release what the producer would
    /// have used. Idempotent.
    func stop(neverStarted: () -> Void = {}) {
        let (action, inside, hook) = state.withLockBroadcasting { state in
            let inside = state.isInsideDelivery()
            let action = state.machine.stop()
            return (action, inside, state.hooks.stopWillWaitForDelivery)
        }
        switch action {
        case .none:
            neverStarted()
            return
        case .waitForFinish:
            if !inside { state.wait(until: { $0.machine.mode == .finished }, then: { _ in }) }
        case .deliverFinish(let waitForDelivery):
            if waitForDelivery && !inside {
                hook?()
                // The fence: a delivery that began before the stop returns first.
                state.wait(until: { !$0.machine.isDelivering }, then: { _ in })
                state.withLock { $0.hooks.stopPassedTheFence }?()
            }
            let (handler, summary) = state.withLock { ($0.handler, $0.machine.summary) }
            let finish = SourceEvent.finish(SourceFinish(reason: .stopped, summary: summary))
            if inside {
                handler?(finish)
            } else {
                // Through the delivery queue, so that the consumer sees all
                // its events there; blocks queued earlier find nothing to do.
                queue.sync { handler?(finish) }
            }
            state.withLockBroadcasting { state in
                state.machine.stopFinished()
                state.handler = nil
            }
            // The producer saw the stop (it was woken above) and ends
            // without touching the consumer; wait for it to let go.
            producerExited.wait()
        }
    }

    /// Installs observation points for contract tests.
    func setTestHooks(_ hooks: SourceTestHooks) {
        state.withLock { $0.hooks = hooks }
    }

    // MARK: Delivery queue

    private func deliverNext() {
        // Taking a frame makes room: wake a lossless producer waiting for
        // it, so it makes frame N+1 while the consumer has frame N.
        let taken = state.withLockBroadcasting {
            state -> (
                FrameDeliveryStateMachine<TimedFrame>.Delivery, SourceSummary, (@Sendable (SourceEvent) -> Void)?
            )?
            in
            guard let delivery = state.machine.beginDelivery() else { return nil }
            state.deliveringThread = pthread_self()
            return (delivery, state.machine.summary, state.handler)
        }
        guard let (delivery, summary, handler) = taken else { return }
        switch delivery {
        case .frame(let frame):
            handler?(.frame(prepare.map { $0(frame) } ?? frame))
        case .finish(let reason):
            handler?(.finish(SourceFinish(reason: reason, summary: summary)))
        }
        // Lowering the fence wakes a waiting stop() and a producer waiting for room.
        state.withLockBroadcasting { state in
            state.machine.endDelivery()
            state.deliveringThread = nil
            if state.machine.mode == .finished { state.handler = nil }
        }
    }
}

/// Points where tests observe a source's internal order. They must not
/// call back into the source (`decoderWaitingForRoom` runs under its lock).
struct SourceTestHooks: Sendable {
    /// `stop()` has blocked new deliveries and is about to wait for the one running.
    var stopWillWaitForDelivery: (@Sendable () -> Void)?
    /// The lossless producer is about to wait for room to offer the frame
    /// with this index (so the one before it is waiting for delivery).
    var decoderWaitingForRoom: (@Sendable (Int) -> Void)?
    /// The producer offered its last frame (the finish is about to be queued).
    var decoderEnded: (@Sendable () -> Void)?
    /// `stop()` waited for the delivery that was running and saw it end.
    var stopPassedTheFence: (@Sendable () -> Void)?
    /// `start()` has decided to start and is about to launch the producer thread.
    var afterStartDecided: (@Sendable () -> Void)?
    /// The producer thread is done (with the file) and about to exit.
    var decodeThreadExiting: (@Sendable () -> Void)?
}
