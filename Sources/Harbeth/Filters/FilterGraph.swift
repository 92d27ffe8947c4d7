/// A filter graph in FFmpeg's filtergraph syntax with this catalog's
/// filters: chains separated by `;`, filters in a chain by `,`, and links
/// named by labels in brackets:
///
///     [0]sepia[a];[1]resize=w=480:h=270[b];[a][b]overlay=x=16:y=16[out]
///
/// `[k]` (or `[k:v]`) is input k of the run; any other label names a
/// filter's output and may be used once, before or after it is made
/// (`split[a][b]` makes two). Within a chain a filter's first input is
/// the filter before it; a chain's first filter takes unlabeled inputs
/// from the inputs no label uses, in order, as FFmpeg does. Outputs that
/// nothing uses are the graph's outputs, by label (or unnamed, for a chain
/// that ends without one). FFmpeg's own steps work as there: `null`,
/// `copy` and `setpts=PTS-STARTPTS` pass frames on (the inputs count from
/// their first frames already), `setsar` and `setdar` set the pixels'
/// shape, `format` last on an output's chain is its pixel format,
/// `hstack=inputs=N` and `xstack` stack several inputs.
public struct FilterGraph: Sendable, CustomStringConvertible {
    /// Where a filter's input comes from.
    public enum Source: Sendable, Hashable {
        /// Input k of the run.
        case input(Int)
        /// The output of step `index` of `steps`.
        case step(Int)
    }

    /// One filter of the graph and where its inputs come from (its frame
    /// first, then the nodes a multi-input filter takes).
    public struct Step: Sendable {
        /// What a step does with its inputs.
        public enum Kind: Sendable {
            /// A filter of the catalog. With `dropsEndedInputs` (an overlay
            /// or a blend with FFmpeg's `eof_action=pass` or
            /// `repeatlast=0`), once the inputs its second input is made
            /// from are over, it passes its first input on
            /// (`nodes(for:inputs:time:ended:)`).
            case filter(Filter, dropsEndedInputs: Bool)
            /// FFmpeg's split: each output is its input, one node however
            /// many read it.
            case split
            /// FFmpeg's xstack: where its inputs go.
            case stack(StackLayout)
            /// FFmpeg's concat: its inputs are segments that play one after
            /// another; its output is the first not yet over (`startsAfter`,
            /// `nodes(for:inputs:time:ended:)`).
            case concat
            /// A step whose output is its input as it comes (`null`,
            /// `copy`, `setpts=PTS-STARTPTS`, `setsar`, `setdar`, `format`,
            /// `fps`), with what it says of the output.
            case passOn(Setting)
        }

        /// What a step that passes frames on says of them.
        public enum Setting: Sendable {
            /// Nothing (`null`, `copy`, `setpts=PTS-STARTPTS`).
            case none
            /// setsar or setdar: the shape the frames carry from here
            /// (`sampleAspectRatio(of:inputs:shapes:)`).
            case aspect(OutputAspect)
            /// format, last on an output's chain: the output's pixel
            /// format as written (`yuv420p`), unchecked (`formatStep(of:)`).
            case pixelFormat(String)
            /// fps, last on an output's chain: the output's rate, FFmpeg
            /// fps's options as written after `=` (`30`, `fps=25:round=up`),
            /// unchecked (`rateStep(of:)`).
            case frameRate(String)
        }

        /// What the step does.
        public let kind: Kind
        /// The step's inputs, in order.
        public let inputs: [Source]
        /// The column in the text where the filter's name starts.
        public let column: Int
        /// The filter's name as written (`split`, `xstack`, `setpts`, ...).
        public let name: String

        /// The catalog's filter, for a step that is one.
        public var filter: Filter? {
            if case .filter(let filter, _) = kind { return filter }
            return nil
        }

        /// Whether the step's output is its input as it comes, not a node
        /// of its own as a split's is.
        public var passesOn: Bool {
            if case .passOn = kind { return true }
            return false
        }

