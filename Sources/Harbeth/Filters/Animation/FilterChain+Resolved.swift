extension FilterChain {
    /// True when a filter's value changes from frame to frame.
    public var isAnimated: Bool { filters.contains(where: \.isAnimated) }

    /// The chain for one frame: each filter's animated values evaluated at
    /// `time` (`t`, `n`) and at the size of the image that filter gets
    /// (`w`, `h`), which the filters before it decide. A chain without
    /// animated values is returned as it is.
    public func resolved(at time: FrameTime, input: FrameFormat) throws -> FilterChain {
        guard isAnimated else { return self }
        var size = FrameSize(width: input.width, height: input.height)
        var constant: [Filter] = []
        for filter in filters {
            let variables = ExpressionVariables(
                t: time.seconds, n: Double(time.index), w: Double(size.width), h: Double(size.height))
            let resolved = filter.resolved(variables)
            constant.append(resolved)
            size = try resolved.stages(input: size).last?.outputSize ?? size
        }
        return FilterChain(constant)
    }
}
