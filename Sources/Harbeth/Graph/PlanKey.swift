/// What decides a plan's passes and resources: the input's size and
/// layout, the output layout, each filter's identity and structural
/// values, and the compile options. Everything else is per-frame data.
struct PlanKey: Hashable, Sendable {
    struct FilterKey: Hashable, Sendable {
        let descriptor: FilterDescriptor
        let structural: [FilterValue]
    }

    let width: Int
    let height: Int
    let layout: PixelLayout
    let outputLayout: PixelLayout
    let filters: [FilterKey]
    let fusion: Bool
    let imageFormat: ImageFormat

    init(input: FrameFormat, outputLayout: PixelLayout, filters: [Filter], fusion: Bool, imageFormat: ImageFormat) {
        width = input.width
        height = input.height
        layout = input.layout
        self.outputLayout = outputLayout
        self.filters = filters.map { FilterKey(descriptor: $0.descriptor, structural: $0.structuralKey) }
        self.fusion = fusion
        self.imageFormat = imageFormat
    }
}
