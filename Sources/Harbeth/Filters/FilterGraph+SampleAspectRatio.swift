extension FilterGraph {
    /// The pixel shape of `output` for inputs of `inputs` whose pixels are
    /// `shapes` (input 0 first; nil where an input declares none), as
    /// FFmpeg carries it: along each filter's first input from the output
    /// back to the input it starts at (an overlay's or a stack's shape is
    /// its first input's), a resize keeping the picture's shape and a
    /// transpose turning the pixels, setsar and setdar setting them, at the
    /// sizes of the first frame. Nil when that input's shape is undeclared
    /// and nothing on the path declares one, as FFmpeg's output then is.
    public func sampleAspectRatio(
        of output: Output, inputs: [FrameFormat], shapes: [SampleAspectRatio?]
    ) throws -> SampleAspectRatio? {
        var sizes: [Int: FrameSize] = [:]
        var filters: [Int: Filter] = [:]
        func size(of source: Source) throws -> FrameSize {
            switch source {
            case .input(let index):
                return FrameSize(width: inputs[index].width, height: inputs[index].height)
            case .step(let index):
                if let known = sizes[index] { return known }
                let step = steps[index]
                let first = try size(of: step.inputs[0])
                var made = first
                if case .stack(let layout) = step.kind {
                    made = layout.place(try step.inputs.map { try size(of: $0) }).canvas
                } else if let filter = step.filter {
                    let others = try step.inputs.dropFirst().map { try size(of: $0) }
                    let variables = ExpressionVariables(
                        t: 0, n: 0, w: Double(first.width), h: Double(first.height))
                    let resolved = try filter.resolved(variables, input: first).takingNodeInputs(of: others)
                    filters[index] = resolved
                    made = try resolved.stages(input: first).last?.outputSize ?? first
                }
                sizes[index] = made
                return made
            }
        }
        var path: [Int] = []
        var source = Source.step(output.step)
        while case .step(let index) = source {
            path.insert(index, at: 0)
            source = steps[index].inputs[0]
        }
        guard case .input(let first) = source, shapes.indices.contains(first) else { return nil }
        var aspect = shapes[first]
        for index in path {
            let made = try size(of: .step(index))
            let entering = try size(of: steps[index].inputs[0])
            if let setting = steps[index].aspect {
                aspect = setting.sampleAspectRatio(width: made.width, height: made.height)
            } else if filters[index]?.descriptor == GeometryFilters.resize {
                aspect = aspect?.resized(from: entering, to: made)
            } else if filters[index]?.descriptor == GeometryFilters.transpose {
                aspect = aspect?.transposed
            }
        }
        return aspect
    }
}
