import Dispatch
import Glibc

/// Lets a process exit while GPU work is in flight.
///
/// `exit()` runs the static destructors of the Vulkan loader, its layers and
/// the driver while other threads may still be inside Vulkan calls: a
/// submission compiling its pipeline, the completion thread waiting on the
/// timeline, the release queue freeing command buffers. With the validation
/// layer on, such a program crashed in one exit out of five.
///
/// So every scheduler and every queue joins `process`, and the drain is
/// registered with `atexit` when a context is made and again when a plan's
/// first frame has finished. Handlers run in the reverse order of their
/// registration, so the newest one runs before the clean-up that the layers
/// and the driver registered until then, including what a layer makes on
/// first use. The first run closes every scheduler (what is outstanding ends
/// `discarded` with `processExiting`), waits for the work that had started
/// to report, then for each queue to finish its GPU work and let it go.
/// Later runs find nothing to wait for. The drain waits only on this
/// package's own threads; it makes no Vulkan call, and it gives up at its
/// deadline rather than hang the exit. What a layer first makes during the
/// frame in flight at exit is cleaned up before the drain runs: a program
/// that cancels its first frames and ends can `Renderer.waitUntilIdle()`.
package final class ExitDrain: Sendable {
    /// The drain the process runs at exit.
    package static let process = ExitDrain()

    /// How long an exit waits, in all, for outstanding work.
    package static let timeLimit: DispatchTimeInterval = .seconds(2)

    private struct Members {
        var schedulers: [WeakScheduler] = []
        var queues: [WeakQueue] = []
        var drained = false
    }

    private struct WeakScheduler: @unchecked Sendable {
        // @unchecked: a weak reference to a Sendable class, read under the lock.
        weak var value: SubmissionScheduler?
    }

    private struct WeakQueue: @unchecked Sendable {
        weak var value: GPUQueue?
    }

    private let members = Locked(Members())

    package init() {}

    /// Waits for `scheduler` at exit.
    package func add(_ scheduler: SubmissionScheduler) {
        members.withLock { members in
            members.schedulers.removeAll { $0.value == nil }
            members.schedulers.append(WeakScheduler(value: scheduler))
        }
    }

    /// Waits for `queue` at exit.
    func add(_ queue: GPUQueue) {
        members.withLock { members in
            members.queues.removeAll { $0.value == nil }
            members.queues.append(WeakQueue(value: queue))
        }
    }

    /// Runs the process drain at exit, before the clean-up that the layers
    /// and the driver registered so far. Called when a context is made and
    /// when a plan's first frame has finished (a layer makes some of its
    /// static objects on first use).
    package static func registerAtExit() {
        atexit { ExitDrain.process.drain(until: .now() + ExitDrain.timeLimit) }
    }

    /// Closes every scheduler and waits, until `deadline` at most, for the
    /// work they had started and for every queue to fall idle. Returns
    /// whether everything was idle in time. Runs once; later calls return true.
    @discardableResult
    package func drain(until deadline: DispatchTime) -> Bool {
        let (schedulers, queues) = members.withLock { members -> ([SubmissionScheduler], [GPUQueue]) in
            guard !members.drained else { return ([], []) }
            members.drained = true
            return (members.schedulers.compactMap(\.value), members.queues.compactMap(\.value))
        }
        for scheduler in schedulers { scheduler.close(.processExiting) }
        var idle = true
        for scheduler in schedulers where !scheduler.waitUntilIdle(until: deadline) { idle = false }
        for queue in queues where !queue.waitUntilIdle(until: deadline) { idle = false }
        return idle
    }
}
