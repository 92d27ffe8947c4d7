/// Frames that need no GPU pass, made without a device: the filters are
/// crops on the chroma grid, vertical flips and colour filters whose
/// constant values change nothing (`PlaneView`), and the output is the
/// source's layout. A program that only crops or flips never has to start
/// a GPU, as harbeth-render does not for such a chain.
extension FilterChain {
    /// The format that frames of `input` come out in when the chain needs
    /// no GPU pass for any of them (its values the same on every frame:
    /// constants, or expressions of the size alone), or nil when it needs
    /// one. A crop whose corner moves counts when its first frame's corner
    /// is on the chroma grid: a later frame whose corner is not needs a pass,
    /// which makes the same format (`ImageNode.frameWithoutPass` says which).
    public func formatWithoutPass(for input: FrameFormat, output: RenderOutput = .sameAsSource) throws
        -> FrameFormat?
    {
        guard filters.allSatisfy({ !$0.changesOverTime || PlaneView.movesOnlyItsCorner($0) }) else { return nil }
        let layout = output.resolve(for: input.layout)
        // No filter: the frames as they are (a run that only converts its frame rate).
        if filters.isEmpty { return layout == input.layout ? input : nil }
        let filters = try resolved(at: FrameTime(index: 0, seconds: 0), input: input).filters
        return try PlaneView.region(format: input, filters: filters, outputLayout: layout)
            .map { PlaneView.format(of: $0, in: input) }
    }
}

extension ImageNode {
    /// The frame this node makes when it needs no GPU pass, a view of its
    /// source's planes made on the CPU (nothing copied), or nil when it
    /// needs a pass or takes other nodes. The same frame a renderer
    /// returns for the node.
    public func frameWithoutPass(output: RenderOutput = .sameAsSource) throws -> VideoFrame? {
        guard inputs.isEmpty, base == nil else { return nil }
        if chain.filters.isEmpty { return output.resolve(for: source.layout) == source.layout ? source : nil }
        let filters = try resolvedFilters(inputSizes: [:], input: source.format)
        return try PlaneView.frame(source, filters: filters, outputLayout: output.resolve(for: source.layout))
    }
}
