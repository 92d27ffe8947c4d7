import Dispatch
import Harbeth

/// Runs a Harbeth filter chain on every frame: the GPU processor of a media
/// pipeline. Each frame becomes one `ImageNode` submitted to `renderer`, so
/// its handle, cancellation and single outcome are the renderer's own.
public struct GraphProcessor: FrameProcessor {
    /// Where the frames are rendered.
    public let renderer: Renderer
    /// The filters every frame goes through.
    public let chain: FilterChain
    /// The layout of the frames it produces (see `RecorderSink.preferredLayout(for:)`).
    public let output: RenderOutput

    /// - Parameters:
    ///   - renderer: the renderer (and so the GPU context) to run on.
    ///   - chain: the filters, in order; an empty chain converts only.
    ///   - output: the output layout; by default the source's.
    public init(renderer: Renderer, chain: FilterChain, output: RenderOutput = .sameAsSource) {
        self.renderer = renderer
        self.chain = chain
        self.output = output
    }

    /// The chain's output for `input`, from the graph plan (no GPU work).
    public func outputFormat(for input: FrameFormat) throws -> FrameFormat {
        try chain.outputFormat(for: input, output: output)
    }

    public func submit(
        _ frame: VideoFrame, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        ImageNode(frame).applying(chain).transmitFrame(
            on: renderer, output: output, deliveryQueue: deliveryQueue, completion: completion)
    }
}
