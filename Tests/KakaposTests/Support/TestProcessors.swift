import Dispatch

@testable import Kakapos

struct TestFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Work that never reports until the test says so: frames stay in flight.
final class HeldWork: Sendable {
    private struct Held {
        var items: [(completion: SubmissionCompletion<VideoFrame>, frame: VideoFrame?)] = []
        /// Submissions ever held.
        var total = 0
        /// Once set, work is no longer held but finished at once.
        var released = false
    }

    private let held = ConditionLock(Held())
    let firstArrived = DispatchSemaphore(value: 0)

    /// Holds a submission; with its frame, `succeedAll()` can hand it back.
    func add(_ completion: SubmissionCompletion<VideoFrame>, frame: VideoFrame? = nil) {
        let (first, releasedForGood) = held.withLockBroadcasting { held -> (Bool, Bool) in
            if held.released { return (false, true) }
            held.items.append((completion, frame))
            held.total += 1
            return (held.total == 1, false)
        }
        if releasedForGood, let frame {
            completion.succeed(frame)
            return
        }
        if first { firstArrived.signal() }
    }

    /// Hands back every held frame and every later one at once, for good.
    func releaseForGood() {
        let all = held.withLockBroadcasting { held in
            held.released = true
            defer { held.items.removeAll() }
            return held.items
        }
        for (completion, frame) in all {
            if let frame { completion.succeed(frame) } else { completion.fail(TestFailure(message: "no frame held")) }
        }
    }

    /// How many submissions are held now.
    var count: Int { held.withLock { $0.items.count } }

    /// How many were ever held.
    var total: Int { held.withLock { $0.total } }

    /// Waits until `count` are held at once, or `total` have been held in
    /// all; returns how many are held then.
    @discardableResult
    func wait(untilHolding count: Int, orTotal total: Int) -> Int {
        held.wait(until: { $0.items.count >= count || $0.total >= total }, then: { $0.items.count })
    }

    /// Reports every held submission's frame back unchanged.
    func succeedAll() {
        for (completion, frame) in takeAll() {
            if let frame { completion.succeed(frame) } else { completion.fail(TestFailure(message: "no frame held")) }
        }
    }

    /// Reports a failure for every held submission (late: they were cancelled).
    func failAll() {
        for (completion, _) in takeAll() { completion.fail(TestFailure(message: "late failure")) }
    }

    private func takeAll() -> [(completion: SubmissionCompletion<VideoFrame>, frame: VideoFrame?)] {
        held.withLock { held in
            defer { held.items.removeAll() }
            return held.items
        }
    }
}

/// Wraps a processor and keeps the handles it returns.
struct HandleRecordingProcessor: FrameProcessor {
    let inner: any FrameProcessor
    let handles = Box<[RenderSubmissionHandle<VideoFrame>]>([])

    func outputFormat(for input: FrameFormat) throws -> FrameFormat { try inner.outputFormat(for: input) }

    func submit(
        _ frame: TimedFrame, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        let handle = inner.submit(frame, policy: policy, deliveryQueue: deliveryQueue, completion: completion)
        handles.modify { $0.append(handle) }
        return handle
    }
}

/// A processor that misbehaves: it keeps the pipeline's completion callback
/// and can call it after the pipeline ended, bypassing its handle.
final class LateCallbackProcessor: FrameProcessor {
    private let scheduler = SubmissionScheduler(maxInFlight: 8, label: "late-callback")
    private let callbacks = ConditionLock<
        [(DispatchQueue, @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void, VideoFrame)]
    >([])
    let work = HeldWork()

    func outputFormat(for input: FrameFormat) throws -> FrameFormat { input }

    func submit(
        _ frame: TimedFrame, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        callbacks.withLock { $0.append((deliveryQueue, completion, frame.frame)) }
        return scheduler.submit(deliveryQueue: deliveryQueue) { [work] completion in work.add(completion) }
    }

    /// Calls every kept callback with a failure, as a late GPU error would.
    func deliverLateFailures() {
        for (queue, callback, _) in callbacks.withLock({ $0 }) {
            queue.async { callback(.failure(.executionFailed(TestFailure(message: "device fault after cancel")))) }
        }
    }

    /// Calls every kept callback with success.
    func deliverLateSuccesses() {
        for (queue, callback, frame) in callbacks.withLock({ $0 }) {
            queue.async { callback(.success(frame)) }
        }
    }
}
