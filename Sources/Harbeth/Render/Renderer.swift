import Dispatch
import Foundation

/// Runs filter graphs on a GPU context: compiles plans (cached by input
/// shape and chain structure), keeps a bounded number of frames in flight,
/// and hands each submission a `RenderSubmissionHandle`.
public final class Renderer: Sendable {
    /// Intermediate image precision between passes.
    public enum Precision: Sendable, Hashable {
        /// 16-bit floats: 11 significant bits, far finer than 1/255.
        case half
        /// 32-bit floats.
        case float

        var imageFormat: ImageFormat { self == .half ? .rgba16Float : .rgba32Float }
    }

    /// How a renderer runs.
    public struct Options: Sendable {
        /// Frames whose GPU work may be in flight at once.
        public var framesInFlight: Int
        /// Fuse runs of pointwise filters and the colour conversions into one
        /// pass. Off runs every filter alone (for checking fusion).
        public var fusion: Bool
        /// The precision of the intermediate images between passes; half by default.
        public var precision: Precision
        /// Reads the files that filter parameters name (LUTs, images).
        public var resources: any FilterResourceLoader
        /// Copy the planes between host-visible and device-only buffers
        /// inside each frame's command buffer even where the device's memory
        /// is host-visible, as on a discrete GPU without resizable BAR. Off
        /// (the default) decides by the device; on, it runs that path on any
        /// device, lavapipe included, so it is tested there.
        public var alwaysStage: Bool
        /// The class of device to choose filter variants for; nil (the
        /// default) takes the device's own (`GPUContext.capabilities`).
        /// Set, it runs the other variant on any device, so both are
        /// tested on lavapipe.
        public var deviceClass: DeviceCapabilities.DeviceClass?
        /// Read and write the frame buffers, and read the data buffer,
        /// through texel buffer views of words where the device allows
        /// (`RenderPlan.texelFrames`, `texelData`). Off binds them as
        /// storage buffers, as on a device whose views are too small, so
        /// tests run that path on lavapipe too.
        var texelBuffers = true
        /// What the plans may choose on this device, as the options allow.
        var kernelChoices: RenderPlan.Choices {
            RenderPlan.Choices(texelBuffers: texelBuffers, subgroupVotes: subgroupVotes)
        }
        /// Let kernels vote across a subgroup where the device can
        /// (`DeviceCapabilities.subgroupVote`); off, they take the path
        /// of a device that cannot, so tests run it on lavapipe too.
        var subgroupVotes = true

        /// Creates renderer options.
        /// - Parameters:
        ///   - framesInFlight: Frames whose GPU work may be in flight at once; values below 1 become 1.
        ///   - fusion: Whether to fuse runs of pointwise filters and the colour conversions into one pass.
        ///   - precision: The precision of intermediate images between passes.
        ///   - resources: Reads the files that filter parameters name (LUTs, images); by default, decodes no images.
        ///   - alwaysStage: Whether to copy planes through device-only buffers even on host-visible memory.
        ///   - deviceClass: The class of device to choose filter variants for; nil takes the device's.
        public init(
            framesInFlight: Int = 3, fusion: Bool = true, precision: Precision = .half,
            resources: any FilterResourceLoader = FileResourceLoader(), alwaysStage: Bool = false,
            deviceClass: DeviceCapabilities.DeviceClass? = nil
        ) {
            self.deviceClass = deviceClass
            self.framesInFlight = max(1, framesInFlight)
            self.fusion = fusion
            self.precision = precision
            self.resources = resources
            self.alwaysStage = alwaysStage
        }
    }

    /// The GPU context the renderer runs on.
    public let context: GPUContext
    /// How the renderer runs, as given at creation (with `framesInFlight` at least 1).
    public let options: Options
    let scheduler: SubmissionScheduler
    private let plans = Locked<[PlanKey: RenderPlan]>([:])
    private let planOrder = Locked<[PlanKey]>([])
    private let packed = Locked<[PackKey: [Float]]>([:])
    private let counters = Locked(RenderStatistics())

