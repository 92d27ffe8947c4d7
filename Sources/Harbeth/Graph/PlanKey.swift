/// What decides a plan's passes and resources: the input's size and
/// layout, the output layout, each filter's identity, structural values
/// and node input sizes, and the compile options. Everything else is per-frame data.
struct PlanKey: Hashable, Sendable {
    struct FilterKey: Hashable, Sendable {
        let descriptor: FilterDescriptor
        let structural: [FilterValue]
        /// The stages and sizes, which some filters choose by value.
        let stages: [SizedStage]
        /// The sizes of the images it takes from other nodes: a plan for
        /// node inputs owns images for them, one for files does not.
        let nodeInputs: [FrameSize]
    }

    let width: Int
    let height: Int
    let layout: PixelLayout
    /// The input's colour tags: the plan's output colorimetry, and what
    /// colorspace converts from, follow them.
    let colorimetry: Colorimetry?
    let outputLayout: PixelLayout
    let filters: [FilterKey]
    let fusion: Bool
    let imageFormat: ImageFormat
    /// The class of device the stages' variants are chosen for.
    let deviceClass: DeviceCapabilities.DeviceClass
    /// Whether the chain is one move of the planes (`PlaneRemap`), which
    /// values decide too (a pad's corner on the chroma grid).
    let remapsPlanes: Bool
    /// Whether that move keeps rows as rows (a rotation's angle decides).
    let remapKeepsRows: Bool
    /// The blur on the planes the chain is (`PlaneBlur`), which values
    /// decide too (an unsharp mask's threshold, the window's radius).
    var planeBlur: PlaneBlur.Shape? = nil
    /// The resize on the planes the chain is (`PlaneResize`): its method
    /// is compiled in.
    var planeResize: PlaneResize.Shape? = nil
    /// The denoise on the planes the chain is (`PlaneDenoise`): its radii
    /// are compiled in.
    var planeDenoise: PlaneDenoise.Shape? = nil
    /// The sources and layers of a composition on the planes; nil for a chain.
    var composition: PlaneComposition.Shape? = nil
    /// The keys of the node inputs the plan renders itself
    /// (`NodeBranches`), in order; empty for a plan that takes them as frames.
    var branches: [PlanKey] = []

    /// The key of a node's plan with the node inputs it renders itself.
    init(
        input: FrameFormat, outputLayout: PixelLayout, branches: NodeBranches, imageFormat: ImageFormat,
        deviceClass: DeviceCapabilities.DeviceClass
    ) throws {
        try self.init(
            input: input, outputLayout: outputLayout, filters: branches.filters, fusion: true,
            imageFormat: imageFormat, deviceClass: deviceClass)
        self.branches = try branches.branches.map { branch in
            var key = try PlanKey(
                input: branch.frame.format, outputLayout: .rgba16, filters: branch.filters, fusion: true,
                imageFormat: imageFormat, deviceClass: deviceClass)
            // Its consumer, by filter index: part of the structure.
            key.consumer = branch.consumer
            return key
        }
    }
    /// Each filter's key, the chain starting at `input`.
    static func filterKeys(_ filters: [Filter], input: FrameSize) throws -> [FilterKey] {
        var size = input
        var keys: [FilterKey] = []
        for filter in filters {
            let stages = try filter.stages(input: size)
            keys.append(
                FilterKey(
                    descriptor: filter.descriptor, structural: filter.structuralKey, stages: stages,
                    nodeInputs: filter.nodeInputSizes))
            size = stages.last?.outputSize ?? size
        }
        return keys
    }

    /// For a branch's key: the filter that takes it.
    private var consumer: Int? = nil

    /// The key of a composition's plan.
    init(composition: PlaneComposition.Shape, imageFormat: ImageFormat, deviceClass: DeviceCapabilities.DeviceClass) {
        width = composition.canvas.width
        height = composition.canvas.height
        layout = composition.layout
        colorimetry = composition.colorimetry
        outputLayout = composition.layout
        filters = []
        fusion = true
        self.imageFormat = imageFormat
        self.deviceClass = deviceClass
        remapsPlanes = false
        remapKeepsRows = false
        self.composition = composition
    }

    init(
        input: FrameFormat, outputLayout: PixelLayout, filters: [Filter], fusion: Bool, imageFormat: ImageFormat,
        deviceClass: DeviceCapabilities.DeviceClass
    ) throws {
        width = input.width
        height = input.height
        layout = input.layout
        colorimetry = input.colorimetry
        self.outputLayout = outputLayout
        self.filters = try Self.filterKeys(filters, input: FrameSize(width: input.width, height: input.height))
        self.fusion = fusion
        self.imageFormat = imageFormat
        self.deviceClass = deviceClass
        remapsPlanes = fusion && PlaneRemap.applies(to: filters, input: input, outputLayout: outputLayout)
        remapKeepsRows = remapsPlanes && PlaneRemap.keepsRows(filters)
        planeBlur =
            fusion && !remapsPlanes
            ? PlaneBlur.shape(of: filters, input: input, outputLayout: outputLayout, deviceClass: deviceClass) : nil
        planeResize =
            fusion && !remapsPlanes && planeBlur == nil
            ? PlaneResize.shape(of: filters, input: input, outputLayout: outputLayout) : nil
        planeDenoise = fusion ? PlaneDenoise.shape(of: filters, input: input, outputLayout: outputLayout) : nil
    }
}
