import Dispatch
import HarbethGPU

/// Work whose completion the test decides: each run parks its completion
/// here and signals `started`, so a test orders events without sleeping.
final class HeldWork<Output: Sendable>: Sendable {
    private let parked = Locked<[SubmissionCompletion<Output>]>([])
    private let runs = Locked(0)
    let started = DispatchSemaphore(value: 0)

    var work: @Sendable (SubmissionCompletion<Output>) -> Void {
        { completion in
            self.runs.withLock { $0 += 1 }
            self.parked.withLock { $0.append(completion) }
            self.started.signal()
        }
    }

    var runCount: Int { runs.withLock { $0 } }

    /// Completes the oldest parked run with `output`.
    func succeedNext(_ output: Output) {
        let next = parked.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        next!.succeed(output)
    }

    func failNext(_ error: any Error) {
        let next = parked.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        next!.fail(error)
    }
}

/// Records every delivery on one serial queue, so a test can count them
/// after draining that queue.
final class DeliveryLog<Output: Sendable>: Sendable {
    let queue = DispatchQueue(label: "test.deliveries")
    private let entries = Locked<[(UInt64, Result<Output, RenderSubmissionError>)]>([])
    private let expected = Locked(0)
    private let group = DispatchGroup()

    func expect(_ count: Int) {
        expected.withLock { $0 += count }
        for _ in 0..<count { group.enter() }
    }

    func callback(for id: @escaping @Sendable () -> UInt64) -> @Sendable (Result<Output, RenderSubmissionError>) -> Void
    {
        { result in
            let count = self.entries.withLock { entries -> Int in
                entries.append((id(), result))
                return entries.count
            }
            // An extra delivery is recorded for the test to see, not left
            // unbalanced on the group.
            if count <= self.expected.withLock({ $0 }) { self.group.leave() }
        }
    }

    /// Waits for the expected deliveries, then drains the queue so any
    /// extra delivery would be counted too.
    func settle() -> [(UInt64, Result<Output, RenderSubmissionError>)] {
        group.wait()
        queue.sync {}
        return entries.withLock { $0 }
    }
}
