/// The delivery side of a frame source: which frames wait, which one is
/// being delivered (the delivery fence), and how `stop()` and the end of the
/// stream produce exactly one finish. A value type over any frame type; the
/// source holds it under its lock and acts on the returned actions after
/// unlocking.
struct FrameDeliveryStateMachine<Frame> {
    enum Mode: Equatable {
        /// Not started.
        case idle
        /// Decoding and delivering.
        case running
        /// `stop()` blocked new deliveries and is sending the finish.
        case stopping
        /// The natural finish is being delivered.
        case finishing
        /// The finish was delivered (or the source was stopped before it started).
        case finished
    }

    enum OfferAction: Equatable {
        /// A new frame waits: schedule one delivery.
        case deliver
        /// Lossless and full: wait for a delivery to end, then offer again.
        case waitForRoom
        /// The policy dropped a frame (the new one, or the one it replaced);
        /// a delivery is already scheduled for whatever waits.
        case dropped
        /// Stopped: the decoder should end.
        case stop
    }

    enum Delivery {
        case frame(Frame)
        case finish(SourceFinish.Reason)
    }

    enum StopAction: Equatable {
        /// Nothing was started or the finish was already delivered.
        case none
        /// This call ends the source: wait for the running delivery (if
        /// any), then deliver the `stopped` finish and call `stopFinished()`.
        case deliverFinish(waitForDelivery: Bool)
        /// Another stop or the natural finish is delivering the finish: wait
        /// until the mode is `finished`.
        case waitForFinish
    }

    let policy: DeliveryPolicy
    private(set) var mode = Mode.idle
    /// True while a delivery runs on the delivery queue: the fence `stop()` waits on.
    private(set) var isDelivering = false
    private var waiting: [Frame] = []
    private var naturalFinish: SourceFinish.Reason?
    private(set) var summary = SourceSummary()

    /// How many frames may wait under `lossless` before the decoder pauses:
    /// one, so the decoder works on frame N+1 while the consumer has N.
    static var losslessCapacity: Int { 1 }

    init(policy: DeliveryPolicy) {
        if case .boundedDropNewest(let count) = policy {
            precondition(count >= 1, "a bounded delivery policy needs room for at least one frame")
        }
        if case .boundedDropOldest(let count) = policy {
            precondition(count >= 1, "a bounded delivery policy needs room for at least one frame")
        }
        self.policy = policy
    }

    var waitingCount: Int { waiting.count }

    mutating func start() -> Bool {
        guard mode == .idle else { return false }
        mode = .running
        return true
    }

    mutating func offer(_ frame: Frame) -> OfferAction {
        guard mode == .running, naturalFinish == nil else { return .stop }
        switch policy {
        case .lossless:
            if waiting.count >= Self.losslessCapacity { return .waitForRoom }
        case .latestOnly:
            if !waiting.isEmpty {
                waiting[0] = frame
                summary.framesDroppedByPolicy += 1
                return .dropped
            }
        case .boundedDropNewest(let capacity):
            if waiting.count >= capacity {
                summary.framesDroppedByPolicy += 1
                return .dropped
            }
        case .boundedDropOldest(let capacity):
            if waiting.count >= capacity {
                // The oldest waiting frame makes room; the new one queues,
                // and a delivery is already scheduled for the queue.
                waiting.removeFirst()
                waiting.append(frame)
                summary.framesDroppedByPolicy += 1
                return .dropped
            }
        }
        waiting.append(frame)
        return .deliver
    }

    /// The decoder ended (at the end of the stream or with an error).
    /// Returns true when a delivery must be scheduled for the finish.
    mutating func end(_ reason: SourceFinish.Reason) -> Bool {
        guard mode == .running, naturalFinish == nil else { return false }
        naturalFinish = reason
        return true
    }

    /// Takes what the next scheduled delivery hands over, and raises the fence.
    mutating func beginDelivery() -> Delivery? {
        guard mode == .running, !isDelivering else { return nil }
        if !waiting.isEmpty {
            isDelivering = true
            summary.framesDelivered += 1
            return .frame(waiting.removeFirst())
        }
        if let reason = naturalFinish {
            isDelivering = true
            mode = .finishing
            return .finish(reason)
        }
        return nil
    }

    /// The delivery returned: lowers the fence.
    mutating func endDelivery() {
        precondition(isDelivering, "a source delivery ended that never began")
        isDelivering = false
        if mode == .finishing { mode = .finished }
    }

    mutating func stop() -> StopAction {
        switch mode {
        case .idle:
            mode = .finished
            return .none
        case .running:
            summary.framesDroppedOnStop += waiting.count
            waiting.removeAll()
            naturalFinish = nil
            mode = .stopping
            return .deliverFinish(waitForDelivery: isDelivering)
        case .stopping, .finishing:
            return .waitForFinish
        case .finished:
            return .none
        }
    }

    /// The `stopped` finish was delivered.
    mutating func stopFinished() {
        precondition(mode == .stopping, "a stop finished that was not in progress")
        mode = .finished
    }

    /// Lets the producer update the summary's counts (frames it skipped or
    /// found damaged).
    mutating func updateSummary(_ body: (inout SourceSummary) -> Void) {
        body(&summary)
    }
}