        /// The output's pixel format, for a format step.
        public var pixelFormat: String? {
            if case .passOn(.pixelFormat(let format)) = kind { return format }
            return nil
        }

        /// The output's rate as written, for an fps step.
        public var frameRate: String? {
            if case .passOn(.frameRate(let rate)) = kind { return rate }
            return nil
        }

        /// The pixels' shape from here, for setsar and setdar.
        var aspect: OutputAspect? {
            if case .passOn(.aspect(let aspect)) = kind { return aspect }
            return nil
        }

        /// Whether the step passes its first input on once its second is over.
        var dropsEndedInputs: Bool {
            if case .filter(_, let drops) = kind { return drops }
            return false
        }

        var concatenates: Bool {
            if case .concat = kind { return true }
            return false
        }
    }

    /// A graph output: a step whose output nothing uses.
    public struct Output: Sendable, Hashable {
        /// Its label without brackets; empty when the chain ended without one.
        public let label: String
        /// The step that makes it.
        public let step: Int
    }

    /// The filters in the order they were written.
    public let steps: [Step]
    /// The outputs, in the order they were written.
    public let outputs: [Output]
    /// The number of run inputs the graph reads (the highest index + 1).
    public let inputCount: Int
    /// What FFmpeg's `shortest` (a stack's, overlay's or blend's) or
    /// overlay's `eof_action=endall` says of the run's end: true, with its
    /// shortest input; false, its longest; nil where none says (FFmpeg's
    /// default: the longest).
    public let endsWithShortest: Bool?
    /// For each input that a concat plays after another segment: the
    /// inputs of the segment before it, once all over, start it (each of
    /// their frames shown for its duration). A run plays such an input
    /// from that moment, not from its start.
    public let startsAfter: [Int: Set<Int>]
    private let text: String
    /// Where each input index is first named, for errors.
    private let inputColumns: [Int: Int]

    /// Parses a filtergraph. Errors name the label or the column.
    public init(
        parsing text: String, catalog: FilterCatalog = .standard,
        resources: any FilterResourceLoader = FileResourceLoader()
    ) throws(FilterGraphError) {
        self.text = text
        var parser = FilterChainParser(text: text, catalog: catalog, resources: resources)
        parser.graphMode = true
        var builder = GraphBuilder()
        do {
            try builder.parse(&parser)
        } catch let error as FilterGraphError {
            throw error
        } catch let error as FilterChainError {
            throw .chain(error)
        } catch {
            throw .chain(.malformed(expected: "a filtergraph", found: "\(error)", column: 1))
        }
        (steps, outputs, inputCount, inputColumns) = try builder.finish()
        endsWithShortest = builder.endsWithShortest?.shortest
        startsAfter = try Self.segmentStarts(steps)
        if let said = builder.endsWithShortest, said.shortest, let concat = steps.first(where: \.concatenates) {
            throw .endsDisagree(
                parameter: said.parameter, column: said.column, otherParameter: "concat", other: concat.column)
        }
        if let step = steps.first(where: { $0.filter?.readsNeighbouringFrames == true }) {
            throw .needsItsOwnRun(filter: step.filter!.name, column: step.column)
        }
    }

    /// Checks that the run has the inputs the graph names.
    public func check(inputCount available: Int) throws(FilterGraphError) {
        guard inputCount > available else { return }
        let missing = inputColumns.filter { $0.key >= available }.min { $0.key < $1.key }!
        throw .missingInput(index: missing.key, available: available, column: missing.value)
    }

    /// The graph as it was written.
    public var description: String { text }

    /// The node that makes `output` (the only output when nil) from one
    /// frame of each input, at `time`, the inputs in `ended` over. Throws
    /// when an input is missing or the output does not exist.
    public func node(
        for output: String? = nil, inputs frames: [VideoFrame], time: FrameTime, ended: Set<Int> = []
    ) throws(FilterGraphError) -> ImageNode {
        try nodes(for: [output], inputs: frames, time: time, ended: ended)[0]
    }

