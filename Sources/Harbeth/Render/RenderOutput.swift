/// The pixel layout a render produces.
public enum RenderOutput: Sendable, Hashable {
    /// The source's own layout (YUV stays YUV in the same subsampling).
    case sameAsSource
    /// Packed 8-bit RGBA.
    case rgba8
    /// A specific layout.
    case layout(PixelLayout)

    func resolve(for source: PixelLayout) -> PixelLayout {
        switch self {
        case .sameAsSource: return source
        case .rgba8: return .rgba8
        case .layout(let layout): return layout
        }
    }
}

/// What a plan does per frame, for reports (`--json` prints it).
public struct RenderPlanSummary: Sendable, Hashable {
    /// One name per pass, e.g. "yuv->rgb+sepia+brightness+rgb->yuv".
    public let passes: [String]
    /// The output frames' format.
    public let output: FrameFormat
    /// Each frame's commands copy the planes between host-visible and
    /// device-only buffers: a device without unified memory, or
    /// `Renderer.Options.alwaysStage`.
    public let stagingCopies: Bool
    /// The kernels read and write the frame's planes as 32-bit words
    /// through texel buffer views rather than storage buffers: wherever the
    /// device offers views that large (on lavapipe several times faster).
    /// False for a plan with no pass.
    public let texelBufferFrames: Bool

    /// Bytes of intermediate images one frame in flight holds at its peak:
    /// images are reused once the passes that read them have run (a graph's
    /// summary adds its input nodes').
    public let intermediateBytes: Int

    /// GPU passes (compute dispatches) per frame.
    public var dispatchesPerFrame: Int { passes.count }
}

/// Counters kept by a renderer.
public struct RenderStatistics: Sendable, Hashable {
    /// Frames whose GPU work completed.
    public var framesRendered = 0
    /// GPU passes (dispatches) run, those of a graph's input and shared
    /// nodes included.
    public var dispatches = 0
    /// Plans compiled (each compiles or finds its shaders in the caches).
    public var plansCompiled = 0
    /// Sum over frames of the time from submission to GPU completion.
    public var gpuSeconds = 0.0
    /// Sum over frames of the time spent copying planes in and preparing.
    public var uploadSeconds = 0.0
    /// The slots (frames in flight plus frames held by consumers) made.
    public var slotsMade = 0

    /// Statistics with every count and time at zero.
    public init() {}
}
