extension FilterChain {
    /// The format of the frames this chain makes from frames of `input`,
    /// rendered to `output`: the size after every filter, the output layout,
    /// and the colorimetry the renderer tags YUV output with. Computed from
    /// the graph plan alone, without a GPU, so a media pipeline can open its
    /// encoder before the first frame is rendered. Throws the plan's error
    /// when a filter does not fit the input (a crop outside the frame, ...).
    public func outputFormat(for input: FrameFormat, output: RenderOutput = .sameAsSource) throws -> FrameFormat {
        try GraphCompiler.plan(
            input: input, filters: resolved(at: FrameTime(index: 0, seconds: 0), input: input).filters,
            outputLayout: output.resolve(for: input.layout), fusion: true
        ).output
    }
}
