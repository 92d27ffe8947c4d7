/// What decides a plan's passes and resources: the input's size and
/// layout, the output layout, each filter's identity and structural
/// values, and the compile options. Everything else is per-frame data.
struct PlanKey: Hashable, Sendable {
    struct FilterKey: Hashable, Sendable {
        let descriptor: FilterDescriptor
        let structural: [FilterValue]
        /// The stages and sizes, which some filters choose by value.
        let stages: [SizedStage]
    }

    let width: Int
    let height: Int
    let layout: PixelLayout
    let outputLayout: PixelLayout
    let filters: [FilterKey]
    let fusion: Bool
    let imageFormat: ImageFormat

    init(input: FrameFormat, outputLayout: PixelLayout, filters: [Filter], fusion: Bool, imageFormat: ImageFormat)
        throws
    {
        width = input.width
        height = input.height
        layout = input.layout
        self.outputLayout = outputLayout
        var size = FrameSize(width: input.width, height: input.height)
        var keys: [FilterKey] = []
        for filter in filters {
            let stages = try filter.descriptor.stages(for: filter.values, input: size)
            keys.append(FilterKey(descriptor: filter.descriptor, structural: filter.structuralKey, stages: stages))
            size = stages.last?.outputSize ?? size
        }
        self.filters = keys
        self.fusion = fusion
        self.imageFormat = imageFormat
    }
}
