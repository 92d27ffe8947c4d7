import Dispatch
import Foundation
import Kakapos

/// A test hook, like Kakapos's `HARBETH_INJECT_MEDIA_FAULT`: with
/// `HARBETH_RENDER_HOLD_AT_FRAME=N` in the environment, frames from the N-th
/// (0-based) on are held by the processor and never finish, and the tool
/// says so once on standard error. The render is then certainly in
/// progress (frames before N were encoded, the temporary file exists) until
/// a signal cancels it, so a test can interrupt it without racing the end.
///
/// With `HARBETH_RENDER_RELEASE_FIFO=PATH` as well, the held frames are let
/// go (rendered as usual, and every later frame with them) once something
/// is written to the named pipe at PATH, so a test can act while the run is
/// certainly in progress and then let it finish.
final class HoldingProcessor: FrameProcessor, @unchecked Sendable {
    // @unchecked: `submitted`, `held` and `released` are only touched under `lock`.
    static let environmentVariable = "HARBETH_RENDER_HOLD_AT_FRAME"
    static let releaseVariable = "HARBETH_RENDER_RELEASE_FIFO"

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
    private var held: [(frame: TimedFrame, completion: SubmissionCompletion<VideoFrame>)] = []
    private var released = false

    var keepsOpaqueFramesOpaque: Bool { inner.keepsOpaqueFramesOpaque }

    func sampleAspectRatio(_ sampleAspectRatio: SampleAspectRatio?, for input: FrameFormat) throws
        -> SampleAspectRatio?
    { try inner.sampleAspectRatio(sampleAspectRatio, for: input) }

    init(_ inner: any FrameProcessor, holdFrame: Int, console: Console) {
        self.inner = inner
        self.holdFrame = holdFrame
        self.console = console
        if let fifo = ProcessInfo.processInfo.environment[Self.releaseVariable] {
            let thread = Thread { [self] in
                // Blocks until the test opens the pipe for writing and writes.
                var byte: UInt8 = 0
                let descriptor = open(fifo, O_RDONLY | O_CLOEXEC)
                if descriptor >= 0 {
                    _ = read(descriptor, &byte, 1)
                    close(descriptor)
                }
                letGo()
            }
            thread.name = "harbeth-render.hold-release"
            thread.start()
        }
    }

    func outputFormat(for input: FrameFormat) throws -> FrameFormat { try inner.outputFormat(for: input) }

    func submit(
        _ frame: TimedFrame, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        let index = lock.withLock { () -> Int in
            defer { submitted += 1 }
            return submitted
        }
        guard index >= holdFrame, !lock.withLock({ released }) else {
            return inner.submit(frame, policy: policy, deliveryQueue: deliveryQueue, completion: completion)
        }
        return scheduler.submit(deliveryQueue: deliveryQueue, completion: completion) { [self] done in
            let (first, release) = lock.withLock { () -> (Bool, Bool) in
                if released { return (false, true) }
                held.append((frame, done))
                return (held.count == 1, false)
            }
            if release { render(frame, done) }
            if first { console.note("\(Self.environmentVariable): holding frame \(index) until interrupted") }
        }
    }

    /// Renders every held frame and lets later ones through.
    private func letGo() {
        let all = lock.withLock { () -> [(frame: TimedFrame, completion: SubmissionCompletion<VideoFrame>)] in
            released = true
            defer { held.removeAll() }
            return held
        }
        console.note("\(Self.releaseVariable): released \(all.count) held frame(s)")
        for (frame, done) in all { render(frame, done) }
    }

    private func render(_ frame: TimedFrame, _ done: SubmissionCompletion<VideoFrame>) {
        _ = inner.submit(frame, policy: .independent, deliveryQueue: .global()) { result in
            switch result {
            case .success(let output): done.succeed(output)
            case .failure(let error): done.fail(error)
            }
        }
    }

    /// Ends the held work once the pipeline has cancelled its handles: each
    /// reports a failure that nobody receives any more.
    func release() {
        scheduler.stop()
        let all = lock.withLock { () -> [SubmissionCompletion<VideoFrame>] in
            defer { held.removeAll() }
            return held.map(\.completion)
        }
        for completion in all { completion.fail(CancellationError()) }
    }
}
