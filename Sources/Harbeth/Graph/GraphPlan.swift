/// Where a pass reads from.
enum PassInput: Hashable, Sendable {
    /// The frame's planes, as uploaded, in this layout.
    case source(PixelLayout)
    /// The floating-point image the previous pass wrote.
    case image
    /// The intermediate planes the previous pass wrote, in this layout
    /// (`PlaneBlur`).
    case planes(PixelLayout)
}

/// Where a pass writes to.
enum PassOutput: Hashable, Sendable {
    /// A floating-point image for the next pass.
    case image
    /// The frame's planes in this layout: the last pass.
    case buffer(PixelLayout)
    /// Intermediate planes in this layout, for the next pass (`PlaneBlur`).
    case planes(PixelLayout)
}

/// What a pass on the planes' samples runs.
enum SamplesPass: Hashable, Sendable {
    /// One of a blur's two passes (`PlaneBlur`).
    case blur(PlaneBlur.Pass)
    /// One of a resize's two passes (`PlaneResize`).
    case resize(PlaneResize.Pass)
    /// A sharpen's or cas's one pass (`PlaneNeighbours`).
    case neighbours(PlaneNeighbours.Kind)
    /// A denoise's one pass (`PlaneDenoise`), its radii compiled in.
    case denoise(PlaneDenoise.Shape)
    /// A deband's one pass (`PlaneDeband`).
    case deband
    /// An eq's one pass (`PlaneEq`).
    case eq
    /// A draw_box's one pass (`PlaneBox`).
    case box
    /// An unsharp's one pass (`PlaneUnsharp`).
    case unsharp
    /// One of a boxblur's two passes (`PlaneBoxblur`).
    case boxblur(PlaneBlur.Direction)
    /// One of a gblur's two passes (`PlaneGblur`).
    case gblur(PlaneBlur.Direction)
    /// One of an avgblur's two passes (`PlaneAvgblur`).
    case avgblur(PlaneBlur.Direction)
    /// A natural_vignette's one pass (`PlaneNaturalVignette`).
    case naturalVignette
    /// One of FFmpeg's filters on the planes' codes (`PlaneCodeFilters`), by its operation.
    case codeFilter(PlaneCodeFilters.Operation)

    /// How the pass walks whole rows or columns of the planes, if it does
    /// (`PlaneBlur.Walk`); a recursive blur's columns pass keeps its
    /// forward sums in scratch planes beside the intermediate ones.
    var walk: PlaneBlur.Walk? {
        if case .blur(let blur) = self { return blur.shape.walk }
        return nil
    }

    /// The direction of one of the two passes of a blur, a boxblur, a
    /// gblur or an avgblur; nil for other passes.
    var direction: PlaneBlur.Direction? {
        switch self {
        case .blur(let blur): return blur.direction
        case .boxblur(let direction), .gblur(let direction), .avgblur(let direction): return direction
        default: return nil
        }
    }

    /// True when each invocation walks whole rows or whole columns (a
    /// walking blur, boxblur, gblur, avgblur): 32 walks to a workgroup, a
    /// rows pass's grid swapped.
    var walksLines: Bool {
        switch self {
        case .boxblur, .gblur, .avgblur: return true
        default: return walk != nil
        }
    }

    /// True for a pass along the rows (of a blur, a boxblur, a gblur or an avgblur).
    var walksRows: Bool { direction == .rows }

    /// True for a columns pass that reads and writes the planes buffer
    /// through a binding of its own (`HB_SCRATCH_BINDING`): a recursive
    /// blur's and boxblur's, in their scratch planes, gblur's in place.
    var rewritesPlanes: Bool {
        guard direction == .columns else { return false }
        if case .gblur = self { return true }
        return usesScratch
    }