    /// The nodes that make `outputs` (nil: the only output) from one frame
    /// of each input, at `time`, built together: a `split` that feeds
    /// several of them is one shared node, which a renderer given them all
    /// at once (`ImageNode.transmitFrames`) renders once. The inputs in
    /// `ended` are over (their frames their last): a filter that drops
    /// them (`Step.Kind.filter`'s `dropsEndedInputs`) passes its first input on.
    public func nodes(
        for outputs: [String?], inputs frames: [VideoFrame], time: FrameTime, ended: Set<Int> = []
    ) throws(FilterGraphError) -> [ImageNode] {
        var chosen: [Output] = []
        for label in outputs { chosen.append(try output(named: label)) }
        return try built(chosen.map { .step($0.step) }, inputs: frames, time: time, ended: ended)
    }

    /// Checks that each concat's segments are one size (FFmpeg's rule
    /// too), built from one frame of each input, as the run's are.
    public func checkSegments(inputs frames: [VideoFrame]) throws(FilterGraphError) {
        for step in steps where step.concatenates {
            let nodes = try built(step.inputs, inputs: frames, time: FrameTime(index: 0, seconds: 0), ended: [])
            var first: FrameSize?
            for (index, node) in nodes.enumerated() {
                // A node whose size cannot be known fails when it renders, with its own error.
                guard let format = try? node.outputFormat() else { continue }
                let size = FrameSize(width: format.width, height: format.height)
                if let first, size != first {
                    throw .segmentSizesDiffer(column: step.column, segment: index + 1, size: size, first: first)
                }
                first = first ?? size
            }
        }
    }

    /// The nodes of `sources`, built together (see `nodes(for:inputs:time:ended:)`).
    private func built(_ sources: [Source], inputs frames: [VideoFrame], time: FrameTime, ended: Set<Int>)
        throws(FilterGraphError) -> [ImageNode]
    {
        guard frames.count >= inputCount else {
            throw .missingInput(index: frames.count, available: frames.count, column: nil)
        }
        // A split's output renders once however many use it (unless it is
        // a plain input, which costs nothing to read twice).
        var splits: [Int: ImageNode] = [:]
        func isOver(_ source: Source) -> Bool {
            switch source {
            case .input(let index): return ended.contains(index)
            case .step(let index): return steps[index].inputs.allSatisfy(isOver)
            }
        }
        func build(_ source: Source) -> ImageNode {
            switch source {
            case .input(let index):
                var node = ImageNode(frames[index], time: time)
                node.givesSourceBackWhenEmpty = true
                return node
            case .step(let index):
                let step = steps[index]
                // Its second input over, a filter that drops it passes its
                // first on (FFmpeg's pass).
                if step.passesOn || (step.dropsEndedInputs && step.inputs.dropFirst().allSatisfy(isOver)) {
                    return build(step.inputs[0])
                }
                // A concat shows its first segment not yet over; the last on.
                if step.concatenates { return build(step.inputs.first { !isOver($0) } ?? step.inputs.last!) }
                if case .stack(let layout) = step.kind { return Self.stacked(step.inputs.map(build), layout) }
                if let made = splits[index] { return made }
                let base = build(step.inputs[0])
                guard let filter = step.filter else {
                    let plain = base.chain.filters.isEmpty && base.inputs.isEmpty && base.base == nil
                    let made = plain ? base : base.shared()
                    splits[index] = made
                    return made
                }
                if filter.descriptor.nodeInputs.count > 0 {
                    return base.appending(filter, inputs: step.inputs.dropFirst().map(build))
                }
                return base.applying(filter)
            }
        }
        return sources.map(build)
    }

