/// The node inputs a plan renders itself: a node whose multi-input filters
/// (`blend`, `overlay`, `mask_blend`, `xfade`, stacks) take nodes that are
/// plain frames with chains of single-input filters runs those chains as
/// passes of its own plan, before its own, each from its frame's planes in
/// the same input buffer, into an image its consumer samples. One
/// submission per output frame: no plan, slot or submission per input
/// node, no 16-bit RGBA frame in between and no copy of it into an image.
///
/// A node input that is itself a graph, or starts from a shared node
/// (`ImageNode/shared()`), and every graph with fusion off, renders its
/// inputs first as before (`Renderer`), each into 16-bit RGBA.
struct NodeBranches {
    /// One node input: its frame, its chain resolved at its own time, the
    /// multi-input filter (by index in the consumer's resolved chain) that
    /// takes it, and the size it comes out at.
    struct Branch {
        let frame: VideoFrame
        let time: FrameTime
        let filters: [Filter]
        let consumer: Int
        let size: FrameSize
    }

    /// The branches, by consumer, then in each consumer's order.
    let branches: [Branch]
    /// The consumer's chain resolved with its inputs' sizes.
    let filters: [Filter]

    /// The node's branches, or nil when it renders its inputs first.
    static func make(_ node: ImageNode, fusion: Bool) -> NodeBranches? {
        guard fusion, node.base == nil, !node.inputs.isEmpty else { return nil }
        var inputs: [(chainIndex: Int, position: Int, frame: VideoFrame, time: FrameTime, filters: [Filter])] = []
        for (index, nodes) in node.inputs.sorted(by: { $0.key < $1.key }) {
            for (position, input) in nodes.enumerated() {
                guard input.base == nil, input.inputs.isEmpty,
                    let filters = try? input.resolvedFilters(inputSizes: [:], input: input.source.format)
                else { return nil }
                inputs.append((index, position, input.source, input.time, filters))
            }
        }
        var sizes: [Int: [FrameSize]] = [:]
        var made: [(chainIndex: Int, size: FrameSize)] = []
        for input in inputs {
            var size = FrameSize(width: input.frame.width, height: input.frame.height)
            for filter in input.filters {
                guard let stages = try? filter.stages(input: size) else { return nil }
                size = stages.last?.outputSize ?? size
            }
            sizes[input.chainIndex, default: []].append(size)
            made.append((input.chainIndex, size))
        }
        guard
            let (filters, origins) = try? node.resolvedFiltersWithOrigins(
                inputSizes: sizes, input: node.source.format)
        else { return nil }
        // A consumer left out of this frame (its enable is 0) renders
        // without its inputs (`Renderer.render`).
        guard inputs.allSatisfy({ origins[$0.chainIndex] != nil }) else { return nil }
        let branches = zip(inputs, made).map { input, made in
            Branch(
                frame: input.frame, time: input.time, filters: input.filters, consumer: origins[input.chainIndex]!,
                size: made.size)
        }
        return NodeBranches(branches: branches, filters: filters)
    }

    /// Every filter the plan runs: the consumer's, then each branch's.
    var allFilters: [Filter] { filters + branches.flatMap(\.filters) }

    /// The frames whose planes the plan reads: the consumer's, then each branch's.
    func sources(consumer frame: VideoFrame) -> [VideoFrame] { [frame] + branches.map(\.frame) }
}

