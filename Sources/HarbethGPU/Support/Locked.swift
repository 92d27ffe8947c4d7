import Glibc

/// A value behind a pthread mutex.
///
/// Why not `Synchronization.Mutex`: on Linux it locks with a bare futex,
/// which ThreadSanitizer cannot see, so every access it guards would be
/// reported as a race; the lifecycle tests run under ThreadSanitizer.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched inside `withLock`, under `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed with \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