    /// True when the pass keeps lines in scratch planes beside the
    /// intermediate ones: a recursive blur's columns, both of boxblur's
    /// passes (between their powers).
    var usesScratch: Bool {
        switch self {
        case .boxblur: return true
        case .blur(let blur): return blur.shape.walk == .recursive && blur.direction == .columns
        default: return false
        }
    }
}

/// One stage of one filter, placed in a pass.
struct PlannedStage: Hashable, Sendable {
    /// The filter's position in the chain.
    var filterIndex: Int
    let stage: FilterStage
    /// The passes whose output images the stage samples besides its input
    /// (the filter's input, earlier stages' outputs), in its `reads` order.
    var inputPasses: [Int] = []
    /// For a stage that runs several filters as one (a folded colour run,
    /// `ColorFold`, or a remap of the planes, `PlaneRemap`): those filters,
    /// in order (`filterIndex` is the first); empty otherwise.
    var combined: [Int] = []
    /// For a multi-input filter whose node inputs the plan renders itself
    /// (`NodeBranches`): where each of those nodes comes from, in the
    /// filter's order; empty when they come in as frames.
    var nodeInputs: [NodeInput] = []

    /// The passes whose images this stage samples as node inputs.
    var nodePasses: [Int] {
        nodeInputs.compactMap {
            if case .pass(let index) = $0 { return index }
            return nil
        }
    }
}

/// Where a multi-input stage's node input comes from, when the plan
/// renders it itself (`NodeBranches`).
enum NodeInput: Hashable, Sendable {
    /// The image an earlier pass wrote, sampled.
    case pass(Int)
    /// Loaded and filtered per sample by the stage's own pass: that pass's
    /// loader at this index (`PassPlan.loaders`).
    case loader(Int)
}

/// A node input that the pass of the filter taking it loads itself: the
/// input's frame read from its own planes in the shared input buffer (its
/// layout, its colours), through a chain of pointwise stages, clamped to
/// 0...1, at whatever position the filter asks for. No pass, no image,
/// no sampling of one: a blend of two pointwise branches is one pass.
struct NodeLoader: Hashable, Sendable {
    /// Which of the plan's sources it reads (`PassPlan.sourceIndex`).
    let source: Int
    let layout: PixelLayout
    let size: FrameSize
    /// Its chain, per sample, in order.
    let stages: [PlannedStage]
}

/// One compute dispatch per frame: an input, an optional kernel, a run of
/// pointwise functions applied to its result, and an output.
struct PassPlan: Hashable, Sendable {
    var input: PassInput
    var body: PlannedStage?
    var pointwise: [PlannedStage] = []
    var output: PassOutput = .image
    var inputSize: FrameSize
    var outputSize: FrameSize
    /// True when the pass applies one folded affine map to the YUV code
    /// values, never converting to RGB (`ColorFold`).
    var foldsPlanes = false
    /// True when the pass moves the samples of every plane, never
    /// converting them (`PlaneRemap`).
    var remapsPlanes = false
    /// Set when the pass composes several sources' planes
    /// (`PlaneComposition`): its input is every source, one after another.
    var composition: PlaneComposition.Shape?
    /// Set when the pass filters the planes' samples: a blur's, a
    /// resize's or a sharpen's (`SamplesPass`).
    var samples: SamplesPass?
    /// Which of the plan's sources the pass's pixels come from (its time
    /// and colours; the planes it reads when its input is `.source`): 0
    /// for the node's own, k for the k-th node input the plan renders
    /// itself (`NodeBranches`).
    var sourceIndex = 0
    /// True for the last pass of a node input the plan renders: it clamps
    /// to 0...1, as the 16-bit RGBA frame such an input renders into
    /// elsewhere does.
    var clampsOutput = false
    /// Set for the last pass of a composition's filtered source
    /// (`PlaneComposition.Chain`): it writes its `.buffer` planes into the
    /// input buffer, at the plan's input layout of this index, where the
    /// composition reads them.
    var writesInput: Int?
    /// Set for the passes of a segment that follows another on the planes
    /// (`GraphCompiler.segments`): the plan's input layout of this index,
    /// a region the segment before wrote, is what a `.source` pass reads
    /// (and a sharpen's columns read beside the intermediate planes)
    /// instead of its source's planes; its time and colours stay its
    /// source's.
    var readsInput: Int?
    /// The node inputs this pass loads itself (`NodeLoader`), which its
    /// stages name as `NodeInput.loader`.
    var loaders: [NodeLoader] = []

