import Dispatch

/// A node of a filter graph: a source frame, the filters applied to it in
/// order, and, for the multi-input filters among them (`overlay`, `blend`,
/// `xfade`, `hstack`, `vstack`), the other nodes they combine it with. A
/// node is a value: `applying` and the combining methods return a new
/// node and leave this one unchanged, so one node can feed several others.
public struct ImageNode: Sendable {
    /// The frame the filters apply to.
    public let source: VideoFrame
    /// The filters, in order.
    public private(set) var chain: FilterChain
    /// The other nodes each multi-input filter of `chain` takes, by the
    /// filter's index in `chain`. Stacks, opaque overlays and transitions
    /// of frames in one layout run on the planes (a frame's own
    /// single-input filters first, in the same plan); nodes that are
    /// frames with chains of single-input filters run as passes of this
    /// node's own plan, into images the filter samples (clamped, as 16-bit
    /// RGBA would be); other nodes render first, into 16-bit RGBA.
    public private(set) var inputs: [Int: [ImageNode]] = [:]
    /// Where the frame is in its run, for animated values (`t`, `n`): by
    /// default frame 0 at the frame's own time.
    public var time: FrameTime
    /// When set, the chain applies to this node's output (rendered once per
    /// frame, however many nodes start from it) instead of `source`.
    public private(set) var base: SharedNode?
    /// For a filtergraph's input: with an empty chain the renderer gives
    /// the frame back as it came (FFmpeg's `null`, an inset's input passed
    /// on after `eof_action=pass`), where a plain node's empty chain is a
    /// conversion through RGB.
    var givesSourceBackWhenEmpty = false

    /// A node rendered once per frame for every node that starts from it
    /// (`ImageNode/shared()`): a reference, so the renderer knows the nodes
    /// that start from one are starting from the same.
    public final class SharedNode: Sendable {
        /// The node whose output the nodes that start from it read.
        public let node: ImageNode

        init(_ node: ImageNode) {
            self.node = node
        }
    }

    /// A node that renders `source` through `chain`; `time` is where the
    /// frame is in its run (nil: index 0 at `source.time`, or 0 s).
    public init(_ source: VideoFrame, chain: FilterChain = FilterChain(), time: FrameTime? = nil) {
        self.source = source
        self.chain = chain
        self.time = time ?? FrameTime(index: 0, seconds: source.time ?? 0)
    }

    /// A node that starts from this node's output, rendered once per frame
    /// however many nodes start from it: `let blurred = node.applying(.gaussianBlur(sigma: 4)).shared()`,
    /// then `blurred.applying(.sepia()).hstack(blurred.applying(.invert()))`
    /// blurs once. (Two nodes that merely begin with the same filters each
    /// run them.)
    public func shared() -> ImageNode {
        var node = ImageNode(source, time: time)
        node.base = SharedNode(self)
        return node
    }

    /// This node with `filter` appended.
    public func applying(_ filter: Filter) -> ImageNode {
        var copy = self
        copy.chain.append(filter)
        return copy
    }

    /// This node with every filter of `chain` appended.
    public func applying(_ chain: FilterChain) -> ImageNode {
        var copy = self
        copy.chain.filters += chain.filters
        return copy
    }

    /// This node combined with `others` by a multi-input filter: e.g.
    /// `background.combining(.overlay("", x: 16, y: 16), with: [logo])`.
    /// Throws when the filter does not take that many nodes.
    public func combining(_ filter: Filter, with others: [ImageNode]) throws(RenderError) -> ImageNode {
        let count = filter.descriptor.nodeInputs.count
        guard count > 0, others.count == count else {
            throw .invalidFilterSetup(
                filter: filter.name,
                reason: count == 0
                    ? "it takes no other node"
                    : "it takes \(count) other node\(count == 1 ? "" : "s"), not \(others.count)")
        }
        return appending(filter, inputs: others)
    }

    /// This node with a multi-input filter appended, taking `others`.
    func appending(_ filter: Filter, inputs others: [ImageNode]) -> ImageNode {
        var copy = self
        copy.inputs[chain.filters.count] = others
        copy.chain.append(filter)
        return copy
    }

    /// The format of the frame this node makes, without touching the GPU.
    public func outputFormat(_ output: RenderOutput = .sameAsSource) throws -> FrameFormat {
        let input = try inputFormat()
        return try GraphCompiler.plan(
            input: input, filters: resolvedFilters(inputSizes: inputSizes(), input: input),
            outputLayout: output.resolve(for: source.layout), fusion: true
        ).output
    }

    /// The layout to render to: a node that starts from a shared one keeps
    /// its source's layout rather than the shared node's 16-bit RGBA.
    func renderOutput(_ output: RenderOutput) -> RenderOutput {
        base != nil && output == .sameAsSource ? .layout(source.layout) : output
    }