extension GraphCompiler {
    /// The passes of a node and the inputs it renders itself
    /// (`NodeBranches`). An input whose chain is pointwise (or empty) is
    /// loaded by the pass of the filter that takes it (`NodeLoader`), when
    /// that pass reads the frame's planes; every other input's passes come
    /// first, in order, reading source k + 1 and ending in a clamped image
    /// the filter samples. The branches' filters follow the node's
    /// (`NodeBranches.allFilters`).
    static func plan(
        input: FrameFormat, branches: NodeBranches, outputLayout: PixelLayout,
        deviceClass: DeviceCapabilities.DeviceClass
    ) throws -> GraphPlan {
        let main = try chain(
            input: input, filters: branches.filters, output: .buffer(outputLayout), fusion: true,
            deviceClass: deviceClass)
        var mainPasses = main.passes
        var passes: [PassPlan] = []
        var inputs: [Int: [NodeInput]] = [:]
        var inputSizes: [FrameSize] = []
        var colorimetries: [Colorimetry] = []
        var filterOffset = branches.filters.count
        for (index, branch) in branches.branches.enumerated() {
            let plan = try chain(
                input: branch.frame.format, filters: branch.filters, output: .image, fusion: true,
                deviceClass: deviceClass)
            let branchPasses = plan.passes(after: passes.count, filters: filterOffset, source: index + 1)
            if let consumer = mainPasses.firstIndex(where: { $0.loads(consumer: branch.consumer) }),
                let loader = NodeLoader(branchPasses, frame: branch.frame.format)
            {
                inputs[branch.consumer, default: []].append(.loader(mainPasses[consumer].loaders.count))
                mainPasses[consumer].loaders.append(loader)
            } else {
                passes += branchPasses
                passes[passes.count - 1].clampsOutput = true
                inputs[branch.consumer, default: []].append(.pass(passes.count - 1))
            }
            inputSizes += plan.filterInputSizes
            colorimetries += plan.filterColorimetries
            filterOffset += branch.filters.count
        }
        // The branches' passes came first: the node's own move after them.
        let moved = GraphPlan(passes: mainPasses, output: main.output, filterInputSizes: main.filterInputSizes)
        for var pass in moved.passes(after: passes.count, filters: 0, source: 0) {
            func linked(_ stage: PlannedStage) -> PlannedStage {
                var stage = stage
                stage.nodeInputs = inputs[stage.filterIndex] ?? []
                return stage
            }
            pass.body = pass.body.map(linked)
            pass.pointwise = pass.pointwise.map(linked)
            passes.append(pass)
        }
        return GraphPlan(
            passes: passes, output: main.output, filterInputSizes: main.filterInputSizes + inputSizes,
            filterColorimetries: main.filterColorimetries + colorimetries,
            convertedColorimetry: main.convertedColorimetry)
    }
}

extension PassPlan {
    /// True when this pass can load the node inputs of filter `consumer`
    /// itself: a pointwise stage of it (which takes its images as the
    /// pass's auxiliary inputs, `hb_aux_*`) in a pass of the general
    /// generator that reads the frame's planes (whose buffer the loaders
    /// read too).
    fileprivate func loads(consumer: Int) -> Bool {
        guard case .source = input, composition == nil, samples == nil, !foldsPlanes, !remapsPlanes else {
            return false
        }
        return pointwise.contains { $0.filterIndex == consumer && $0.stage.auxiliaryImages > 0 }
    }
}

extension NodeLoader {
    /// The loader for a node input whose passes are these, or nil unless
    /// they are one pass of pointwise stages from its planes that read
    /// nothing of the pass around them but their own values and position:
    /// no other image, no size, time or colour matrix of the header
    /// (`ShaderGenerator.readsPassHeader`), which would be the consumer's.
    fileprivate init?(_ passes: [PassPlan], frame: FrameFormat) {
        guard passes.count == 1, let pass = passes.first, case .source(let layout) = pass.input,
            pass.output == .image, pass.body == nil, pass.composition == nil, pass.samples == nil,
            !pass.foldsPlanes, !pass.remapsPlanes, pass.loaders.isEmpty,
            pass.pointwise.allSatisfy({
                $0.stage.isPointwise && $0.stage.samplerArguments == 0 && $0.inputPasses.isEmpty
                    && $0.nodeInputs.isEmpty && !ShaderGenerator.readsPassHeader($0.stage)
            })
        else { return nil }
        self.init(
            source: pass.sourceIndex, layout: layout, size: FrameSize(width: frame.width, height: frame.height),
            stages: pass.pointwise)
    }
}

extension GraphPlan {
    /// These passes as part of a larger plan: after `passOffset` passes,
    /// their filters from `filterOffset` on in the plan's filters, reading
    /// source `source` (`PassPlan.sourceIndex`), their regions (which
    /// follow this plan's one source) from the larger plan's input layout
    /// `regions` on.
    func passes(after passOffset: Int, filters filterOffset: Int, source: Int, regions: Int? = nil) -> [PassPlan] {
        func moved(_ stage: PlannedStage) -> PlannedStage {
            var stage = stage
            stage.filterIndex += filterOffset
            stage.combined = stage.combined.map { $0 + filterOffset }
            stage.inputPasses = stage.inputPasses.map { $0 + passOffset }
            return stage
        }
        return passes.map { pass in
            var pass = pass
            pass.sourceIndex = source
            if let regions {
                pass.readsInput = pass.readsInput.map { regions + $0 - 1 }
                pass.writesInput = pass.writesInput.map { regions + $0 - 1 }
            }
            pass.body = pass.body.map(moved)
            pass.pointwise = pass.pointwise.map(moved)
            pass.loaders = pass.loaders.map {
                NodeLoader(source: $0.source, layout: $0.layout, size: $0.size, stages: $0.stages.map(moved))
            }
            return pass
        }
    }
}