    /// Every stage in the order the pass runs them.
    var stages: [PlannedStage] { (body.map { [$0] } ?? []) + pointwise }

    /// The slot of loader `index`'s description in the table of bases
    /// (`hb_base`): the pass's stages take the first slots, then each
    /// loader its description and its stages, in order.
    func loaderSlot(_ index: Int) -> Int {
        stages.count + loaders[..<index].reduce(0) { $0 + 1 + $1.stages.count }
    }

    /// The chain's filters this pass runs, for reports.
    func name(in filters: [Filter]) -> String {
        func stageName(_ stage: PlannedStage) -> String {
            guard !stage.combined.isEmpty else {
                let name = filters[stage.filterIndex].name
                guard stage.nodeInputs.contains(where: { if case .loader = $0 { true } else { false } }) else {
                    return name
                }
                // The inputs it loads itself, by their chains.
                let inputs = stage.nodeInputs.map { input -> String in
                    switch input {
                    case .pass(let index): return "pass \(index)"
                    case .loader(let index):
                        let chain = loaders[index].stages.map(stageName)
                        return chain.isEmpty ? "frame" : chain.joined(separator: "+")
                    }
                }
                return name + "(" + inputs.joined(separator: ",") + ")"
            }
            return "fold(" + stage.combined.map { filters[$0].name }.joined(separator: ",") + ")"
        }
        if let composition { return composition.names.joined(separator: "+") + " on the planes" }
        if let samples, let body {
            let name = filters[body.filterIndex].name
            switch samples {
            case .blur(let pass):
                let walk = pass.shape.walk.map { $0 == .recursive ? "recursive " : "running-sum " } ?? ""
                return "\(name) \(walk)\(pass.direction == .rows ? "rows" : "columns") on the planes"
            case .resize(let pass): return "\(name) \(pass.direction == .rows ? "rows" : "columns") on the planes"
            case .boxblur(let direction), .gblur(let direction), .avgblur(let direction):
                return "\(name) \(direction == .rows ? "rows" : "columns") on the planes"
            case .neighbours, .denoise, .deband, .eq, .box, .unsharp, .naturalVignette, .codeFilter:
                return "\(name) on the planes"
            }
        }
        if foldsPlanes { return stages.map(stageName).joined(separator: "+") + " on the planes" }
        if remapsPlanes {
            return stages.flatMap { $0.combined.map { filters[$0].name } }.joined(separator: "+") + " on the planes"
        }
        var parts: [String] = []
        if case .source(let layout) = input, layout.isYUV { parts.append("yuv->rgb") }
        for stage in stages {
            let name = stageName(stage)
            if parts.last != name { parts.append(name) }
        }
        if case .buffer(let layout) = output, layout.isYUV { parts.append("rgb->yuv") }
        return parts.isEmpty ? "copy" : parts.joined(separator: "+")
    }

    var isWholeKernel: Bool { body?.stage.kind == .wholeKernel }

    /// True when the pass reads the planes in the layout it writes, with no
    /// kernel: each invocation then loads its whole output block at once.
    var readsWholeBlocks: Bool {
        guard body == nil, case .source(let input) = input, case .buffer(let output) = output else { return false }
        return input == output
    }
}