    /// `startsAfter` of `steps`: for each concat, the inputs of each
    /// segment after the first start when those of the segment before are
    /// over. Such an input is read there alone, and is not input 0, which
    /// times the run from its start.
    private static func segmentStarts(_ steps: [Step]) throws(FilterGraphError) -> [Int: Set<Int>] {
        func reach(_ source: Source, _ inputs: inout Set<Int>, _ within: inout Set<Int>) {
            switch source {
            case .input(let index): inputs.insert(index)
            case .step(let index):
                within.insert(index)
                for input in steps[index].inputs { reach(input, &inputs, &within) }
            }
        }
        var starts: [Int: Set<Int>] = [:]
        for (concat, step) in steps.enumerated() where step.concatenates {
            var before: Set<Int>?
            for (position, segment) in step.inputs.enumerated() {
                var inputs: Set<Int> = []
                var within: Set<Int> = []
                reach(segment, &inputs, &within)
                defer { before = inputs }
                guard let before else { continue }
                for input in inputs.sorted() {
                    guard input != 0 else { throw .laterSegmentIsInput0(column: step.column) }
                    // Read anywhere but this segment, it would start late there too.
                    let elsewhere = steps.indices.first { index in
                        !within.contains(index)
                            && steps[index].inputs.enumerated().contains { pad, source in
                                source == .input(input) && !(index == concat && pad == position)
                            }
                    }
                    if let elsewhere {
                        throw .segmentInputReadElsewhere(
                            input: input, column: step.column, reader: steps[elsewhere].name,
                            readerColumn: steps[elsewhere].column)
                    }
                    starts[input] = before
                }
            }
        }
        return starts
    }

    /// FFmpeg's xstack of `nodes`: the first padded to the canvas at its
    /// place, the others over it at theirs (exact copies of opaque frames).
    private static func stacked(_ nodes: [ImageNode], _ layout: StackLayout) -> ImageNode {
        // A node whose size cannot be known fails when it renders, with its own error.
        let sizes = nodes.map { node in
            (try? node.outputFormat()).map { FrameSize(width: $0.width, height: $0.height) }
                ?? FrameSize(width: 1, height: 1)
        }
        let (corners, canvas) = layout.place(sizes)
        var made = nodes[0].applying(
            .pad(width: canvas.width, height: canvas.height, x: corners[0].x, y: corners[0].y, color: layout.fill))
        for (node, corner) in zip(nodes, corners).dropFirst() { made = made.overlay(node, x: corner.x, y: corner.y) }
        return made
    }

    /// The output of this label; the only output when nil.
    public func output(named label: String?) throws(FilterGraphError) -> Output {
        if let label {
            let bare = label.hasPrefix("[") && label.hasSuffix("]") ? String(label.dropFirst().dropLast()) : label
            guard let output = outputs.first(where: { $0.label == bare }) else {
                throw .noSuchOutput(label: bare, outputs: outputs.map(\.label))
            }
            return output
        }
        guard outputs.count == 1 else { throw .severalOutputs(outputs.map(\.label)) }
        return outputs[0]
    }

    /// The format step that the chain making `output` ends with (only
    /// steps that pass frames on after it), whose `pixelFormat` is the
    /// output's; nil when there is none.
    public func formatStep(of output: Output) -> Step? { lastStep(of: output) { $0.pixelFormat != nil } }

    /// The fps step that the chain making `output` ends with, whose
    /// `frameRate` is the output's rate; nil when there is none.
    public func rateStep(of output: Output) -> Step? { lastStep(of: output) { $0.frameRate != nil } }

    /// The step among those passing frames on at the end of `output`'s
    /// chain that `matches`.
    private func lastStep(of output: Output, where matches: (Step) -> Bool) -> Step? {
        var index = output.step
        while steps[index].passesOn {
            if matches(steps[index]) { return steps[index] }
            guard case .step(let previous) = steps[index].inputs[0] else { return nil }
            index = previous
        }
        return nil
    }

