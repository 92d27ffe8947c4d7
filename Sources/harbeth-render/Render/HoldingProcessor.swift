import Dispatch
import Foundation
import Kakapos

/// A test hook, like Kakapos's `HARBETH_INJECT_MEDIA_FAULT`: with
/// `HARBETH_RENDER_HOLD_AT_FRAME=N` in the environment, frames from the N-th
/// (0-based) on are held by the processor and never finish, and the tool
/// says so once on standard error. The render is then certainly in
/// progress (frames before N were encoded, the temporary file exists) until
/// a signal cancels it, so a test can interrupt it without racing the end.
final class HoldingProcessor: FrameProcessor, @unchecked Sendable {
    // @unchecked: `submitted` and `held` are only touched under `lock`.
    static let environmentVariable = "HARBETH_RENDER_HOLD_AT_FRAME"

    /// The frame index from the environment, when the hook is on.
    static var holdFrame: Int? {
        ProcessInfo.processInfo.environment[environmentVariable].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    private let inner: any FrameProcessor
    private let holdFrame: Int
    private let console: Console
    private let scheduler = SubmissionScheduler(maxInFlight: 64, label: "harbeth-render.hold")
    private let lock = NSLock()
    private var submitted = 0
    private var held: [SubmissionCompletion<VideoFrame>] = []

    init(_ inner: any FrameProcessor, holdFrame: Int, console: Console) {
        self.inner = inner
        self.holdFrame = holdFrame
        self.console = console
    }

    func outputFormat(for input: FrameFormat) throws -> FrameFormat { try inner.outputFormat(for: input) }

    func submit(
        _ frame: VideoFrame, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        let index = lock.withLock { () -> Int in
            defer { submitted += 1 }
            return submitted
        }
        guard index >= holdFrame else {
            return inner.submit(frame, deliveryQueue: deliveryQueue, completion: completion)
        }
        return scheduler.submit(deliveryQueue: deliveryQueue, completion: completion) { [self] done in
            let first = lock.withLock { () -> Bool in
                held.append(done)
                return held.count == 1
            }
            if first { console.note("\(Self.environmentVariable): holding frame \(index) until interrupted") }
        }
    }

    /// Ends the held work once the pipeline has cancelled its handles: each
    /// reports a failure that nobody receives any more.
    func release() {
        scheduler.stop()
        let all = lock.withLock { () -> [SubmissionCompletion<VideoFrame>] in
            defer { held.removeAll() }
            return held
        }
        for completion in all { completion.fail(CancellationError()) }
    }
}