/// The passes that render a chain for one input format, and what comes out.
struct GraphPlan: Sendable, Hashable {
    let passes: [PassPlan]
    let output: FrameFormat
    /// Each filter's input size, for the closures that pack its parameters.
    let filterInputSizes: [FrameSize]
    /// The colorimetry of the colours entering each filter, for the same.
    var filterColorimetries: [Colorimetry] = []
    /// The colours the output holds when a filter changed them (tonemap:
    /// BT.709 from BT.2020); nil when they are the source's.
    var convertedColorimetry: Colorimetry? = nil
    /// Planes the passes write into the input buffer, after the sources'
    /// and in this order, for later passes to read (`readsInput`,
    /// `writesInput`): one between each two segments on the planes.
    var regions: [FrameFormat] = []

    /// True when every pass works on the planes' samples: folded colour
    /// maths, moved samples, blurs, resizes, sharpening; never RGB.
    var staysOnPlanes: Bool { passes.allSatisfy { $0.foldsPlanes || $0.remapsPlanes || $0.samples != nil } }

    /// Which intermediate image each pass writes (nil for the last, which
    /// writes the output planes), reusing an image once every pass that
    /// reads it has run, and the size of each image.
    var intermediates: (assignment: [Int?], sizes: [FrameSize]) {
        // The last pass that reads each pass's image: the next pass, and
        // any later stage that reads its filter's input from it.
        var lastRead = passes.indices.map { $0 + 1 }
        for (index, pass) in passes.enumerated() {
            for stage in pass.stages {
                for input in stage.inputPasses + stage.nodePasses { lastRead[input] = max(lastRead[input], index) }
            }
        }
        var assignment: [Int?] = []
        var sizes: [FrameSize] = []
        var busyUntil: [Int] = []
        for (index, pass) in passes.enumerated() {
            guard pass.output == .image else {
                assignment.append(nil)
                continue
            }
            // An image of this size that no pass from here on reads.
            let reusable = sizes.indices.first { sizes[$0] == pass.outputSize && busyUntil[$0] < index }
            if let reusable {
                busyUntil[reusable] = lastRead[index]
                assignment.append(reusable)
            } else {
                sizes.append(pass.outputSize)
                busyUntil.append(lastRead[index])
                assignment.append(sizes.count - 1)
            }
        }
        return (assignment, sizes)
    }
}

extension GraphPlan {
    /// A composition's passes: each filtered source's chain on the planes
    /// (from its frame's planes to planes of its own in the input buffer),
    /// then one pass from every source's planes to the canvas's.
    init(composition shape: PlaneComposition.Shape) {
        var passes: [PassPlan] = []
        var inputSizes: [FrameSize] = []
        var colorimetries: [Colorimetry] = []
        // Each chain's regions follow every chain's planes.
        var regions = shape.sources.count + shape.chains.count
        for (ordinal, chain) in shape.chains.enumerated() {
            var moved = chain.graph.passes(
                after: passes.count, filters: inputSizes.count, source: chain.source, regions: regions)
            moved[moved.count - 1].writesInput = shape.sources.count + ordinal
            passes += moved
            regions += chain.graph.regions.count
            inputSizes += chain.graph.filterInputSizes
            colorimetries += chain.graph.filterColorimetries
        }
        var pass = PassPlan(
            input: .source(shape.layout), body: nil, output: .buffer(shape.layout), inputSize: shape.canvas,
            outputSize: shape.canvas)
        pass.composition = shape
        var output = FrameFormat(
            width: shape.canvas.width, height: shape.canvas.height, layout: shape.layout,
            colorimetry: shape.colorimetry)
        output.colorimetry = shape.layout.isYUV ? output.conversionColorimetry : nil
        self.init(
            passes: passes + [pass], output: output, filterInputSizes: inputSizes, filterColorimetries: colorimetries)
    }
}

