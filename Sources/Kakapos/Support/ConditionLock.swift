import Foundation

/// State guarded by one lock with a condition variable: the lock of every
/// piece of shared state in Kakapos, and the way a thread waits for another
/// to change it (room in a queue, a delivery that returned, a terminal state).
///
/// It is built on NSCondition (a pthread mutex and condition) rather than
/// Synchronization's `Mutex` because ThreadSanitizer sees pthread locks but,
/// on Linux with Swift 6.3, not `Mutex`, and reports every access it guards
/// as a race; the contract tests must run clean under TSan.
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

    /// Like `waitFor`, and wakes every waiter once `body` has returned a
    /// value (it may have changed the state).
    func waitForBroadcasting<R>(_ body: (inout State) -> R?) -> R {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while true {
            if let result = body(&state) { return result }
            condition.wait()
        }
    }
}
