/// A compiled chain for one input format: its passes, their pipelines, the
/// buffer layouts of its input and output planes, and a pool of frame
/// slots. Made once per `PlanKey` and reused for every frame of that shape.
final class RenderPlan: @unchecked Sendable {
    // @unchecked: immutable after init except `auxiliary`, which is under a
    // mutex; slots are handed out by the pool one frame at a time.
    let context: GPUContext
    let graph: GraphPlan
    let filters: [Filter]
    let imageFormat: ImageFormat
    /// Where each source's planes lie in the input buffer: one source for
    /// a chain, several one after another for a composition or a node with
    /// inputs; then the regions passes write for later ones to read
    /// (`GraphPlan.regions`, a composition's chains).
    let inputLayouts: [PlaneLayout]
    /// The input buffer's size.
    let inputBytes: Int
    let outputLayout: PlaneLayout
    /// For each pass, where the intermediate planes it writes for the next
    /// pass or reads from the one before (`PlaneBlur`, `PlaneResize`) lie
    /// in their buffer; nil for a pass that touches none. Segments on the
    /// planes (`GraphCompiler.segments`) run one after another, so each
    /// writer's planes start at the buffer's beginning, sized for it.
    let intermediatePlanes: [PlaneLayout?]
    /// For each pass, planes like the intermediate ones it reads or
    /// writes, after them in the same buffer, where a recursive blur's
    /// columns keep their forward sums and boxblur's passes their lines
    /// between powers (`SamplesPass.usesScratch`); nil for others.
    let scratchPlanes: [PlaneLayout?]
    /// The intermediate planes' buffer size: the most any pass's planes
    /// (with their scratch planes) reach.
    let intermediatePlanesBytes: Int
    let pipelines: [ComputePipeline]
    let groups: [(x: Int, y: Int)]
    /// True on devices without host-visible device memory (or when asked):
    /// copies move the planes between host and device memory inside the
    /// command buffer.
    let staging: Bool
    /// Whether kernels read and write the frame buffers through texel
    /// buffer views of words (`GPUWordView`): where asked and both buffers
    /// fit the device's limit; else as storage buffers.
    let texelFrames: Bool
    /// Whether kernels read the data buffer (`hb_data_at`) through a texel
    /// buffer view: where asked and the device's views hold at least
    /// `texelDataWords` (a 65-point 3D LUT is 0.8 M).
    let texelData: Bool
    static let texelDataWords = 1 << 22
    /// Whether kernels may vote across a subgroup (HB_SUBGROUP_VOTE): where
    /// asked and the device can.
    let subgroupVotes: Bool

    /// What a plan may use where the device offers it (tests turn each off
    /// to run the other path on lavapipe).
    struct Choices {
        var texelBuffers = true
        var subgroupVotes = true
    }
    let pool: SlotPool
    /// Which intermediate image each pass writes, and their sizes.
    let intermediates: (assignment: [Int?], sizes: [FrameSize])
    private let auxiliary = Locked<[AuxiliaryKey: [GPUImage]]>([:])
    private let finishedAFrame = Locked(false)

    /// True the first time it is called: when the plan's first frame finished.
    func firstFrameFinished() -> Bool {
        finishedAFrame.withLock { finished in
            defer { finished = true }
            return !finished
        }
    }

    /// Auxiliary images come from the files a filter's text values name, so
    /// they are cached by those alone: a new opacity or position every frame
    /// reuses the uploaded image instead of decoding it again.
    private struct AuxiliaryKey: Hashable {
        let descriptor: FilterDescriptor
        let texts: [FilterValue]

        init(_ filter: Filter) {
            descriptor = filter.descriptor
            texts = filter.descriptor.parameters.filter { $0.type == .text }.map { filter.values.values[$0.name]! }
        }
    }

    static let headerFloats = 72
    /// The uniform block's size: the 16 KiB every Vulkan device offers
    /// (`HB_UNIFORM_FLOATS` in Shaders/common/prelude.glsl is what follows
    /// the header).
    static let uniformBytes = 16384
    static let uniformParameterFloats = uniformBytes / 4 - headerFloats