    /// The format the chain starts from: the source's, or the shared base's
    /// output in 16-bit RGBA.
    func inputFormat() throws -> FrameFormat {
        try base?.node.outputFormat(Self.inputLayout) ?? source.format
    }

    /// The layout the nodes a node takes are rendered to.
    static let inputLayout = RenderOutput.layout(.rgba16)

    /// The size each input node renders at, by filter index.
    func inputSizes() throws -> [Int: [FrameSize]] {
        try inputs.mapValues { nodes in
            try nodes.map { node in
                let format = try node.outputFormat(Self.inputLayout)
                return FrameSize(width: format.width, height: format.height)
            }
        }
    }

    /// The chain's filters for this node's frame: animated values evaluated
    /// at `time`, looks expanded, and each multi-input filter told its node
    /// inputs' sizes.
    func resolvedFilters(inputSizes: [Int: [FrameSize]], input: FrameFormat) throws -> [Filter] {
        try resolvedFiltersWithOrigins(inputSizes: inputSizes, input: input).filters
    }

    /// `resolvedFilters`, and where each filter of `chain` went in them (a
    /// look before a multi-input filter moves it; nil where its `enable`
    /// leaves it out of this frame).
    func resolvedFiltersWithOrigins(inputSizes: [Int: [FrameSize]], input: FrameFormat) throws -> (
        filters: [Filter], origins: [Int?]
    ) {
        var filters = chain.filters
        for (index, sizes) in inputSizes { filters[index] = filters[index].takingNodeInputs(of: sizes) }
        let resolved = try FilterChain(filters).resolvedWithOrigins(at: time, input: input)
        return (resolved.chain.filters, resolved.origins)
    }

    /// Submits the node for rendering and returns its handle at once. The
    /// single terminal outcome is delivered to `completion` on `deliveryQueue`
    /// and is also available from the handle.
    @discardableResult
    public func transmitFrame(
        on renderer: Renderer, output: RenderOutput = .sameAsSource, policy: SubmissionPolicy = .independent,
        deadline: DispatchTime? = nil, deliveryQueue: DispatchQueue = .global(),
        file: StaticString = #fileID, line: UInt = #line,
        completion: (@Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void)? = nil
    ) -> RenderSubmissionHandle<VideoFrame> {
        renderer.submit(
            self, output: output, policy: policy, deadline: deadline, deliveryQueue: deliveryQueue,
            completion: completion, file: file, line: line)
    }

    /// Submits several nodes as one submission, rendered side by side,
    /// and returns its handle at once: the frames come in the order of
    /// `nodes`, each in its `outputs` layout (all `.sameAsSource` when
    /// empty). A shared node (`shared()`, a filtergraph's `split`) that
    /// several of them use renders once. One terminal outcome for all:
    /// the first failure among them is the submission's.
    @discardableResult
    public static func transmitFrames(
        _ nodes: [ImageNode], on renderer: Renderer, outputs: [RenderOutput] = [],
        policy: SubmissionPolicy = .independent, deadline: DispatchTime? = nil,
        deliveryQueue: DispatchQueue = .global(), file: StaticString = #fileID, line: UInt = #line,
        completion: (@Sendable (Result<[VideoFrame], RenderSubmissionError>) -> Void)? = nil
    ) -> RenderSubmissionHandle<[VideoFrame]> {
        precondition(!nodes.isEmpty, "transmitFrames needs at least one node")
        precondition(outputs.isEmpty || outputs.count == nodes.count, "one output layout per node")
        return renderer.submit(
            nodes, outputs: outputs.isEmpty ? Array(repeating: .sameAsSource, count: nodes.count) : outputs,
            policy: policy, deadline: deadline, deliveryQueue: deliveryQueue, completion: completion, file: file,
            line: line)
    }

    /// Renders and waits. Throws the render's own error (`RenderError`,
    /// `GPUError`) or, when cancelled, `RenderSubmissionError.cancelled`.
    /// Without a renderer, the shared one (`Renderer.shared`) renders it.
    ///
    /// To wait asynchronously, keep the handle and await its value:
    /// `let handle = node.transmitFrame(on: renderer)`, then
    /// `try await handle.value` (cancelling the awaiting task cancels the
    /// submission), and `handle.snapshot` says what happened to it.
    public func makeFrame(on renderer: Renderer? = nil, output: RenderOutput = .sameAsSource) throws -> VideoFrame {
        try Self.unwrap(transmitFrame(on: renderer ?? Renderer.shared, output: output).wait())
    }

    private static func unwrap(_ outcome: Result<VideoFrame, RenderSubmissionError>) throws -> VideoFrame {
        switch outcome {
        case .success(let frame): return frame
        case .failure(.executionFailed(let error)): throw error
        case .failure(let error): throw error
        }
    }
}