    private struct PackKey: Hashable {
        let filter: Filter
        let inputSize: FrameSize
        let colorimetry: Colorimetry?
    }

    /// Plans kept at once; older ones are dropped (their slots with them).
    static let planLimit = 16

    /// A renderer on an existing context, which it keeps alive.
    public init(context: GPUContext, options: Options = Options()) {
        self.context = context
        self.options = options
        scheduler = SubmissionScheduler(maxInFlight: options.framesInFlight, label: "harbeth.renderer")
    }

    /// A renderer on a new context with default device choice.
    public convenience init(options: Options = Options(), contextOptions: GPUContext.Options = GPUContext.Options())
        throws(GPUError)
    {
        self.init(context: try GPUContext(options: contextOptions), options: options)
    }

    /// The class of device the renderer chooses filter variants for.
    public var deviceClass: DeviceCapabilities.DeviceClass {
        options.deviceClass ?? context.capabilities.deviceClass
    }

    /// What the renderer has done so far.
    public var statistics: RenderStatistics {
        var copy = counters.withLock { $0 }
        copy.slotsMade = plans.withLock { $0.values.reduce(0) { $0 + $1.pool.count } }
        return copy
    }

    /// Discards every queued and executing submission with `pipelineStopped`;
    /// later submissions are discarded at once.
    public func stop() {
        scheduler.stop()
    }