    /// The plan of a chain on frames of `input`; with `branches`, of a node
    /// and the node inputs it renders itself (`NodeBranches`, whose
    /// `filters` are the node's): the node's frame is source 0, each
    /// branch's the next.
    convenience init(
        context: GPUContext, input: FrameFormat, filters: [Filter], branches: NodeBranches? = nil,
        outputLayout pixelLayout: PixelLayout, fusion: Bool, imageFormat: ImageFormat, framesInFlight: Int,
        staging: Bool, choices: Choices = Choices(), deviceClass: DeviceCapabilities.DeviceClass = .gpu
    ) throws {
        let graph =
            try branches.map {
                try GraphCompiler.plan(input: input, branches: $0, outputLayout: pixelLayout, deviceClass: deviceClass)
            }
            ?? GraphCompiler.plan(
                input: input, filters: filters, outputLayout: pixelLayout, fusion: fusion, deviceClass: deviceClass)
        try self.init(
            context: context, graph: graph, filters: branches?.allFilters ?? filters,
            inputs: [input] + (branches?.branches.map(\.frame.format) ?? []) + graph.regions, outputLayout: pixelLayout,
            imageFormat: imageFormat, framesInFlight: framesInFlight, staging: staging, choices: choices)
    }

    /// The plan of a composition on the planes (`PlaneComposition`):
    /// every frame's planes, then each chain's (`chainFilters`, one chain
    /// after another), then the regions of the chains that run in segments.
    convenience init(
        context: GPUContext, composition: PlaneComposition.Shape, chainFilters: [Filter], imageFormat: ImageFormat,
        framesInFlight: Int, staging: Bool, choices: Choices = Choices()
    ) throws {
        let sizes = composition.sources + composition.chains.map(\.size)
        let planes = sizes.map { FrameFormat(width: $0.width, height: $0.height, layout: composition.layout) }
        try self.init(
            context: context, graph: GraphPlan(composition: composition), filters: chainFilters,
            inputs: planes + composition.chains.flatMap(\.graph.regions),
            outputLayout: composition.layout, imageFormat: imageFormat, framesInFlight: framesInFlight,
            staging: staging, choices: choices)
    }

