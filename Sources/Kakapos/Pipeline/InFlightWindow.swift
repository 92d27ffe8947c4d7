/// Bounds the frames between the source and the sink: a delivery takes a
/// place before it submits a frame and the place is freed when the frame is
/// encoded. Closing wakes whoever waits, for good.
final class InFlightWindow: Sendable {
    private struct State {
        var inFlight = 0
        var closed = false
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
            guard state.inFlight < capacity else { return nil }
            state.inFlight += 1
            return true
        }
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
