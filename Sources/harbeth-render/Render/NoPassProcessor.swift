import Dispatch
import Foundation
import Kakapos

/// Runs a chain that needs no GPU pass for the input's frames (crops on the
/// chroma grid, vertical flips, colour filters whose constant values change
/// nothing: `FilterChain.formatWithoutPass`) on the CPU: each output frame
/// is a view of the decoded one, as FFmpeg's crop and vflip make theirs,
/// and no device is started. A frame that does need a pass (a stream whose
/// frames change size) goes to a `GraphProcessor` on the run's renderer,
/// started then.
final class NoPassProcessor: FrameProcessor, @unchecked Sendable {
    // @unchecked: `processor` is only touched under `lock`.
    private let chain: FilterChain
    private let output: RenderOutput
    private let device: DeviceOnDemand
    private let scheduler: SubmissionScheduler
    private let lock = NSLock()
    private var processor: GraphProcessor?

    init(chain: FilterChain, output: RenderOutput, device: DeviceOnDemand, framesInFlight: Int) {
        self.chain = chain
        self.output = output
        self.device = device
        scheduler = SubmissionScheduler(maxInFlight: framesInFlight, label: "harbeth-render.no-pass")
    }

    var keepsOpaqueFramesOpaque: Bool { chain.keepsOpaqueFramesOpaque }

    func sampleAspectRatio(_ sampleAspectRatio: SampleAspectRatio?, for input: FrameFormat) throws
        -> SampleAspectRatio?
    { try sampleAspectRatio.map { try chain.sampleAspectRatio($0, for: input) } }

    func outputFormat(for input: FrameFormat) throws -> FrameFormat {
        if let format = try chain.formatWithoutPass(for: input, output: output) { return format }
        return try rendering().outputFormat(for: input)
    }

    func submit(
        _ frame: TimedFrame, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        let time = frame.time
        do {
            if let viewed = try ImageNode(frame.frame, chain: chain, time: time).frameWithoutPass(output: output) {
                return scheduler.submit(policy: policy, deliveryQueue: deliveryQueue, completion: completion) {
                    $0.succeed(viewed)
                }
            }
            return try rendering().submit(frame, policy: policy, deliveryQueue: deliveryQueue, completion: completion)
        } catch {
            return scheduler.submit(policy: policy, deliveryQueue: deliveryQueue, completion: completion) {
                $0.fail(error)
            }
        }
    }

    /// The processor for frames that need a pass, on the run's renderer.
    private func rendering() throws -> GraphProcessor {
        lock.lock()
        defer { lock.unlock() }
        if let processor { return processor }
        let made = GraphProcessor(renderer: try device.renderer(), chain: chain, output: output)
        processor = made
        return made
    }
}
