extension FilterChain {
    /// True when a filter's value changes from frame to frame.
    public var isAnimated: Bool { filters.contains(where: \.isAnimated) }

    /// True when a filter is a look, which expands to other filters.
    public var containsLooks: Bool { filters.contains { $0.descriptor.isLook } }

    /// The chain for one frame: each filter whose `enable` is 0 for the
    /// frame left out, each other filter's animated values evaluated at
    /// `time` (`t`, `n`), at the size of the image that filter gets (`w`,
    /// `h`), which the filters before it decide, and at the size it makes
    /// (`ow`, `oh`, where a value reads it), and each look
    /// replaced by the chain it expands to. A chain without animated values
    /// or looks is returned as it is.
    public func resolved(at time: FrameTime, input: FrameFormat) throws -> FilterChain {
        try resolvedWithOrigins(at: time, input: input).chain
    }

    /// `resolved(at:input:)`, and for each filter of this chain the index in
    /// the resolved chain of the first filter it became (looks expand to
    /// several, so later filters move), nil for one left out this frame.
    func resolvedWithOrigins(at time: FrameTime, input: FrameFormat) throws -> (chain: FilterChain, origins: [Int?]) {
        guard isAnimated || containsLooks || filters.contains(where: { $0.enable != nil }) else {
            return (self, filters.indices.map { $0 })
        }
        var size = FrameSize(width: input.width, height: input.height)
        var constant: [Filter] = []
        var origins: [Int?] = []
        for filter in filters {
            var variables = ExpressionVariables(
                t: time.seconds, n: Double(time.index), w: Double(size.width), h: Double(size.height))
            if let placed = filter.nodeInputSizes.first {
                variables.overlayWidth = Double(placed.width)
                variables.overlayHeight = Double(placed.height)
            }
            guard filter.isEnabled(variables) else {
                origins.append(nil)
                continue
            }
            origins.append(constant.count)
            for resolved in filter.expanded(variables) {
                var resolved = try resolved.resolved(variables, input: size)
                resolved.enable = nil
                constant.append(resolved)
                size = try resolved.stages(input: size).last?.outputSize ?? size
            }
        }
        return (FilterChain(constant), origins)
    }
}