    /// Waits until no submission's work is executing, cancelled ones
    /// included (their work runs on until it notices), and the GPU has
    /// finished what they gave it. A program that cancels work and then
    /// ends can wait here first; `exit()` also waits, up to two seconds,
    /// but it cannot order itself before every library's exit-time
    /// clean-up. Returns false if `timeout` passed first.
    @discardableResult
    public func waitUntilIdle(timeout: Duration = .seconds(10)) async -> Bool {
        let (seconds, attoseconds) = timeout.components
        let deadline =
            DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [self] in
                let idle = scheduler.waitUntilIdle(until: deadline) && context.waitUntilIdle(until: deadline)
                continuation.resume(returning: idle)
            }
        }
    }

    /// Compiles (or finds) the plan for a node and describes it.
    /// A graph's summary lists the passes of the nodes its multi-input
    /// filters take first, in the order they are taken.
    public func summary(for node: ImageNode, output: RenderOutput = .sameAsSource) throws -> RenderPlanSummary {
        var counted: Set<ObjectIdentifier> = []
        return try summary(for: node, output: output, counted: &counted)
    }

    /// A shared node's passes count once, at its first use.
    private func summary(for node: ImageNode, output: RenderOutput, counted: inout Set<ObjectIdentifier>) throws
        -> RenderPlanSummary
    {
        if let composition = PlaneComposition.make(
            node, outputLayout: node.renderOutput(output).resolve(for: node.source.layout), fusion: options.fusion,
            deviceClass: deviceClass)
        {
            let plan = try self.plan(for: composition)
            return RenderPlanSummary(
                passes: plan.graph.passes.map { $0.name(in: plan.filters) }, output: plan.graph.output,
                stagingCopies: plan.staging, texelBufferFrames: plan.texelFrames,
                intermediateBytes: plan.intermediateBytes)
        }
        if let branches = NodeBranches.make(node, fusion: options.fusion) {
            let plan = try self.plan(for: node.source.format, branches: branches, output: node.renderOutput(output))
            return RenderPlanSummary(
                passes: plan.graph.passes.map { $0.name(in: plan.filters) }, output: plan.graph.output,
                stagingCopies: plan.staging, texelBufferFrames: plan.texelFrames,
                intermediateBytes: plan.intermediateBytes)
        }
        var inputPasses: [String] = []
        var inputBytes = 0
        // An input node's passes and intermediates, and its frame twice:
        // the buffer it is rendered into and the consumer's image of it.
        func add(_ input: ImageNode, counted: inout Set<ObjectIdentifier>) throws {
            let summary = try self.summary(for: input, output: ImageNode.inputLayout, counted: &counted)
            inputPasses += summary.passes
            inputBytes += summary.intermediateBytes + 2 * summary.output.width * summary.output.height * 8
        }
        if let base = node.base, counted.insert(ObjectIdentifier(base)).inserted {
            try add(base.node, counted: &counted)
        }
        for (_, nodes) in node.inputs.sorted(by: { $0.key < $1.key }) {
            for input in nodes { try add(input, counted: &counted) }
        }
        let input = try node.inputFormat()
        let filters = try node.resolvedFilters(inputSizes: node.inputSizes(), input: input)
        let output = node.renderOutput(output)
        // A graph's input that plays as it is gives its frame back (as the render does).
        if inputPasses.isEmpty,
            let region = try PlaneView.region(
                format: input, filters: filters, outputLayout: output.resolve(for: input.layout),
                emptyIsView: node.givesSourceBackWhenEmpty)
        {
            return RenderPlanSummary(
                passes: [], output: PlaneView.format(of: region, in: input), stagingCopies: false,
                texelBufferFrames: false, intermediateBytes: 0)
        }
        let (viewed, rest) = try PlaneView.leadingFormat(inputPasses.isEmpty ? input : nil, filters: filters)
        let plan = try self.plan(for: viewed ?? input, filters: rest, output: output)
        return RenderPlanSummary(
            passes: inputPasses + plan.graph.passes.map { $0.name(in: plan.filters) }, output: plan.graph.output,
            stagingCopies: plan.staging, texelBufferFrames: plan.texelFrames,
            intermediateBytes: inputBytes + plan.intermediateBytes)
    }

    /// Compiles (or finds) the plan for `chain` on frames of `input` and
    /// describes it, without needing a frame (reports after a run).
    public func summary(for input: FrameFormat, chain: FilterChain, output: RenderOutput = .sameAsSource) throws
        -> RenderPlanSummary
    {
        let constant = try chain.resolved(at: FrameTime(index: 0, seconds: 0), input: input)
        let (viewed, rest) = try PlaneView.leadingFormat(input, filters: constant.filters)
        let plan = try self.plan(for: viewed ?? input, filters: rest, output: output)
        return RenderPlanSummary(
            passes: plan.graph.passes.map { $0.name(in: plan.filters) }, output: plan.graph.output,
            stagingCopies: plan.staging, texelBufferFrames: plan.texelFrames, intermediateBytes: plan.intermediateBytes)
    }

    // MARK: Submission

    func submit(
        _ node: ImageNode, output: RenderOutput, policy: SubmissionPolicy, deadline: DispatchTime?,
        deliveryQueue: DispatchQueue, completion: (@Sendable (Result<VideoFrame, RenderSubmissionError>) -> Void)?,
        file: StaticString, line: UInt
    ) -> RenderSubmissionHandle<VideoFrame> {
        scheduler.submit(
            policy: policy, deadline: deadline, deliveryQueue: deliveryQueue, file: file, line: line,
            completion: completion
        ) { [self] (done: SubmissionCompletion<VideoFrame>) in
            execute(node, output: output, completion: done)
        }
    }

    func submit(
        _ nodes: [ImageNode], outputs: [RenderOutput], policy: SubmissionPolicy, deadline: DispatchTime?,
        deliveryQueue: DispatchQueue,
        completion: (@Sendable (Result<[VideoFrame], RenderSubmissionError>) -> Void)?,
        file: StaticString, line: UInt
    ) -> RenderSubmissionHandle<[VideoFrame]> {
        scheduler.submit(
            policy: policy, deadline: deadline, deliveryQueue: deliveryQueue, file: file, line: line,
            completion: completion
        ) { [self] (done: SubmissionCompletion<[VideoFrame]>) in
            execute(nodes, outputs: outputs, completion: done)
        }
    }

    /// Renders several nodes as one submission, with one `SharedRenders`,
    /// so a shared node they have in common renders once. The first
    /// failure among them is the submission's.
    private func execute(
        _ nodes: [ImageNode], outputs: [RenderOutput], completion: SubmissionCompletion<[VideoFrame]>
    ) {
        let shared = SharedRenders()
        let results = Locked<[Result<VideoFrame, any Error>?]>(Array(repeating: nil, count: nodes.count))
        let group = DispatchGroup()
        for (index, node) in nodes.enumerated() {
            group.enter()
            render(node, output: outputs[index], counted: index == 0, shared: shared) { result in
                results.withLock { $0[index] = result }
                group.leave()
            }
        }
        group.notify(queue: .global()) {
            var frames: [VideoFrame] = []
            for result in results.withLock({ $0 }) {
                switch result {
                case .success(let frame): frames.append(frame)
                case .failure(let error): return completion.fail(error)
                case nil: preconditionFailure("a node of the submission delivered nothing")
                }
            }
            completion.succeed(frames)
        }
    }

    private func execute(_ node: ImageNode, output: RenderOutput, completion: SubmissionCompletion<VideoFrame>) {
        render(node, output: output, counted: true, shared: SharedRenders()) { result in
            switch result {
            case .success(let frame): completion.succeed(frame)
            case .failure(let error): completion.fail(error)
            }
        }
    }

    /// Renders `node`: first the shared node it starts from (once for the
    /// whole submission) and every node its multi-input filters take, each
    /// into 16-bit RGBA, side by side; then its own chain with their
    /// frames. The first failure among them is the node's.
    private func render(
        _ node: ImageNode, output: RenderOutput, counted: Bool, shared: SharedRenders,
        done: @escaping @Sendable (Result<VideoFrame, any Error>) -> Void
    ) {
        let output = node.renderOutput(output)
        if let composition = PlaneComposition.make(
            node, outputLayout: output.resolve(for: node.source.layout), fusion: options.fusion,
            deviceClass: deviceClass)
        {
            renderComposition(composition, time: node.time, counted: counted, done: done)
            return
        }
        if let branches = NodeBranches.make(node, fusion: options.fusion) {
            renderBranches(node, branches: branches, output: output, counted: counted, done: done)
            return
        }
        guard !node.inputs.isEmpty || node.base != nil else {
            renderChain(node, source: node.source, nodeFrames: [:], output: output, counted: counted, done: done)
            return
        }
        // Job -1 is the shared base; the others are node inputs by filter,
        // but for a filter left out of this frame (its enable is 0).
        let leftOut = Self.filtersLeftOut(of: node)
        var jobs: [(filter: Int, node: ImageNode)] = []
        if let base = node.base { jobs.append((-1, base.node)) }
        for (index, nodes) in node.inputs.sorted(by: { $0.key < $1.key }) where !leftOut.contains(index) {
            jobs += nodes.map { (index, $0) }
        }
        let results = Locked<[Result<VideoFrame, any Error>?]>(Array(repeating: nil, count: jobs.count))
        let group = DispatchGroup()
        for (job, input) in jobs.enumerated() {
            group.enter()
            let deliver: SharedRenders.Delivery = { result in
                results.withLock { $0[job] = result }
                group.leave()
            }
            let renderInput = { [self] (deliver: @escaping SharedRenders.Delivery) in
                render(input.node, output: ImageNode.inputLayout, counted: false, shared: shared, done: deliver)
            }
            if input.filter == -1, let base = node.base {
                shared.frame(of: base, render: renderInput, deliver: deliver)
            } else {
                renderInput(deliver)
            }
        }
        group.notify(queue: .global()) { [self] in
            var source = node.source
            var frames: [Int: [VideoFrame]] = [:]
            for (job, result) in results.withLock({ $0 }).enumerated() {
                switch result {
                case .success(let frame):
                    if jobs[job].filter == -1 {
                        source = frame
                    } else {
                        frames[jobs[job].filter, default: []].append(frame)
                    }
                case .failure(let error): return done(.failure(error))
                case nil:
                    return done(
                        .failure(
                            RenderError.invalidFilterSetup(filter: "graph", reason: "an input node delivered nothing")))
                }
            }
            renderChain(node, source: source, nodeFrames: frames, output: output, counted: counted, done: done)
        }
    }

    /// The filters of `node`'s chain that its `enable` leaves out of this
    /// frame (none when it cannot tell: the chain then fails where it renders).
    private static func filtersLeftOut(of node: ImageNode) -> Set<Int> {
        guard node.chain.filters.contains(where: { $0.enable != nil }),
            let origins = try? node.resolvedFiltersWithOrigins(
                inputSizes: node.inputSizes(), input: node.inputFormat()
            ).origins
        else { return [] }
        return Set(origins.indices.filter { origins[$0] == nil })
    }

    /// Renders the node's own chain on its source frame, the multi-input
    /// filters sampling `nodeFrames` (by filter index).
    private func renderChain(
        _ node: ImageNode, source: VideoFrame, nodeFrames: [Int: [VideoFrame]], output: RenderOutput, counted: Bool,
        done: @escaping @Sendable (Result<VideoFrame, any Error>) -> Void
    ) {
        let started = DispatchTime.now()
        // The colours are the original frame's, wherever the chain starts.
        let colorimetry = node.source.format.conversionColorimetry
        var filters: [Filter]
        let origins: [Int?]
        var source = source
        do {
            // Animated values become this frame's constants; the plan
            // depends on structural values (and node input sizes) only, so
            // it is the same plan.
            let sizes = nodeFrames.mapValues { $0.map { FrameSize(width: $0.width, height: $0.height) } }
            (filters, origins) = try node.resolvedFiltersWithOrigins(inputSizes: sizes, input: source.format)
            // Crops on the chroma grid and vertical flips need no pass: the
            // source's planes, offset, and read bottom up when flipped.
            // So are filters switched off for this frame (their enable is 0).
            if nodeFrames.isEmpty,
                let viewed = try PlaneView.frame(
                    source, filters: filters, outputLayout: output.resolve(for: source.layout),
                    emptyIsView: origins.contains(nil) || node.givesSourceBackWhenEmpty)
            {
                if counted { counters.withLock { $0.framesRendered += 1 } }
                done(.success(viewed))
                return
            }
            // Those that start a longer chain: the rest renders from the view.
            if nodeFrames.isEmpty, let (count, _) = try PlaneView.leading(format: source.format, filters: filters),
                let viewed = try PlaneView.frame(
                    source, filters: Array(filters[..<count]), outputLayout: source.layout)
            {
                source = viewed
                filters.removeFirst(count)
            }
        } catch {
            done(.failure(Self.renderError(error)))
            return
        }
        let (viewed, rest) = (source, filters)
        renderSlot(
            of: { try self.plan(for: viewed.format, filters: rest, output: output) }, started: started,
            time: viewed.time, colorimetry: colorimetry, counted: counted, done: done
        ) { slot, plan in
            for (index, frames) in nodeFrames {
                guard let filter = origins[index] else { continue }
                try slot.setNodeFrames(frames, filter: filter, context: context)
            }
            try prepare(
                slot, plan: plan, sources: [viewed], filters: rest, time: node.time, colorimetry: colorimetry)
            // The node frames' slots are read by these commands: they go
            // back to their pools only when the commands are done.
            return nodeFrames
        }
    }

    /// Renders a node and the node inputs it renders itself as one plan
    /// (`NodeBranches`): every frame's planes into the slot, one submission.
    private func renderBranches(
        _ node: ImageNode, branches: NodeBranches, output: RenderOutput, counted: Bool,
        done: @escaping @Sendable (Result<VideoFrame, any Error>) -> Void
    ) {
        let source = node.source
        let colorimetry = source.format.conversionColorimetry
        renderSlot(
            of: { try self.plan(for: source.format, branches: branches, output: output) }, started: .now(),
            time: source.time, colorimetry: colorimetry, counted: counted, done: done
        ) { slot, plan in
            let others = branches.branches.map { branch in
                ParameterWriter.Source(
                    time: branch.time, colorimetry: branch.frame.format.conversionColorimetry,
                    bitDepth: branch.frame.layout.bitDepth)
            }
            try prepare(
                slot, plan: plan, sources: branches.sources(consumer: source), filters: branches.allFilters,
                time: node.time, colorimetry: colorimetry, others: others)
        }
    }

    /// Renders a composition on the planes: every source's planes into
    /// the slot, one after another, its layers into the pass's data, one
    /// dispatch.
    private func renderComposition(
        _ composition: PlaneComposition, time: FrameTime, counted: Bool,
        done: @escaping @Sendable (Result<VideoFrame, any Error>) -> Void
    ) {
        let source = composition.sources[0]
        let colorimetry = source.format.conversionColorimetry
        renderSlot(
            of: { try self.plan(for: composition) }, started: .now(), time: source.time,
            colorimetry: colorimetry, counted: counted, done: done
        ) { slot, plan in
            let bitDepth = source.layout.bitDepth
            let composed = composition.packed(
                inputs: plan.inputLayouts, conversion: ColorConversion(colorimetry: colorimetry, bitDepth: bitDepth))
            // The sources' chains take their filters' values at their nodes' times.
            let others = composition.sources.indices.dropFirst().map { index in
                ParameterWriter.Source(
                    time: composition.time(of: index, otherwise: time), colorimetry: colorimetry, bitDepth: bitDepth)
            }
            try prepare(
                slot, plan: plan, sources: composition.sources, filters: composition.chainFilters,
                time: composition.time(of: 0, otherwise: time), colorimetry: colorimetry, others: others,
                composition: composed)
        }
    }

    /// One frame through a plan: a slot of the plan `make` finds or
    /// compiles, filled by `fill` (planes, parameters, commands), then
    /// submitted. What `fill` returns lives until the commands are done.
    /// Every failure goes to `done`, the slot back to its pool.
    private func renderSlot<Kept: Sendable>(
        of make: () throws -> RenderPlan, started: DispatchTime, time: Double?, colorimetry: Colorimetry,
        counted: Bool, done: @escaping @Sendable (Result<VideoFrame, any Error>) -> Void,
        fill: (FrameSlot, RenderPlan) throws -> Kept
    ) {
        let plan: RenderPlan
        let slot: FrameSlot
        do {
            plan = try make()
            slot = try plan.pool.acquire { try FrameSlot(plan: plan) }
        } catch {
            done(.failure(Self.renderError(error)))
            return
        }
        do {
            let kept = try fill(slot, plan)
            try submit(
                slot, plan: plan, started: started, time: time, colorimetry: colorimetry, counted: counted,
                keeping: kept, done: done)
        } catch {
            plan.pool.release(slot)
            done(.failure(Self.renderError(error)))
        }
    }

    /// Submits a prepared slot; `done` gets its output frame, or the
    /// failure (the slot then goes back to the pool). `keeping` lives until
    /// the commands are done.
    private func submit(
        _ slot: FrameSlot, plan: RenderPlan, started: DispatchTime, time: Double?, colorimetry: Colorimetry,
        counted: Bool, keeping: some Sendable, done: @escaping @Sendable (Result<VideoFrame, any Error>) -> Void
    ) throws {
        let prepared = DispatchTime.now()
        try context.submit(slot.commands) { [self] result in
            let finished = DispatchTime.now()
            switch result {
            case .success:
                // The layers and the driver made what this plan's first
                // frame needed; the exit drain runs before their clean-up
                // only if registered after it.
                if plan.firstFrameFinished() { ExitDrain.registerAtExit() }
                withExtendedLifetime(keeping) {}
                counters.withLock { $0.dispatches += plan.passCount }
                if counted {
                    counters.withLock {
                        $0.framesRendered += 1
                        $0.uploadSeconds += Double(prepared.uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
                        $0.gpuSeconds += Double(finished.uptimeNanoseconds - prepared.uptimeNanoseconds) / 1e9
                    }
                }
                done(.success(Self.outputFrame(plan: plan, slot: slot, time: time, colorimetry: colorimetry)))
            case .failure(let error):
                plan.pool.release(slot)
                done(.failure(error))
            }
        }
    }

    /// GPU errors pass through as themselves, so the scheduler can tell a
    /// lost device, even where a plan wrapped one (a device lost while its
    /// pipelines were made); a shader's compile error becomes
    /// `RenderError.shaderCompile`; every other error (a `RenderError`
    /// naming its filter, as `packedData` makes them) passes through as it is.
    private static func renderError(_ error: any Error) -> any Error {
        switch error {
        case let error as GPUError: return error
        case RenderError.gpu(let error): return error
        case let error as ShaderCompileError: return RenderError.shaderCompile(error.description)
        default: return error
        }
    }

    // MARK: Plans

    func plan(for input: FrameFormat, filters: [Filter], output: RenderOutput) throws -> RenderPlan {
        let outputLayout = output.resolve(for: input.layout)
        let key = try PlanKey(
            input: input, outputLayout: outputLayout, filters: filters, fusion: options.fusion,
            imageFormat: options.precision.imageFormat, deviceClass: deviceClass)
        return try plan(for: key) {
            try RenderPlan(
                context: context, input: input, filters: filters, outputLayout: outputLayout, fusion: options.fusion,
                imageFormat: options.precision.imageFormat, framesInFlight: options.framesInFlight,
                staging: options.alwaysStage || !context.info.hasUnifiedMemory,
                choices: options.kernelChoices, deviceClass: deviceClass)
        }
    }

    /// The plan of a node and the node inputs it renders itself.
    private func plan(for input: FrameFormat, branches: NodeBranches, output: RenderOutput) throws -> RenderPlan {
        let outputLayout = output.resolve(for: input.layout)
        let key = try PlanKey(
            input: input, outputLayout: outputLayout, branches: branches,
            imageFormat: options.precision.imageFormat, deviceClass: deviceClass)
        return try plan(for: key) {
            try RenderPlan(
                context: context, input: input, filters: branches.filters, branches: branches,
                outputLayout: outputLayout, fusion: true, imageFormat: options.precision.imageFormat,
                framesInFlight: options.framesInFlight,
                staging: options.alwaysStage || !context.info.hasUnifiedMemory,
                choices: options.kernelChoices, deviceClass: deviceClass)
        }
    }

    /// The plan of a composition on the planes.
    private func plan(for composition: PlaneComposition) throws -> RenderPlan {
        let shape = composition.shape
        let key = PlanKey(composition: shape, imageFormat: options.precision.imageFormat, deviceClass: deviceClass)
        return try plan(for: key) {
            try RenderPlan(
                context: context, composition: shape, chainFilters: composition.chainFilters,
                imageFormat: options.precision.imageFormat,
                framesInFlight: options.framesInFlight, staging: options.alwaysStage || !context.info.hasUnifiedMemory,
                choices: options.kernelChoices)
        }
    }

    /// The plan cached under `key`, made and cached when there is none.
    private func plan(for key: PlanKey, make: () throws -> RenderPlan) throws -> RenderPlan {
        if let plan = plans.withLock({ $0[key] }) { return plan }
        let plan = try make()
        // Never on the frame path: the disk write happens in the background.
        context.savePipelineCacheInBackground()
        counters.withLock { $0.plansCompiled += 1 }
        plans.withLock { plans in
            plans[key] = plan
        }
        planOrder.withLock { order in
            order.append(key)
            if order.count > Self.planLimit {
                let oldest = order.removeFirst()
                plans.withLock { _ = $0.removeValue(forKey: oldest) }
            }
        }
        return plan
    }

    private func packedData(for filter: Filter, inputSize: FrameSize, colorimetry: Colorimetry?) throws -> [Float] {
        let key = PackKey(filter: filter, inputSize: inputSize, colorimetry: colorimetry)
        if let cached = packed.withLock({ $0[key] }) { return cached }
        var environment = FilterEnvironment(inputSize: inputSize, resources: options.resources)
        environment.nodeInputs = filter.nodeInputSizes
        environment.colorimetry = colorimetry
        environment.fieldWindow = filter.fieldWindow
        let data: [Float]
        do {
            data = try filter.descriptor.pack(filter.values, environment)
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError.resourceUnavailable(filter: filter.name, reason: "\(error)")
        }
        if let layout = filter.descriptor.layout, !layout.accepts(data.count) {
            throw RenderError.invalidFilterSetup(
                filter: filter.name,
                reason: "its values packed \(data.count) floats where its parameter layout names "
                    + "\(layout.endsInRest ? "at least " : "")\(layout.fixedFloats)")
        }
        packed.withLock { cache in
            if cache.count > 256 { cache.removeAll() }
            cache[key] = data
        }
        return data
    }

    // MARK: Per frame

    /// Everything before a frame's submission: its planes into the slot,
    /// this frame's parameters into the blocks (`ParameterWriter`; a
    /// composition's data, `composition`, for its pass), and the
    /// slot's bindings and commands made again only when what they name
    /// changed (`SlotRecorder`).
    private func prepare(
        _ slot: FrameSlot, plan: RenderPlan, sources: [VideoFrame], filters: [Filter], time: FrameTime,
        colorimetry: Colorimetry, others: [ParameterWriter.Source] = [], composition: [Float]? = nil
    ) throws {
        for (frame, layout) in zip(sources, plan.inputLayouts) {
            Self.upload(frame, into: slot.input, layout: layout)
        }
        let data = try filters.enumerated().map { index, filter in
            try packedData(
                for: filter, inputSize: plan.graph.filterInputSizes[index],
                colorimetry: plan.graph.filterColorimetries[index])
        }
        try ParameterWriter(plan: plan, context: context).write(
            into: slot, filters: filters, data: data, time: time, colorimetry: colorimetry,
            inputBitDepth: sources[0].layout.bitDepth, others: others, composition: composition)
        let auxiliary = try SlotRecorder.auxiliaryImages(
            slot: slot, plan: plan, filters: filters, resources: options.resources)
        try SlotRecorder.bindAndRecord(slot, plan: plan, auxiliary: auxiliary)
    }

    /// Copies the frame's planes into the slot's input buffer at the plan's
    /// offsets and strides: one copy per plane when the strides agree.
    private static func upload(_ frame: VideoFrame, into buffer: GPUBuffer, layout: PlaneLayout) {
        buffer.withUnsafeMutableBytes { destination in
            for (index, plane) in frame.planes.enumerated() {
                let target = layout.planes[index]
                let rowBytes = frame.layout.minimumBytesPerRow(index, width: frame.width)
                let rows = frame.layout.planeSize(index, width: frame.width, height: frame.height).height
                plane.storage.withUnsafeBytes { source in
                    let from = source.baseAddress! + plane.offset
                    let to = destination.baseAddress! + target.offset
                    if plane.bytesPerRow == target.bytesPerRow {
                        to.copyMemory(from: from, byteCount: (rows - 1) * plane.bytesPerRow + rowBytes)
                    } else {
                        for row in 0..<rows {
                            (to + row * target.bytesPerRow).copyMemory(
                                from: from + row * plane.bytesPerRow, byteCount: rowBytes)
                        }
                    }
                }
            }
        }
    }

    private static func outputFrame(plan: RenderPlan, slot: FrameSlot, time: Double?, colorimetry: Colorimetry)
        -> VideoFrame
    {
        let lease = SlotLease(pool: plan.pool, slot: slot)
        let format = plan.graph.output
        let planes = plan.outputLayout.planes.map {
            FramePlane(storage: lease, offset: $0.offset, bytesPerRow: $0.bytesPerRow)
        }
        // The layout was checked when the plan was made, so this cannot fail.
        return try! VideoFrame(
            width: format.width, height: format.height, layout: format.layout, planes: planes,
            colorimetry: format.layout.isYUV ? plan.graph.convertedColorimetry ?? colorimetry : nil, time: time)
    }
}

/// The output planes of a frame slot, lent to one output frame; the slot
/// goes back to its pool when the last copy of that frame is gone.
final class SlotLease: PlaneStorage {
    private let pool: SlotPool
    private let slot: FrameSlot

    init(pool: SlotPool, slot: FrameSlot) {
        self.pool = pool
        self.slot = slot
    }

    deinit {
        pool.release(slot)
    }

    /// Where the GPU wrote the planes (the readback buffer itself on
    /// unified memory): a consumer's commands copy a node's frame from it.
    var deviceBuffer: GPUBuffer { slot.outputDevice }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try slot.output.withUnsafeBytes(body)
    }
}