    private init(
        context: GPUContext, graph: GraphPlan, filters: [Filter], inputs: [FrameFormat],
        outputLayout pixelLayout: PixelLayout, imageFormat: ImageFormat, framesInFlight: Int, staging: Bool,
        choices: Choices
    ) throws {
        self.context = context
        self.filters = filters
        self.imageFormat = imageFormat
        self.graph = graph
        let limit = context.maxImageDimension
        for pass in graph.passes {
            let size = pass.outputSize
            guard size.width <= limit, size.height <= limit else {
                throw RenderError.frameTooLarge(width: size.width, height: size.height, limit: limit)
            }
        }
        // Padded to whole blocks, so passes that read whole blocks stay in
        // bounds; each source from a multiple of 64 bytes.
        var layouts: [PlaneLayout] = []
        var base = 0
        for input in inputs {
            let layout = PlaneLayout(
                layout: input.layout, width: input.width, height: input.height,
                block: PlaneLayout.outputBlock(for: input.layout), base: base)
            layouts.append(layout)
            base += (layout.totalBytes + 63) / 64 * 64
        }
        inputLayouts = layouts
        inputBytes = base
        outputLayout = PlaneLayout(
            layout: pixelLayout, width: graph.output.width, height: graph.output.height,
            block: PlaneLayout.outputBlock(for: pixelLayout))
        let input = inputs[0]
        var planesOfPass: [PlaneLayout?] = []
        var scratchOfPass: [PlaneLayout?] = []
        var written: PlaneLayout?
        var largest: (layout: PixelLayout, size: FrameSize, end: Int)?
        func end(_ planes: PlaneLayout) -> Int { (planes.base + planes.totalBytes + 63) / 64 * 64 }
        for pass in graph.passes {
            var read: PlaneLayout?
            if case .planes = pass.input { read = written }
            var made: PlaneLayout?
            if case .planes(let layout) = pass.output {
                // After the planes the pass reads, if it reads any.
                made = PlaneLayout(
                    layout: layout, width: pass.outputSize.width, height: pass.outputSize.height,
                    block: PlaneLayout.outputBlock(for: input.layout), base: read.map(end) ?? 0)
                written = made
            }
            // Scratch planes like the intermediate ones, after them.
            var scratch: PlaneLayout?
            if let like = made ?? read, pass.samples?.usesScratch == true {
                scratch = PlaneLayout(
                    layout: like.layout, width: like.width, height: like.height,
                    block: PlaneLayout.outputBlock(for: input.layout), base: end(like))
            }
            planesOfPass.append(made ?? read)
            scratchOfPass.append(scratch)
            for planes in [read, scratch, made].compactMap({ $0 }) where end(planes) > (largest?.end ?? 0) {
                largest = (planes.layout, FrameSize(width: planes.width, height: planes.height), end(planes))
            }
        }
        intermediatePlanes = planesOfPass
        scratchPlanes = scratchOfPass
        intermediatePlanesBytes = largest?.end ?? 0
        var buffers = [
            ("input", input.width, input.height, input.layout, inputBytes),
            ("output", graph.output.width, graph.output.height, pixelLayout, outputLayout.totalBytes),
        ]
        if let largest {
            buffers.append(("intermediate", largest.size.width, largest.size.height, largest.layout, largest.end))
        }
        for (role, width, height, layout, bytes) in buffers where bytes > context.maxStorageBufferRange {
            throw RenderError.bufferTooLarge(
                what: "the \(width)x\(height) \(layout) \(role) frame", bytes: bytes,
                limit: context.maxStorageBufferRange)
        }
        let words = max(inputBytes, outputLayout.totalBytes, intermediatePlanesBytes) / 4
        texelFrames = choices.texelBuffers && words <= context.capabilities.maxTexelBufferWords
        texelData = choices.texelBuffers && context.capabilities.maxTexelBufferWords >= Self.texelDataWords
        subgroupVotes = choices.subgroupVotes && context.capabilities.subgroupVote
        let generator = ShaderGenerator(
            imageFormat: imageFormat, filters: filters, texelFrames: texelFrames, texelData: texelData,
            subgroupVotes: subgroupVotes)
        var pipelines: [ComputePipeline] = []
        for pass in graph.passes {
            let kernel = try generator.kernel(for: pass)
            do {
                pipelines.append(try context.makePipeline(kernel))
            } catch let error as ShaderCompileError {
                throw RenderError.shaderCompile(error.description)
            } catch let error as GPUError {
                throw RenderError.gpu(error)
            }
        }
        self.pipelines = pipelines
        groups = graph.passes.map(ShaderGenerator.groups)
        intermediates = graph.intermediates
        self.staging = staging
        pool = SlotPool(limit: max(framesInFlight, 1) * 4 + 4)
    }

    /// Where the (first) source's planes lie in the input buffer.
    var inputLayout: PlaneLayout { inputLayouts[0] }

    /// Passes (dispatches) per frame.
    var passCount: Int { graph.passes.count }

    /// Bytes of the intermediate images (and planes) one frame in flight
    /// holds.
    var intermediateBytes: Int {
        intermediates.sizes.reduce(0) { $0 + $1.width * $1.height * imageFormat.bytesPerPixel }
            + intermediatePlanesBytes
    }

    /// GPU images for the filters' auxiliary inputs, uploaded once per set
    /// of text values.
    func auxiliaryImages(for filter: Filter, environment: FilterEnvironment) throws -> [GPUImage] {
        let key = AuxiliaryKey(filter)
        if let cached = auxiliary.withLock({ $0[key] }) { return cached }
        let frames = try filter.descriptor.auxiliary(filter.values, environment)
        var images: [GPUImage] = []
        for frame in frames {
            guard frame.layout == .rgba8 else {
                throw RenderError.resourceUnavailable(filter: filter.name, reason: "an auxiliary image must be RGBA")
            }
            let image = try context.makeImage(width: frame.width, height: frame.height, format: .rgba8Unorm)
            let upload = try context.makeBuffer(size: frame.width * frame.height * 4, location: .upload)
            let packed = frame.packedBytes(plane: 0)
            upload.withUnsafeMutableBytes { destination in
                packed.withUnsafeBytes { destination.copyMemory(from: $0) }
            }
            let commands = try context.makeCommandBuffer()
            try commands.record { recorder in
                recorder.copy(from: upload, to: image)
            }
            try context.submitAndWait(commands)
            images.append(image)
        }
        auxiliary.withLock { cache in
            if cache.count > 32 { cache.removeAll() }
            cache[key] = images
        }
        return images
    }
}
