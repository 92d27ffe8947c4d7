extension FilterChain {
    /// The pixel shape of this chain's output for frames of `input` whose
    /// pixels are `sampleAspectRatio`, as FFmpeg's filters carry it: a
    /// resize keeps the picture's shape (its pixels change shape with the
    /// size), a transpose turns the pixels with the picture, and every
    /// other filter keeps them. Sizes are the first frame's (no GPU work).
    public func sampleAspectRatio(_ sampleAspectRatio: SampleAspectRatio, for input: FrameFormat) throws
        -> SampleAspectRatio
    {
        var size = FrameSize(width: input.width, height: input.height)
        var aspect = sampleAspectRatio
        for filter in try resolved(at: FrameTime(index: 0, seconds: 0), input: input).filters {
            let output = try filter.stages(input: size).last?.outputSize ?? size
            if filter.descriptor == GeometryFilters.resize {
                aspect = aspect.resized(from: size, to: output)
            } else if filter.descriptor == GeometryFilters.transpose {
                aspect = aspect.transposed
            }
            size = output
        }
        return aspect
    }
}
