/// Bounds the frames between the source and the sink: a delivery takes a
/// place before it submits a frame and the place is freed when the frame is
/// encoded. Closing wakes whoever waits, for good.
final class InFlightWindow: Sendable {
    private struct State {
        var inFlight = 0
        var closed = false
        var waiting: (@Sendable () -> Void)?
    }

    let capacity: Int
    private let state = ConditionLock(State())

    init(capacity: Int) {
        precondition(capacity >= 1, "a pipeline needs room for at least one frame in flight")
        self.capacity = capacity
    }

    /// Waits for a free place; false once the window is closed.
    func acquire() -> Bool {
        state.waitFor { state -> Bool? in
            if state.closed { return false }
            guard state.inFlight < capacity else {
                state.waiting?()
                return nil
            }
            state.inFlight += 1
            return true
        }
    }

    /// A test hook: called, under the window's lock, each time an acquire
    /// finds the window full and waits. It must not call back in.
    func onWait(_ hook: (@Sendable () -> Void)?) {
        state.withLock { $0.waiting = hook }
    }

    func release() {
        state.withLockBroadcasting { state in
            precondition(state.inFlight > 0, "a frame left the window that never entered it")
            state.inFlight -= 1
        }
    }

    func close() {
        state.withLockBroadcasting { $0.closed = true }
    }

    var count: Int { state.withLock { $0.inFlight } }
}

/// Puts results that complete in any order back into submission order.
struct ReorderBuffer<Element> {
    /// The sequence number the sink needs next.
    private(set) var nextSequence = 0
    private var waiting: [Int: Element] = [:]

    var count: Int { waiting.count }

    mutating func insert(_ element: Element, at sequence: Int) {
        precondition(sequence >= nextSequence && waiting[sequence] == nil, "result \(sequence) arrived twice")
        waiting[sequence] = element
    }

    /// The results that are next in order, removed from the buffer.
    mutating func popReady() -> [(sequence: Int, element: Element)] {
        var ready: [(Int, Element)] = []
        while let element = waiting.removeValue(forKey: nextSequence) {
            ready.append((nextSequence, element))
            nextSequence += 1
        }
        return ready
    }

    mutating func removeAll() { waiting.removeAll() }
}