/// Splits a chain into passes. With fusion on, every maximal run of
/// pointwise stages joins the pass before it (the colour conversion at
/// the start, or a kernel) and the conversion at the end: a chain of only
/// pointwise filters is one dispatch. With fusion off, every filter runs
/// in a pass of its own between separate conversion passes, which the
/// tests use to check that fusion changes nothing.
enum GraphCompiler {
    /// `deviceClass` picks each stage's variant for that class of device
    /// (sizes never depend on it).
    static func plan(
        input: FrameFormat, filters: [Filter], outputLayout: PixelLayout, fusion: Bool,
        deviceClass: DeviceCapabilities.DeviceClass = .gpu
    ) throws -> GraphPlan {
        guard fusion else {
            return try chain(
                input: input, filters: filters, output: .buffer(outputLayout), fusion: false, deviceClass: deviceClass)
        }
        if let planes = try onPlanes(
            input: input, filters: filters, outputLayout: outputLayout, deviceClass: deviceClass)
        {
            return planes
        }
        // The general passes, unless they leave the planes where segments
        // on the planes would not: when the general passes already hand
        // float RGBA images on (each boundary 16 bytes a pixel, against 3
        // for 8-bit 4:2:0 planes), or when the segments are as few. One
        // general pass that converts, runs everything and converts back
        // stays one pass, unless it draws shapes: through RGB a chroma
        // sample takes the mean of its luma pixels, so a line one pixel
        // wide would get half its colour, where on the planes (and in
        // FFmpeg) it gets all of it.
        let general = try chain(
            input: input, filters: filters, output: .buffer(outputLayout), fusion: true, deviceClass: deviceClass)
        if general.staysOnPlanes { return general }
        guard
            let segmented = try segments(
                input: input, filters: filters, outputLayout: outputLayout, deviceClass: deviceClass),
            general.passes.count > 1 || segmented.passes.count <= general.passes.count
                || filters.contains(where: PlaneBox.draws)
        else { return general }
        return segmented
    }

    /// The passes of a chain that runs on the planes as one kind of pass
    /// (a move of the samples, a blur, a resize or a sharpen); nil for
    /// others.
    static func onPlanes(
        input: FrameFormat, filters: [Filter], outputLayout: PixelLayout,
        deviceClass: DeviceCapabilities.DeviceClass
    ) throws -> GraphPlan? {
        if PlaneRemap.applies(to: filters, input: input, outputLayout: outputLayout) {
            return try remap(input: input, filters: filters)
        }
        if let shape = PlaneBlur.shape(of: filters, input: input, outputLayout: outputLayout, deviceClass: deviceClass)
        {
            return blur(input: input, filters: filters, shape: shape)
        }
        if let shape = PlaneResize.shape(of: filters, input: input, outputLayout: outputLayout) {
            return try resize(input: input, filters: filters, shape: shape)
        }
        if let kind = PlaneNeighbours.kind(of: filters, input: input, outputLayout: outputLayout) {
            return onePass(input: input, stage: PlaneNeighbours.stage, samples: .neighbours(kind))
        }
        if let shape = PlaneDenoise.shape(of: filters, input: input, outputLayout: outputLayout) {
            return onePass(input: input, stage: PlaneDenoise.stage, samples: .denoise(shape))
        }
        if PlaneDeband.applies(to: filters, input: input, outputLayout: outputLayout) {
            return onePass(input: input, stage: PlaneDeband.stage, samples: .deband)
        }
        if PlaneEq.applies(to: filters, input: input, outputLayout: outputLayout) {
            return onePass(input: input, stage: PlaneEq.stage, samples: .eq)
        }
        if PlaneBox.applies(to: filters, input: input, outputLayout: outputLayout) {
            return onePass(input: input, stage: PlaneBox.stage, samples: .box)
        }
        if PlaneUnsharp.applies(to: filters, input: input, outputLayout: outputLayout) {
            return onePass(input: input, stage: PlaneUnsharp.stage, samples: .unsharp)
        }
        if PlaneCodeFilters.applies(to: filters, input: input, outputLayout: outputLayout) {
            return onePass(
                input: input, stage: PlaneCodeFilters.stage,
                samples: .codeFilter(PlaneCodeFilters.operation(of: filters[0])))
        }
        if PlaneNaturalVignette.applies(to: filters, input: input, outputLayout: outputLayout) {
            return onePass(input: input, stage: PlaneNaturalVignette.stage, samples: .naturalVignette)
        }
        let size = FrameSize(width: input.width, height: input.height)
        if PlaneAvgblur.applies(to: filters, input: input, outputLayout: outputLayout) {
            return walks(input: input, stage: PlaneAvgblur.stage, wide: PlaneGblur.intermediateSize(for: size)) {
                .avgblur($0)
            }
        }
        if PlaneGblur.applies(to: filters, input: input, outputLayout: outputLayout) {
            return walks(input: input, stage: PlaneGblur.stage, wide: PlaneGblur.intermediateSize(for: size)) {
                .gblur($0)
            }
        }
        if PlaneBoxblur.applies(to: filters, input: input, outputLayout: outputLayout) {
            // A radius past its plane's half side is refused here, once.
            _ = try PlaneBoxblur.boxes(filters[0], input: input)
            return walks(input: input, stage: PlaneBoxblur.stage, wide: size) { .boxblur($0) }
        }
        return nil
    }

