import Foundation

/// State guarded by one lock with a condition variable: for the places where
/// a thread must wait for another to change the state (room in a queue, a
/// delivery that returned, a terminal state).
///
/// @unchecked Sendable: `state` is only touched inside `withLock` and
/// `wait(until:)`, both of which hold the condition's lock.
final class ConditionLock<State>: @unchecked Sendable {
    private let condition = NSCondition()
    private var state: State

    init(_ state: State) { self.state = state }

    func withLock<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
        condition.lock()
        defer { condition.unlock() }
        return try body(&state)
    }

    /// Like `withLock`, and wakes every waiter afterwards.
    func withLockBroadcasting<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&state)
    }

    /// Waits until `predicate` holds, then runs `body` under the same lock.
    func wait<R>(until predicate: (State) -> Bool, then body: (inout State) -> R) -> R {
        condition.lock()
        defer { condition.unlock() }
        while !predicate(state) { condition.wait() }
        return body(&state)
    }

    /// Runs `body` repeatedly under the lock, waiting for a change between
    /// calls, until it returns a value.
    func waitFor<R>(_ body: (inout State) -> R?) -> R {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = body(&state) { return result }
            condition.wait()
        }
    }
}
