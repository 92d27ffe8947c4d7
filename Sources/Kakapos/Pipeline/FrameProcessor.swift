import Dispatch
import Harbeth

/// Turns each frame into an output frame, asynchronously, one cancellable
/// submission per frame. The GPU filter graph is one; the two here keep
/// Kakapos testable without it.
public protocol FrameProcessor: Sendable {
    /// The format of frames this processor produces for input frames of `input` (geometric filters change the size).
    func outputFormat(for input: FrameFormat) throws -> FrameFormat
    /// Submits one frame (its pixels and timing) under `policy`; the
    /// handle's single terminal outcome is also delivered to `completion`
    /// on `deliveryQueue`. A latest-only submission that a newer one
    /// supersedes ends `cancelled(.superseded)`.
    func submit(
        _ frame: TimedFrame, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame>
    /// True when frames that come in opaque (alpha 1 everywhere) go out
    /// opaque, so that a sink may encode them without alpha: a chain none
    /// of whose filters can make a frame transparent
    /// (`FilterChain.keepsOpaqueFramesOpaque`). False unless the processor
    /// knows it.
    var keepsOpaqueFramesOpaque: Bool { get }
    /// The shape of the output's pixels for frames of `input` whose pixels
    /// are `sampleAspectRatio` (nil: the source declares none): a chain's
    /// (`FilterChain.sampleAspectRatio`), so that a resize keeps the
    /// picture's shape. Nil when the output's shape is undeclared. By
    /// default the same.
    func sampleAspectRatio(_ sampleAspectRatio: SampleAspectRatio?, for input: FrameFormat) throws
        -> SampleAspectRatio?
}

extension FrameProcessor {
    /// False: a processor that does not say otherwise may make a frame transparent.
    public var keepsOpaqueFramesOpaque: Bool { false }

    /// `sampleAspectRatio`: the pixels keep their shape.
    public func sampleAspectRatio(_ sampleAspectRatio: SampleAspectRatio?, for input: FrameFormat) throws
        -> SampleAspectRatio?
    { sampleAspectRatio }
}

/// A processor that makes several frames of each input frame, one per
/// output (the outputs of a filter graph): a pipeline with one hands output
/// 0 on as the frame and the rest as its `otherOutputs`, to a sink such as
/// `RecorderGroup`. `submit` makes output 0 alone.
public protocol MultiOutputFrameProcessor: FrameProcessor {
    /// The number of outputs each frame makes.
    var outputCount: Int { get }
    /// The formats of the outputs for input frames of `input`, in order.
    func outputFormats(for input: FrameFormat) throws -> [FrameFormat]
    /// The shape of each output's pixels, in order, for frames of `input`
    /// whose pixels are `sampleAspectRatio`; by default each output's is
    /// `sampleAspectRatio(_:for:)`'s.
    func sampleAspectRatios(_ sampleAspectRatio: SampleAspectRatio?, for input: FrameFormat) throws
        -> [SampleAspectRatio?]
    /// Submits one frame for all outputs as one submission; its single
    /// outcome is every output's frame, in order, or the first failure.
    func submitOutputs(
        _ frame: TimedFrame, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<[VideoFrame], RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<[VideoFrame]>
}

extension MultiOutputFrameProcessor {
    /// `sampleAspectRatio(_:for:)` for every output.
    public func sampleAspectRatios(_ sampleAspectRatio: SampleAspectRatio?, for input: FrameFormat) throws
        -> [SampleAspectRatio?]
    {
        Array(repeating: try self.sampleAspectRatio(sampleAspectRatio, for: input), count: outputCount)
    }
}

/// Hands every frame back unchanged (planes shared, nothing copied).
public struct PassThroughProcessor: FrameProcessor {
    private let scheduler: SubmissionScheduler

    /// A pass-through processor with at most `maxInFlight` frames executing at once.
    public init(maxInFlight: Int = 3) {
        scheduler = SubmissionScheduler(maxInFlight: maxInFlight, label: "kakapos.pass-through")
    }

    public func outputFormat(for input: FrameFormat) throws -> FrameFormat { input }

    /// True: the frames go out as they came in.
    public var keepsOpaqueFramesOpaque: Bool { true }

    public func submit(
        _ frame: TimedFrame, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        let pixels = frame.frame
        return scheduler.submit(policy: policy, deliveryQueue: deliveryQueue, completion: completion) { done in
            done.succeed(pixels)
        }
    }
}

/// Runs a closure per frame on the CPU through a `SubmissionScheduler`, so
/// its handles behave exactly like GPU submissions (cancel, late results,
/// one outcome each).
public struct ClosureFrameProcessor: FrameProcessor {
    /// Does the work for one frame and reports through `completion` exactly
    /// once, from any thread, now or later.
    public typealias Work = @Sendable (VideoFrame, SubmissionCompletion<VideoFrame>) -> Void

    private let scheduler: SubmissionScheduler
    private let format: @Sendable (FrameFormat) throws -> FrameFormat
    private let work: Work

    /// - Parameters:
    ///   - maxInFlight: submissions executing at once.
    ///   - outputFormat: the output format for an input format (the default keeps it).
    ///   - work: the asynchronous work per frame.
    public init(
        maxInFlight: Int = 3, outputFormat: @escaping @Sendable (FrameFormat) throws -> FrameFormat = { $0 },
        work: @escaping Work
    ) {
        scheduler = SubmissionScheduler(maxInFlight: maxInFlight, label: "kakapos.closure-processor")
        format = outputFormat
        self.work = work
    }

    /// A processor from a synchronous transform; a thrown error fails the frame.
    public init(
        maxInFlight: Int = 3, outputFormat: @escaping @Sendable (FrameFormat) throws -> FrameFormat = { $0 },
        transform: @escaping @Sendable (VideoFrame) throws -> VideoFrame
    ) {
        self.init(maxInFlight: maxInFlight, outputFormat: outputFormat) { frame, completion in
            do { completion.succeed(try transform(frame)) } catch { completion.fail(error) }
        }
    }

    public func outputFormat(for input: FrameFormat) throws -> FrameFormat { try format(input) }

    public func submit(
        _ frame: TimedFrame, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        let work = self.work
        let pixels = frame.frame
        return scheduler.submit(policy: policy, deliveryQueue: deliveryQueue, completion: completion) { done in
            work(pixels, done)
        }
    }

    /// Discards every outstanding submission (`pipelineStopped`).
    public func stop() { scheduler.stop() }
}
