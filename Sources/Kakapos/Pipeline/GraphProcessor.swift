import Dispatch
import Harbeth

/// Runs a Harbeth filter chain on every frame: the GPU processor of a media
/// pipeline. Each frame becomes one `ImageNode` submitted to `renderer`, so
/// its handle, cancellation and single outcome are the renderer's own.
///
/// The chain can be the same for every frame, or made for each frame from
/// its time and index (`init(renderer:output:chain:)`): a brightness that
/// rises, a vignette that closes. Plans are cached by the chain's structure,
/// so values that change from frame to frame never recompile a shader;
/// only structural parameters (the ones `--describe` marks, such as a
/// blur's radius) make a new plan.
public struct GraphProcessor: FrameProcessor {
    /// Where the frames are rendered.
    public let renderer: Renderer
    /// The layout of the frames it produces (see `RecorderSink.preferredLayout(for:)`).
    public let output: RenderOutput
    private let chainForFrame: @Sendable (FrameTime) -> FilterChain

    /// - Parameters:
    ///   - renderer: the renderer (and so the GPU context) to run on.
    ///   - chain: the filters, in order; an empty chain converts only.
    ///   - output: the output layout; by default the source's.
    public init(renderer: Renderer, chain: FilterChain, output: RenderOutput = .sameAsSource) {
        self.init(renderer: renderer, output: output) { _ in chain }
    }

    /// A processor whose chain is made for each frame:
    /// `GraphProcessor(renderer: renderer) { time in [.brightness(0.2 * sin(time.seconds))] }`.
    /// Every frame's chain must make frames of one size and layout (the
    /// first frame's, which the sink is opened for).
    public init(
        renderer: Renderer, output: RenderOutput = .sameAsSource,
        chain: @escaping @Sendable (FrameTime) -> FilterChain
    ) {
        self.renderer = renderer
        self.output = output
        self.chainForFrame = chain
    }

    /// The chain for a frame at `time`.
    public func chain(at time: FrameTime) -> FilterChain { chainForFrame(time) }

    /// The chain's output for `input`, from the graph plan of the first
    /// frame's chain (no GPU work).
    public func outputFormat(for input: FrameFormat) throws -> FrameFormat {
        try chainForFrame(FrameTime(index: 0, seconds: 0)).outputFormat(for: input, output: output)
    }

    public func submit(
        _ frame: TimedFrame, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        // The frame's own time (what time-aware filters always read) and its
        // index in the run, for animated values.
        let time = FrameTime(index: frame.index, seconds: frame.frame.time ?? frame.seconds)
        return ImageNode(frame.frame, chain: chainForFrame(frame.time), time: time).transmitFrame(
            on: renderer, output: output, policy: policy, deliveryQueue: deliveryQueue, completion: completion)
    }
}
