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
    /// For a filter graph: the graph, the output it renders and the other
    /// inputs' formats; nil for a chain.
    private let graph: GraphRun?
    /// Reports a frame the graph cannot be built for, as one handle's failure.
    private let failures: SubmissionScheduler?

    private struct GraphRun: Sendable {
        let graph: FilterGraph
        let output: FilterGraph.Output
        let otherFormats: [FrameFormat]
    }

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
        self.graph = nil
        self.failures = nil
    }

    /// A processor that renders one output of a filter graph with several
    /// inputs: the frame it is given is input 0, and its `companions` (a
    /// `SynchronizedSource` fills them) are inputs 1, 2, ...
    /// - Parameters:
    ///   - renderer: the renderer (and so the GPU context) to run on.
    ///   - graph: the filter graph.
    ///   - label: the output to render (`"out"` or `"[out]"`); nil when the graph has one.
    ///   - otherInputs: the formats of inputs 1, 2, ..., for the output format before the first frame.
    ///   - output: the output layout; by default input 0's.
    public init(
        renderer: Renderer, graph: FilterGraph, label: String? = nil, otherInputs: [FrameFormat],
        output: RenderOutput = .sameAsSource
    ) throws(FilterGraphError) {
        try graph.check(inputCount: otherInputs.count + 1)
        self.renderer = renderer
        self.output = output
        self.chainForFrame = { _ in FilterChain() }
        self.graph = GraphRun(graph: graph, output: try graph.output(named: label), otherFormats: otherInputs)
        self.failures = SubmissionScheduler(maxInFlight: 1, label: "kakapos.graph.failures")
    }

    /// The chain for a frame at `time`.
    public func chain(at time: FrameTime) -> FilterChain { chainForFrame(time) }

    /// The chain's output for `input`, from the graph plan of the first
    /// frame's chain (no GPU work).
    public func outputFormat(for input: FrameFormat) throws -> FrameFormat {
        guard graph != nil else {
            return try chainForFrame(FrameTime(index: 0, seconds: 0)).outputFormat(for: input, output: output)
        }
        return try planNode(for: input).outputFormat(output)
    }

    /// The node one frame makes, built from blank frames of the inputs'
    /// formats at time 0: for the plan and reports before the first frame.
    public func planNode(for input: FrameFormat) throws -> ImageNode {
        let time = FrameTime(index: 0, seconds: 0)
        guard let graph else { return ImageNode(try Self.blank(input), chain: chainForFrame(time), time: time) }
        let frames = try ([input] + graph.otherFormats).map(Self.blank)
        return try graph.graph.node(for: graph.output.label, inputs: frames, time: time)
    }

    private static func blank(_ format: FrameFormat) throws -> VideoFrame {
        let planes = (0..<format.layout.planeCount).map { index in
            [UInt8](
                repeating: 0,
                count: format.layout.minimumBytesPerRow(index, width: format.width)
                    * format.layout.planeSize(index, width: format.width, height: format.height).height)
        }
        return try VideoFrame(
            width: format.width, height: format.height, layout: format.layout, planeBytes: planes,
            colorimetry: format.colorimetry)
    }

    public func submit(
        _ frame: TimedFrame, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<VideoFrame> {
        // The frame's own time (what time-aware filters always read) and its
        // index in the run, for animated values.
        let time = FrameTime(index: frame.index, seconds: frame.frame.time ?? frame.seconds)
        let node: ImageNode
        if let graph {
            do {
                node = try graph.graph.node(
                    for: graph.output.label, inputs: [frame.frame] + frame.companions, time: time)
            } catch {
                return failures!.submit(policy: policy, deliveryQueue: deliveryQueue, completion: completion) {
                    $0.fail(error)
                }
            }
        } else {
            node = ImageNode(frame.frame, chain: chainForFrame(time), time: time)
        }
        return node.transmitFrame(
            on: renderer, output: output, policy: policy, deliveryQueue: deliveryQueue, completion: completion)
    }
}