    /// The general passes of a chain: colour conversion, kernels and
    /// pointwise runs on float images, ending in `output` (the output
    /// planes, or an image for a node input the plan renders itself).
    static func chain(
        input: FrameFormat, filters: [Filter], output final: PassOutput, fusion: Bool,
        deviceClass: DeviceCapabilities.DeviceClass
    ) throws -> GraphPlan {
        var passes: [PassPlan] = []
        var size = FrameSize(width: input.width, height: input.height)
        var current = PassPlan(input: .source(input.layout), body: nil, inputSize: size, outputSize: size)
        var filterInputSizes: [FrameSize] = []
        var filterColorimetries: [Colorimetry] = []
        var converted: Colorimetry?

        func close(output: PassOutput) {
            current.output = output
            if current.body == nil { current.outputSize = current.inputSize }
            passes.append(current)
            current = PassPlan(input: .image, body: nil, inputSize: current.outputSize, outputSize: current.outputSize)
        }

        for (index, filter) in filters.enumerated() {
            filterInputSizes.append(size)
            filterColorimetries.append(converted ?? input.conversionColorimetry)
            if let convert = filter.descriptor.colorimetryAfter {
                converted = convert(filter.values, converted ?? input.conversionColorimetry)
            }
            let stages = try filter.stages(input: size).map {
                SizedStage(stage: $0.stage.variant(for: deviceClass), outputSize: $0.outputSize)
            }
            // A filter whose later stage reads the filter's input starts on a
            // pass boundary, so that input is a finished pass's image (kept
            // in the frame slot until the frame is done).
            var filterInputPass: Int?
            if stages.contains(where: \.stage.readsFilterInput) {
                if current.body != nil || !current.pointwise.isEmpty || current.input != .image {
                    close(output: .image)
                }
                filterInputPass = passes.count - 1
            }
            // The pass that wrote each whole-kernel stage's output.
            var stagePasses: [Int: Int] = [:]
            for (stageIndex, sized) in stages.enumerated() {
                guard sized.outputSize.width > 0, sized.outputSize.height > 0 else {
                    throw RenderError.invalidFilterSetup(filter: filter.name, reason: "it would make an empty frame")
                }
                let stage = sized.stage
                let inputPasses = try stage.reads.map { read -> Int in
                    switch read {
                    case .filterInput: return filterInputPass!
                    case .stage(let earlier):
                        guard let pass = stagePasses[earlier], earlier < stageIndex else {
                            throw RenderError.invalidFilterSetup(
                                filter: filter.name,
                                reason:
                                    "stage \(stageIndex) reads stage \(earlier), which is not an earlier whole kernel")
                        }
                        return pass
                    }
                }
                let planned = PlannedStage(filterIndex: index, stage: stage, inputPasses: inputPasses)
                if stage.isPointwise {
                    if !fusion && (current.body != nil || !current.pointwise.isEmpty || current.input != .image) {
                        close(output: .image)
                    }
                    current.pointwise.append(planned)
                } else {
                    let isWhole = stage.kind == .wholeKernel
                    if stage.readsCodedPlanes
                        && (passes.count > 0 || current.body != nil || !current.pointwise.isEmpty)
                    {
                        throw RenderError.invalidFilterSetup(
                            filter: filter.name,
                            reason: "it must be the first filter: it reads the decoded frames' planes as coded")
                    }
                    let canRead =
                        current.input == .image || (stage.readsSourceDirectly && (fusion || stage.readsCodedPlanes))
                    if current.body != nil || !current.pointwise.isEmpty || !canRead {
                        close(output: .image)
                    }
                    current.body = planned
                    current.outputSize = sized.outputSize
                    if isWhole {
                        close(output: .image)
                        stagePasses[stageIndex] = passes.count - 1
                    }
                }
                size = sized.outputSize
            }
        }
        if !fusion && (current.body != nil || !current.pointwise.isEmpty) {
            close(output: .image)
        }
        close(output: final)
        if fusion { passes = ColorFold.fold(passes, filters: filters) }
        let outputLayout: PixelLayout
        if case .buffer(let layout) = final { outputLayout = layout } else { outputLayout = .rgba16 }
        let output = FrameFormat(
            width: size.width, height: size.height, layout: outputLayout,
            colorimetry: outputLayout.isYUV ? converted ?? input.conversionColorimetry : nil)
        return GraphPlan(
            passes: passes, output: output, filterInputSizes: filterInputSizes,
            filterColorimetries: filterColorimetries, convertedColorimetry: converted)
    }
}

