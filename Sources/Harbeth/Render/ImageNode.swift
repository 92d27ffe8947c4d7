import Dispatch

/// A source frame with filters applied: the unit of work of the graph.
/// A value: `applying` returns a new node and leaves this one unchanged.
public struct ImageNode: Sendable {
    /// The frame the filters apply to.
    public let source: VideoFrame
    /// The filters, in order.
    public private(set) var chain: FilterChain
    /// Where the frame is in its run, for animated values (`t`, `n`): by
    /// default frame 0 at the frame's own time.
    public var time: FrameTime

    /// A node that renders `source` through `chain`; `time` is where the
    /// frame is in its run (nil: index 0 at `source.time`, or 0 s).
    public init(_ source: VideoFrame, chain: FilterChain = FilterChain(), time: FrameTime? = nil) {
        self.source = source
        self.chain = chain
        self.time = time ?? FrameTime(index: 0, seconds: source.time ?? 0)
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

    /// The format of the frame this node makes, without touching the GPU.
    public func outputFormat(_ output: RenderOutput = .sameAsSource) throws -> FrameFormat {
        try GraphCompiler.plan(
            input: source.format, filters: chain.resolved(at: time, input: source.format).filters,
            outputLayout: output.resolve(for: source.layout), fusion: true
        ).output
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