    /// When each input's first frame shows, in seconds of the run, for the
    /// inputs whose video comes into an `xfade` as its second input: that
    /// transition's offset (FFmpeg xfade starts the second video there).
    public func inputOffsets() -> [Int: Double] {
        var offsets: [Int: Double] = [:]
        for step in steps where step.filter?.name == "xfade" && step.inputs.count > 1 {
            var source = step.inputs[1]
            while case .step(let index) = source { source = steps[index].inputs[0] }
            if case .input(let input) = source {
                offsets[input] = max(offsets[input] ?? 0, step.filter!.values.number("offset"))
            }
        }
        return offsets
    }

    /// An `xfade` between two run inputs, for the sound that goes with it.
    public struct Transition: Sendable, Equatable {
        /// The run input whose picture the transition leaves.
        public let from: Int
        /// The run input it goes to.
        public let to: Int
        /// When it starts, in seconds of the run.
        public let offset: Double
        /// How long it takes, in seconds.
        public let duration: Double
    }

    /// Every `xfade` whose two videos come, through single-input filters,
    /// from two run inputs.
    public func transitions() -> [Transition] {
        steps.compactMap { step in
            guard let filter = step.filter, filter.name == "xfade", step.inputs.count > 1,
                let from = origin(step.inputs[0]), let to = origin(step.inputs[1]), from != to
            else { return nil }
            return Transition(
                from: from, to: to, offset: filter.values.number("offset"), duration: filter.values.number("duration"))
        }
    }

    /// The run input a node's picture comes from: its first input's, step
    /// by step back.
    private func origin(_ source: Source) -> Int? {
        var source = source
        while case .step(let index) = source { source = steps[index].inputs[0] }
        if case .input(let input) = source { return input }
        return nil
    }

    /// One segment of a concat, for the sound that goes with it.
    public struct Segment: Sendable, Equatable {
        /// The run input its picture comes from (through its first inputs).
        public let input: Int
        /// Every run input it reads: it ends once they are all over.
        public let inputs: Set<Int>
    }

    /// The segments of the graph's concat, in the order they play; nil
    /// where it has no concat or several.
    public func segments() -> [Segment]? {
        let concats = steps.filter(\.concatenates)
        guard concats.count == 1 else { return nil }
        func reach(_ source: Source) -> Set<Int> {
            switch source {
            case .input(let index): return [index]
            case .step(let index): return steps[index].inputs.reduce(into: []) { $0.formUnion(reach($1)) }
            }
        }
        var segments: [Segment] = []
        for source in concats[0].inputs {
            guard let input = origin(source) else { return nil }
            segments.append(Segment(input: input, inputs: reach(source)))
        }
        return segments
    }

    /// The run inputs that only filters dropping their ended inputs
    /// (`Step.Kind.filter`'s `dropsEndedInputs`) read as their second: once over they
    /// show nowhere, so they do not hold open a run that ends with its
    /// longest input (FFmpeg's `eof_action=pass`).
    public var inputsShownUntilTheirEnd: Set<Int> {
        var held: Set<Int> = []
        var dropped: Set<Int> = []
        struct Visit: Hashable {
            let source: Source
            let holds: Bool
        }
        var seen: Set<Visit> = []
        func visit(_ source: Source, holds: Bool) {
            guard seen.insert(Visit(source: source, holds: holds)).inserted else { return }
            switch source {
            case .input(let index):
                if holds { held.insert(index) } else { dropped.insert(index) }
            case .step(let index):
                let step = steps[index]
                for (pad, input) in step.inputs.enumerated() {
                    visit(input, holds: holds && !(step.dropsEndedInputs && pad > 0))
                }
            }
        }
        for output in outputs { visit(.step(output.step), holds: true) }
        return dropped.subtracting(held)
    }

    /// The run inputs each output reads, for a media layer that decodes
    /// only what is used.
    public func inputs(of output: Output) -> Set<Int> {
        var found: Set<Int> = []
        func visit(_ source: Source) {
            switch source {
            case .input(let index): found.insert(index)
            case .step(let index): steps[index].inputs.forEach(visit)
            }
        }
        visit(.step(output.step))
        return found
    }
}
