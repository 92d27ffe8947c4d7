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
public struct GraphProcessor: MultiOutputFrameProcessor {
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
    /// True for one chain whose filters cannot make a frame transparent; a
    /// chain made per frame or a graph (whose other inputs may carry
    /// alpha) is not known to keep opaque frames opaque.
    public private(set) var keepsOpaqueFramesOpaque: Bool

    private struct GraphRun: Sendable {
        let graph: FilterGraph
        /// The outputs it renders, in order, and each one's layout.
        let outputs: [FilterGraph.Output]
        let layouts: [RenderOutput]
        let otherFormats: [FrameFormat]
        /// The pixel shapes of inputs 1, 2, ... (nil: undeclared).
        let otherSampleAspectRatios: [SampleAspectRatio?]
    }

    /// - Parameters:
    ///   - renderer: the renderer (and so the GPU context) to run on.
    ///   - chain: the filters, in order; an empty chain converts only.
    ///   - output: the output layout; by default the source's.
    public init(renderer: Renderer, chain: FilterChain, output: RenderOutput = .sameAsSource) {
        self.init(renderer: renderer, output: output) { _ in chain }
        keepsOpaqueFramesOpaque = chain.keepsOpaqueFramesOpaque
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
        self.failures = SubmissionScheduler(maxInFlight: 1, label: "kakapos.chain.failures")
        keepsOpaqueFramesOpaque = false
    }

    /// A processor that renders one output of a filter graph with several
    /// inputs: the frame it is given is input 0, and its `companions` (a
    /// `SynchronizedSource` fills them) are inputs 1, 2, ...
    /// - Parameters:
    ///   - renderer: the renderer (and so the GPU context) to run on.
    ///   - graph: the filter graph.
    ///   - label: the output to render (`"out"` or `"[out]"`); nil when the graph has one.
    ///   - otherInputs: the formats of inputs 1, 2, ..., for the output format before the first frame.
    ///   - otherSampleAspectRatios: the pixel shapes of inputs 1, 2, ... (nil or missing: undeclared), for
    ///     an output made on one of them (`sampleAspectRatio(_:for:)`).
    ///   - output: the output layout; by default input 0's.
    public init(
        renderer: Renderer, graph: FilterGraph, label: String? = nil, otherInputs: [FrameFormat],
        otherSampleAspectRatios: [SampleAspectRatio?] = [], output: RenderOutput = .sameAsSource
    ) throws(FilterGraphError) {
        try self.init(
            renderer: renderer, graph: graph, labels: [label], otherInputs: otherInputs,
            otherSampleAspectRatios: otherSampleAspectRatios, outputs: [output])
    }

    /// A processor that renders several outputs of a filter graph, all of
    /// them from each frame as one submission (`submitOutputs`): a split
    /// that feeds several renders once.
    /// - Parameters:
    ///   - renderer: the renderer (and so the GPU context) to run on.
    ///   - graph: the filter graph.
    ///   - labels: the outputs to render, in order (nil: the graph's only output).
    ///   - otherInputs: the formats of inputs 1, 2, ..., for the output formats before the first frame.
    ///   - otherSampleAspectRatios: the pixel shapes of inputs 1, 2, ... (nil or missing: undeclared).
    ///   - outputs: each output's layout, in the order of `labels`.
    public init(
        renderer: Renderer, graph: FilterGraph, labels: [String?], otherInputs: [FrameFormat],
        otherSampleAspectRatios: [SampleAspectRatio?] = [], outputs: [RenderOutput]
    ) throws(FilterGraphError) {
        precondition(!labels.isEmpty && labels.count == outputs.count, "one layout for each of one or more outputs")
        try graph.check(inputCount: otherInputs.count + 1)
        var chosen: [FilterGraph.Output] = []
        for label in labels { chosen.append(try graph.output(named: label)) }
        self.renderer = renderer
        self.output = outputs[0]
        self.chainForFrame = { _ in FilterChain() }
        self.graph = GraphRun(
            graph: graph, outputs: chosen, layouts: outputs, otherFormats: otherInputs,
            otherSampleAspectRatios: otherSampleAspectRatios)
        self.failures = SubmissionScheduler(maxInFlight: 1, label: "kakapos.graph.failures")
        keepsOpaqueFramesOpaque = false
    }

