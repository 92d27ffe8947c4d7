/// A chain of filters that each run on the frame's planes, one kind after
/// another (a resize then a colour grade, a crop then a blur then a fold),
/// runs as segments on the planes: each segment is planned as if it were
/// the whole chain, the first reads the frame, each later one the planes
/// the one before wrote into a region of the input buffer (`GraphPlan.regions`),
/// and the last writes the output. The frame never goes through RGB, as
/// FFmpeg's scale, eq, gblur and crop chain on the planes. Each boundary
/// keeps the samples at the layout's depth, as a segment's own output does.
extension GraphCompiler {
    /// Chains longer than this are not split (the search plans every
    /// prefix of what is left).
    static let segmentedFilters = 12

    /// The chain split into the fewest segments, longest first, that each
    /// run only on the planes; nil when some part cannot, or when the
    /// chain is one segment (the caller plans that itself). Segments that
    /// write intermediate planes (a blur's rows, a resize's) each lay them
    /// out from the start of the plan's one buffer, sized for the largest
    /// (`RenderPlan.intermediatePlanes`).
    static func segments(
        input: FrameFormat, filters: [Filter], outputLayout: PixelLayout,
        deviceClass: DeviceCapabilities.DeviceClass
    ) throws -> GraphPlan? {
        guard filters.count >= 2, filters.count <= segmentedFilters, input.layout == outputLayout,
            PlaneRemap.layouts.contains(input.layout)
        else { return nil }
        var pieces: [(first: Int, plan: GraphPlan)] = []
        var format = input
        var start = 0
        while start < filters.count {
            var found: (end: Int, plan: GraphPlan)?
            for end in stride(from: filters.count, to: start, by: -1) where start > 0 || end < filters.count {
                let part = Array(filters[start..<end])
                if let plan = try? segment(input: format, filters: part, deviceClass: deviceClass) {
                    found = (end, plan)
                    break
                }
            }
            guard let found else { return nil }
            pieces.append((start, found.plan))
            format = found.plan.output
            start = found.end
        }
        var passes: [PassPlan] = []
        for (index, piece) in pieces.enumerated() {
            var moved = piece.plan.passes(after: passes.count, filters: piece.first, source: 0)
            for pass in moved.indices {
                // Region k is the plan's input layout k + 1, after the frame's.
                if index > 0 { moved[pass].readsInput = index }
                if index < pieces.count - 1, case .buffer = moved[pass].output { moved[pass].writesInput = index + 1 }
            }
            passes += moved
        }
        return GraphPlan(
            passes: passes, output: pieces.last!.plan.output,
            filterInputSizes: pieces.flatMap(\.plan.filterInputSizes),
            filterColorimetries: pieces.flatMap(\.plan.filterColorimetries),
            regions: pieces.dropLast().map(\.plan.output))
    }

    /// The passes of one segment: a chain that runs on the planes alone,
    /// in its input's layout and colours; nil otherwise.
    private static func segment(
        input: FrameFormat, filters: [Filter], deviceClass: DeviceCapabilities.DeviceClass
    ) throws -> GraphPlan? {
        let plan =
            try onPlanes(input: input, filters: filters, outputLayout: input.layout, deviceClass: deviceClass)
            ?? chain(
                input: input, filters: filters, output: .buffer(input.layout), fusion: true, deviceClass: deviceClass)
        guard plan.staysOnPlanes, plan.convertedColorimetry == nil, plan.output.layout == input.layout else {
            return nil
        }
        return plan
    }
}