extension GraphCompiler {
    /// One pass that moves the planes' samples (`PlaneRemap`).
    fileprivate static func remap(input: FrameFormat, filters: [Filter]) throws -> GraphPlan {
        var size = FrameSize(width: input.width, height: input.height)
        var inputSizes: [FrameSize] = []
        for filter in filters {
            inputSizes.append(size)
            size = try filter.stages(input: size).last?.outputSize ?? size
        }
        var pass = PassPlan(
            input: .source(input.layout),
            body: PlannedStage(filterIndex: 0, stage: PlaneRemap.stage, combined: Array(filters.indices)),
            output: .buffer(input.layout), inputSize: FrameSize(width: input.width, height: input.height),
            outputSize: size)
        pass.remapsPlanes = true
        let colorimetry = input.conversionColorimetry
        return GraphPlan(
            passes: [pass],
            output: FrameFormat(
                width: size.width, height: size.height, layout: input.layout,
                colorimetry: input.layout.isYUV ? colorimetry : nil),
            filterInputSizes: inputSizes, filterColorimetries: Array(repeating: colorimetry, count: filters.count))
    }
}

extension GraphCompiler {
    /// A blur's two passes on the planes (`PlaneBlur`): rows into the
    /// intermediate planes, columns into the output.
    fileprivate static func blur(input: FrameFormat, filters: [Filter], shape: PlaneBlur.Shape) -> GraphPlan {
        let size = FrameSize(width: input.width, height: input.height)
        let stage = PlannedStage(filterIndex: 0, stage: PlaneBlur.stage, combined: [0])
        return rowsThenColumns(input: input, stage: stage, wide: size, output: size) { pass, direction in
            pass.samples = .blur(PlaneBlur.Pass(direction: direction, shape: shape))
        }
    }