    /// The chain for a frame at `time`.
    public func chain(at time: FrameTime) -> FilterChain { chainForFrame(time) }

    /// The chain's output for `input`, from the graph plan of the first
    /// frame's chain (no GPU work); for several outputs, output 0's.
    public func outputFormat(for input: FrameFormat) throws -> FrameFormat {
        try outputFormats(for: input)[0]
    }

    /// The pixel shape of output 0 for frames of `input` whose pixels are
    /// `sampleAspectRatio` (nil: undeclared), as FFmpeg carries it: along a
    /// chain (`FilterChain.sampleAspectRatio`; a deinterlacer keeps it), and
    /// in a graph along each filter's first input from the output back to
    /// the input it starts at (an overlay's or a stack's shape is its first
    /// input's), whose shape is `sampleAspectRatio` for input 0 and
    /// `otherSampleAspectRatios`' for the others. Nil when that input's
    /// shape is undeclared.
    public func sampleAspectRatio(_ sampleAspectRatio: SampleAspectRatio?, for input: FrameFormat) throws
        -> SampleAspectRatio?
    {
        try self.sampleAspectRatio(sampleAspectRatio, for: input, output: 0)
    }

    /// `sampleAspectRatio(_:for:)` for each output, in order.
    public func sampleAspectRatios(_ sampleAspectRatio: SampleAspectRatio?, for input: FrameFormat) throws
        -> [SampleAspectRatio?]
    {
        try (0..<outputCount).map { try self.sampleAspectRatio(sampleAspectRatio, for: input, output: $0) }
    }

    private func sampleAspectRatio(_ sampleAspectRatio: SampleAspectRatio?, for input: FrameFormat, output: Int)
        throws -> SampleAspectRatio?
    {
        guard let graph else {
            let chain = chainForFrame(FrameTime(index: 0, seconds: 0))
            return try sampleAspectRatio.map {
                try FilterChain(chain.filters.filter { !$0.readsNeighbouringFrames }).sampleAspectRatio($0, for: input)
            }
        }
        let others = graph.otherFormats.indices.map {
            graph.otherSampleAspectRatios.indices.contains($0) ? graph.otherSampleAspectRatios[$0] : nil
        }
        return try graph.graph.sampleAspectRatio(
            of: graph.outputs[output], inputs: [input] + graph.otherFormats, shapes: [sampleAspectRatio] + others)
    }

    /// The number of outputs each frame makes: 1 for a chain.
    public var outputCount: Int { graph?.outputs.count ?? 1 }

    /// Each output's format for `input` (no GPU work).
    public func outputFormats(for input: FrameFormat) throws -> [FrameFormat] {
        guard let graph else {
            let chain = chainForFrame(FrameTime(index: 0, seconds: 0))
            // A deinterlacer's node reads a window of three frames.
            if chain.filters.first?.readsNeighbouringFrames == true {
                return [try planNode(for: input).outputFormat(output)]
            }
            return [try chain.outputFormat(for: input, output: output)]
        }
        return try zip(planNodes(for: input), layouts(forInput0: input.layout)).map { try $0.outputFormat($1) }
    }

    /// The node one frame makes, built from blank frames of the inputs'
    /// formats at time 0: for the plan and reports before the first frame.
    /// For several outputs, output 0's.
    public func planNode(for input: FrameFormat) throws -> ImageNode {
        try planNodes(for: input)[0]
    }

