/// How far a pipeline has got.
public struct PipelineProgress: Sendable, Equatable {
    /// Frames encoded so far.
    public var framesDone = 0
    /// Frames a newer frame superseded before they were processed (under
    /// latest-only submissions, for preview); never counted as failures.
    public var framesSuperseded = 0
    /// Frames expected in total, when the source knows.
    public var totalFrames: Int?
    /// Seconds since the pipeline started.
    public var elapsed: Double = 0
    /// The source's counts (skipped and concealed frames), final once it finished.
    public var source = SourceSummary()

    /// Progress before the first frame: nothing done, total unknown, no time elapsed.
    public init() {}

    /// Frames encoded per second of wall time so far.
    public var framesPerSecond: Double { elapsed > 0 ? Double(framesDone) / elapsed : 0 }

    /// 0...1 when the total is known.
    public var fractionDone: Double? {
        guard let totalFrames, totalFrames > 0 else { return nil }
        return min(1, Double(framesDone) / Double(totalFrames))
    }
}
