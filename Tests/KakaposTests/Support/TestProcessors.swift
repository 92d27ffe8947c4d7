import Dispatch

@testable import Kakapos

struct TestFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Work that never reports until the test says so: frames stay in flight.
final class HeldWork: Sendable {
    private let held = ConditionLock<[(completion: SubmissionCompletion<VideoFrame>, frame: VideoFrame?)]>([])
    let firstArrived = DispatchSemaphore(value: 0)

    /// Holds a submission; with its frame, `succeedAll()` can hand it back.
    func add(_ completion: SubmissionCompletion<VideoFrame>, frame: VideoFrame? = nil) {
        let first = held.withLock { held in
            held.append((completion, frame))
            return held.count == 1
        }
        if first { firstArrived.signal() }
    }

    /// How many submissions are held now.
    var count: Int { held.withLock { $0.count } }

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
            defer { held.removeAll() }
            return held
        }
    }
}

/// Wraps a processor and keeps the handles it returns.
struct HandleRecordingProcessor: FrameProcessor {
    let inner: any FrameProcessor
    let handles = Box<[RenderSubmissionHandle<VideoFrame>]>([])

    func outputFormat(for input: FrameFormat) throws -> FrameFormat { try inner.outputFormat(for: input) }

    func submit(
        _ frame: VideoFrame, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        let handle = inner.submit(frame, deliveryQueue: deliveryQueue, completion: completion)
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
        _ frame: VideoFrame, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        callbacks.withLock { $0.append((deliveryQueue, completion, frame)) }
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