    /// Every output's node for `input`, as `planNode(for:)` makes output 0's.
    /// Throws `FilterGraphError.segmentSizesDiffer` for a concat whose
    /// segments differ in size.
    public func planNodes(for input: FrameFormat) throws -> [ImageNode] {
        let time = FrameTime(index: 0, seconds: 0)
        guard let graph else {
            let blank = try Self.blank(input)
            let fields = FieldNeighbours(previous: nil, next: nil, window: FieldWindow())
            return [try Self.chainNode(blank, fields: fields, chain: chainForFrame(time), time: time)]
        }
        let frames = try ([input] + graph.otherFormats).map(Self.blank)
        // A concat's segments are one size, so every frame is.
        try graph.graph.checkSegments(inputs: frames)
        return try graph.graph.nodes(for: graph.outputs.map(\.label), inputs: frames, time: time)
    }

    /// The node of a chain: a chain that starts with `deinterlace` reads
    /// the frames around this one (`TimedFrame.fields`, from a
    /// `FieldSource`).
    private static func chainNode(_ frame: VideoFrame, fields: FieldNeighbours?, chain: FilterChain, time: FrameTime)
        throws -> ImageNode
    {
        guard let first = chain.filters.first, first.readsNeighbouringFrames else {
            return ImageNode(frame, chain: chain, time: time)
        }
        guard let fields else {
            throw RenderError.invalidFilterSetup(
                filter: first.name,
                reason: "it needs the frames around each one: run the source through a FieldSource")
        }
        return try ImageNode.deinterlacing(
            frame, previous: fields.previous, next: fields.next, window: fields.window, filter: first,
            then: FilterChain(Array(chain.filters.dropFirst())), time: time)
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
        let node: ImageNode
        do {
            node = try nodes(for: frame, all: false)[0]
        } catch {
            return failures!.submit(policy: policy, deliveryQueue: deliveryQueue, completion: completion) {
                $0.fail(error)
            }
        }
        return node.transmitFrame(
            on: renderer, output: layouts(forInput0: frame.frame.layout)[0], policy: policy,
            deliveryQueue: deliveryQueue, completion: completion)
    }

    /// Each output's layout for frames whose input 0 is in `layout`: a
    /// graph's `.sameAsSource` is input 0's, whichever input an output's
    /// picture comes from (a concat's later segment, `[1][0]overlay`); a
    /// chain's is its frame's.
    private func layouts(forInput0 layout: PixelLayout) -> [RenderOutput] {
        guard let graph else { return [output] }
        return graph.layouts.map { $0 == .sameAsSource ? .layout(layout) : $0 }
    }

    /// Renders every output of the frame as one submission (see
    /// `MultiOutputFrameProcessor`); a chain processor's one output alone.
    public func submitOutputs(
        _ frame: TimedFrame, policy: SubmissionPolicy, deliveryQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<[VideoFrame], RenderSubmissionError>) -> Void
    ) -> RenderSubmissionHandle<[VideoFrame]> {
        let nodes: [ImageNode]
        do {
            nodes = try self.nodes(for: frame, all: true)
        } catch {
            return failures!.submit(policy: policy, deliveryQueue: deliveryQueue, completion: completion) {
                $0.fail(error)
            }
        }
        return ImageNode.transmitFrames(
            nodes, on: renderer, outputs: layouts(forInput0: frame.frame.layout), policy: policy,
            deliveryQueue: deliveryQueue, completion: completion)
    }

    /// The nodes a frame makes: output 0's alone, or every output's.
    private func nodes(for frame: TimedFrame, all: Bool) throws -> [ImageNode] {
        // The frame's own time (what time-aware filters always read) and its
        // index in the run, for animated values.
        let time = frame.time
        guard let graph else {
            return [try Self.chainNode(frame.frame, fields: frame.fields, chain: chainForFrame(time), time: time)]
        }
        let labels = graph.outputs.map(\.label)
        return try graph.graph.nodes(
            for: all ? labels : [labels[0]], inputs: [frame.frame] + frame.companions, time: time,
            ended: frame.endedInputs)
    }
}