    /// A resize's two passes on the planes (`PlaneResize`): rows to the new
    /// width into the intermediate planes, columns to the new height.
    fileprivate static func resize(input: FrameFormat, filters: [Filter], shape: PlaneResize.Shape) throws
        -> GraphPlan
    {
        let size = FrameSize(width: input.width, height: input.height)
        let output = try filters[0].stages(input: size).last?.outputSize ?? size
        let stage = PlannedStage(filterIndex: 0, stage: PlaneResize.stage)
        let wide = FrameSize(width: output.width, height: size.height)
        return rowsThenColumns(input: input, stage: stage, wide: wide, output: output) { pass, direction in
            pass.samples = .resize(PlaneResize.Pass(direction: direction, shape: shape))
        }
    }

    /// One pass on the planes' samples from the source to the output, in
    /// the input's layout and size (`PlaneNeighbours`, `PlaneDenoise`).
    private static func onePass(input: FrameFormat, stage: FilterStage, samples: SamplesPass) -> GraphPlan {
        let size = FrameSize(width: input.width, height: input.height)
        var pass = PassPlan(
            input: .source(input.layout), body: PlannedStage(filterIndex: 0, stage: stage, combined: [0]),
            output: .buffer(input.layout), inputSize: size, outputSize: size)
        pass.samples = samples
        return GraphPlan(
            passes: [pass], output: planesOutput(input, size: size), filterInputSizes: [size],
            filterColorimetries: [input.conversionColorimetry])
    }

    /// The output of passes on the planes: the input's layout at `size`.
    private static func planesOutput(_ input: FrameFormat, size: FrameSize) -> FrameFormat {
        FrameFormat(
            width: size.width, height: size.height, layout: input.layout,
            colorimetry: input.layout.isYUV ? input.conversionColorimetry : nil)
    }

    /// The two walking passes of FFmpeg's boxblur, gblur or avgblur on the
    /// planes: rows into intermediate planes `wide` large, then columns
    /// into the output planes, each running `stage` as `samples` says.
    fileprivate static func walks(
        input: FrameFormat, stage: FilterStage, wide: FrameSize, samples: (PlaneBlur.Direction) -> SamplesPass
    ) -> GraphPlan {
        let size = FrameSize(width: input.width, height: input.height)
        let planned = PlannedStage(filterIndex: 0, stage: stage, combined: [0])
        return rowsThenColumns(input: input, stage: planned, wide: wide, output: size) { pass, direction in
            pass.samples = samples(direction)
        }
    }

    /// Two passes of one filter on the planes' samples: rows from the
    /// source into 16-bit intermediate planes `wide` large, then columns
    /// into the output planes; `mark` says what each pass runs.
    private static func rowsThenColumns(
        input: FrameFormat, stage: PlannedStage, wide: FrameSize, output: FrameSize,
        mark: (inout PassPlan, PlaneBlur.Direction) -> Void
    ) -> GraphPlan {
        let size = FrameSize(width: input.width, height: input.height)
        let middle = PlaneBlur.intermediateLayout(for: input.layout)
        var rows = PassPlan(
            input: .source(input.layout), body: stage, output: .planes(middle), inputSize: size, outputSize: wide)
        mark(&rows, .rows)
        var columns = PassPlan(
            input: .planes(middle), body: stage, output: .buffer(input.layout), inputSize: wide, outputSize: output)
        mark(&columns, .columns)
        return GraphPlan(
            passes: [rows, columns], output: planesOutput(input, size: output), filterInputSizes: [size],
            filterColorimetries: [input.conversionColorimetry])
    }
}

extension FrameFormat {
    /// The colorimetry used to convert this format's pixels: the tag; for
    /// untagged YUV, BT.601 limited (as swscale assumes); for untagged grey,
    /// full range (grey images use every code value); for RGBA sources
    /// converted to YUV, BT.709 limited.
    var conversionColorimetry: Colorimetry {
        if let colorimetry { return colorimetry }
        if layout.isGray { return Colorimetry(matrix: .bt601, range: .full) }
        return layout.isYUV ? .untaggedDefault : Colorimetry(matrix: .bt709, range: .limited)
    }
}
