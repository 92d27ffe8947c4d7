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
        /// The filter; nil for `split`, whose outputs are its input, for
        /// FFmpeg's `xstack` (`stack`), and for the steps that pass their
        /// input on (`passesOn`).
        public let filter: Filter?
        /// The filter's inputs, in order.
        public let inputs: [Source]
        /// The column in the text where the filter's name starts.
        public let column: Int
        /// Whether the step's output is its input as it comes (`null`,
        /// `copy`, `setpts=PTS-STARTPTS`, `setsar`, `setdar`, `format`), not
        /// a node of its own as a split's is.
        public var passesOn: Bool = false
        /// For setsar and setdar: the shape the frames carry from here
        /// (`sampleAspectRatio(of:inputs:shapes:)`).
        public var aspect: OutputAspect?
        /// For FFmpeg's xstack: where its inputs go (the step has no filter).
        public var stack: StackLayout?
        /// For format, last on an output's chain: the output's pixel
        /// format as written (`yuv420p`), unchecked (`formatStep(of:)`).
        public var pixelFormat: String?
        /// For fps, last on an output's chain: the output's rate, FFmpeg
        /// fps's options as written after `=` (`30`, `fps=25:round=up`),
        /// unchecked (`rateStep(of:)`).
        public var frameRate: String?
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
    /// frame of each input, at `time`. Throws when an input is missing or
    /// the output does not exist.
    public func node(for output: String? = nil, inputs frames: [VideoFrame], time: FrameTime) throws(FilterGraphError)
        -> ImageNode
    {
        try nodes(for: [output], inputs: frames, time: time)[0]
    }

    /// The nodes that make `outputs` (nil: the only output) from one frame
    /// of each input, at `time`, built together: a `split` that feeds
    /// several of them is one shared node, which a renderer given them all
    /// at once (`ImageNode.transmitFrames`) renders once.
    public func nodes(for outputs: [String?], inputs frames: [VideoFrame], time: FrameTime) throws(FilterGraphError)
        -> [ImageNode]
    {
        var chosen: [Output] = []
        for label in outputs { chosen.append(try output(named: label)) }
        guard frames.count >= inputCount else {
            throw .missingInput(index: frames.count, available: frames.count, column: nil)
        }
        // A split's output renders once however many use it (unless it is
        // a plain input, which costs nothing to read twice).
        var splits: [Int: ImageNode] = [:]
        func build(_ source: Source) -> ImageNode {
            switch source {
            case .input(let index): return ImageNode(frames[index], time: time)
            case .step(let index):
                let step = steps[index]
                if step.passesOn { return build(step.inputs[0]) }
                if let layout = step.stack { return Self.stacked(step.inputs.map(build), layout) }
                if step.filter == nil, let made = splits[index] { return made }
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
        return chosen.map { build(.step($0.step)) }
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
        func origin(_ source: Source) -> Int? {
            var source = source
            while case .step(let index) = source { source = steps[index].inputs[0] }
            if case .input(let input) = source { return input }
            return nil
        }
        return steps.compactMap { step in
            guard let filter = step.filter, filter.name == "xfade", step.inputs.count > 1,
                let from = origin(step.inputs[0]), let to = origin(step.inputs[1]), from != to
            else { return nil }
            return Transition(
                from: from, to: to, offset: filter.values.number("offset"), duration: filter.values.number("duration"))
        }
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

/// Why a filtergraph was rejected; each prints as one line.
public enum FilterGraphError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A filter or its values did not parse.
    case chain(FilterChainError)
    /// A label is used as an input but no filter makes it.
    case unknownLabel(String, column: Int)
    /// A label used as an input twice (FFmpeg's rule: split it first).
    case labelUsedTwice(String, column: Int)
    /// Two filters make the same label.
    case labelMadeTwice(String, column: Int)
    /// `[k]` names an input the run does not have.
    case missingInput(index: Int, available: Int, column: Int?)
    /// A filter was given more or fewer inputs than it takes.
    case wrongInputCount(filter: String, takes: Int, given: Int, column: Int)
    /// Labels that feed each other in a loop.
    case cycle([String])
    /// No output of that label; `outputs` lists those there are.
    case noSuchOutput(label: String, outputs: [String])
    /// The graph has several outputs and none was chosen.
    case severalOutputs([String])
    /// The graph has no filter.
    case empty
    /// `[k:a]`: an input's sound, which the graph's filters do not take.
    case audioInput(String, column: Int)
    /// Two filters say different ends of the run (FFmpeg's `shortest` or
    /// `eof_action`, named by `parameter` at `column` and `otherParameter`
    /// at `other`), where a run has one end.
    case endsDisagree(parameter: String, column: Int, otherParameter: String, other: Int)
    /// An fps with filters after it: a graph's fps is the rate of the
    /// output its chain ends in.
    case rateBeforeFilters(column: Int)
    /// A format with filters after it: a graph's format is the pixel
    /// format of the output its chain ends in.
    case formatBeforeFilters(column: Int)
    /// A setpts that changes the frames' times (anything but
    /// `PTS-STARTPTS`), which the synchronisation of a graph's inputs does
    /// not follow.
    case retimes(column: Int)
    /// A filter that reads the frames around each one (deinterlace),
    /// which a graph's inputs do not carry.
    case needsItsOwnRun(filter: String, column: Int)

    public var description: String {
        func bracketed(_ labels: [String]) -> String {
            labels.map { $0.isEmpty ? "(unnamed)" : "[\($0)]" }.joined(separator: ", ")
        }
        switch self {
        case .chain(let error): return error.description
        case .unknownLabel(let label, let column):
            return "[\(label)] is used at column \(column) but never made".escapingControlCharacters
        case .labelUsedTwice(let label, let column):
            return
                "[\(label)] is used again at column \(column): split it first ([\(label)]split[\(label)1][\(label)2])"
                .escapingControlCharacters
        case .labelMadeTwice(let label, let column):
            return "[\(label)] is made again at column \(column)".escapingControlCharacters
        case .missingInput(let index, let available, let column):
            let place = column.map { " (column \($0))" } ?? ""
            return "input \(index)\(place) does not exist: the run has \(available) input\(available == 1 ? "" : "s")"
        case .wrongInputCount(let filter, let takes, let given, let column):
            return "\(filter) at column \(column) takes \(takes) input\(takes == 1 ? "" : "s"), given \(given)"
        case .cycle(let labels):
            return "the graph loops: \(bracketed(labels)) feed each other".escapingControlCharacters
        case .noSuchOutput(let label, let outputs):
            return "the graph has no output [\(label)]; its outputs: \(bracketed(outputs))".escapingControlCharacters
        case .severalOutputs(let outputs):
            return "the graph has \(outputs.count) outputs (\(bracketed(outputs))): choose one with --map '[LABEL]'"
                .escapingControlCharacters
        case .empty: return "the filtergraph is empty"
        case .audioInput(let label, let column):
            return "[\(label)] at column \(column) is an input's sound: a filtergraph here filters video; the run's"
                + " sound is input 0's or --audio-from K's, filtered with -af"
        case .endsDisagree(let parameter, let column, let otherParameter, let other):
            return "\(parameter) at column \(column) disagrees with \(otherParameter) at column \(other): the run"
                + " has one end (--end first|shortest|longest)"
        case .rateBeforeFilters(let column):
            return "fps at column \(column) is before other filters; put it last on an output's chain (the"
                + " output's rate, as -r), or change an input's rate in a run of its own"
        case .formatBeforeFilters(let column):
            return "format at column \(column) is before other filters; put it last on an output's chain (the"
                + " output's pixel format, as -pix_fmt: the filters here work on any format)"
        case .retimes(let column):
            return "setpts at column \(column) retimes its video, which a filtergraph does not: its inputs count from"
                + " their first frames, as setpts=PTS-STARTPTS makes them; retime the video in a run of its own"
                + " (-vf 'setpts=...') and give the graph the result"
        case .needsItsOwnRun(let filter, let column):
            return "\(filter) at column \(column) reads the frames around each one, which a graph's inputs do not"
                + " carry: \(filter) the video in a run of its own (-vf \(filter)) and give the graph the result"
        }
    }
}

/// Reads the graph's text into steps with labels, then links the labels.
private struct GraphBuilder {
    enum Reference {
        case input(Int, column: Int)
        case label(String, column: Int)
        case previous(Int)
    }
    struct PendingStep {
        var filter: Filter?
        var inputs: [Reference]
        var column: Int
        var name: String
        var aspect: OutputAspect?
        var pixelFormat: String?
        var stack: StackLayout?
        var frameRate: String?
    }
    var steps: [PendingStep] = []
    /// label -> the step that makes it.
    var made: [String: Int] = [:]
    /// Unlabeled chain ends, by step.
    var unlabeledEnds: [Int] = []
    /// Labels in the order they were made.
    var madeOrder: [String] = []
    /// What the filters' `shortest` or `eof_action` said, which, and where.
    var endsWithShortest: (shortest: Bool, parameter: String, column: Int)?
    /// Steps that a chain's first filter left without enough inputs:
    /// (step, how many more), filled from unused inputs at the end.
    var wantsInputs: [(step: Int, count: Int)] = []

    mutating func parse(_ parser: inout FilterChainParser) throws {
        parser.skipSpaces()
        guard parser.current != nil else { throw FilterGraphError.empty }
        while true {
            try parseChain(&parser)
            parser.skipSpaces()
            guard let character = parser.current else { break }
            guard character == ";" else {
                throw FilterChainError.malformed(
                    expected: "',', ';', a [label] or the end", found: parser.foundDescription, column: parser.column)
            }
            parser.index += 1
            parser.skipSpaces()
            if parser.current == nil { break }
        }
    }

    private mutating func parseLabels(_ parser: inout FilterChainParser) throws -> [(String, Int)] {
        var labels: [(String, Int)] = []
        while true {
            parser.skipSpaces()
            guard parser.current == "[" else { return labels }
            let column = parser.column
            parser.index += 1
            var label = ""
            while let character = parser.current, character != "]" {
                label.append(character)
                parser.index += 1
            }
            guard parser.current == "]" else {
                throw FilterChainError.malformed(
                    expected: "']' to close the label at column \(column)", found: "the end", column: parser.column)
            }
            parser.index += 1
            guard !label.isEmpty, label.allSatisfy({ $0.isLetter || $0.isNumber || "_:.-".contains($0) }) else {
                throw FilterChainError.malformed(
                    expected: "a label of letters, digits, '_', ':', '.' or '-'", found: "[\(label)]", column: column)
            }
            labels.append((label, column))
        }
    }

    private mutating func parseChain(_ parser: inout FilterChainParser) throws {
        var previous: Int?
        while true {
            // An input's sound is refused before its filter is read.
            let references = try parseLabels(&parser).map { label, column in
                try Self.reference(label, column: column)
            }
            parser.skipSpaces()
            let column = parser.column
            let start = parser.index
            let name = try parser.parseName()
            var filter: Filter?
            var aspect: OutputAspect?
            var pixelFormat: String?
            var frameRate: String?
            // A stack's inputs (FFmpeg's inputs=N), joined two at a time.
            var pads: Int?
            var layout: StackLayout?
            var xstackInputs: Int?
            var outputsWanted = 1
            if name == "split" {
                parser.skipSpaces()
                if parser.current == "=" {
                    parser.index += 1
                    var digits = ""
                    while let character = parser.current, character.isNumber {
                        digits.append(character)
                        parser.index += 1
                    }
                    guard let count = Int(digits), (1...64).contains(count) else {
                        throw FilterChainError.invalidValue(
                            filter: "split", parameter: "outputs", text: digits, expected: "a count of 1...64",
                            column: column + 6)
                    }
                    outputsWanted = count
                } else {
                    outputsWanted = 2
                }
            } else if name == "setpts" {
                try Self.checkTimeFromStart(&parser, column: column)
            } else if name == "setsar" || name == "setdar" {
                aspect = try Self.aspect(&parser, display: name == "setdar")
            } else if name == "format" {
                pixelFormat = try Self.pixelFormat(&parser)
            } else if name == "fps" {
                frameRate = try Self.frameRate(&parser)
            } else if name == "null" || name == "copy" {
                if let argument = try parser.parseArguments().first {
                    throw FilterChainError.tooManyValues(filter: name, count: 0, column: argument.keyColumn)
                }
            } else if name == "hstack" || name == "vstack" {
                (filter, pads) = try stack(name, &parser, column: column)
            } else if name == "xstack" {
                (layout, xstackInputs) = try xstack(&parser)
            } else if name == "overlay" || name == "blend" {
                var arguments = try parser.parseArguments()
                for argument in arguments where Self.endOptions.contains(argument.key ?? "") {
                    try takeEnd(argument, filter: name)
                }
                arguments.removeAll { Self.endOptions.contains($0.key ?? "") }
                filter = try parser.makeFilter(name, arguments: arguments, column: column)
            } else {
                parser.index = start
                // After a format with alpha in the same chain, the frames have it.
                parser.framesHaveAlpha = previous.map { steps[$0].pixelFormat.map(Self.hasAlpha) ?? false } ?? false
                defer { parser.framesHaveAlpha = false }
                filter = try parser.parseFilter()
            }
            let takes = xstackInputs ?? pads ?? 1 + (filter?.descriptor.nodeInputs.count ?? 0)
            var inputs: [Reference] = previous.map { [.previous($0)] } ?? []
            inputs += references
            if inputs.count > takes {
                throw FilterGraphError.wrongInputCount(
                    filter: name, takes: takes, given: inputs.count, column: column)
            }
            if inputs.count < takes, previous != nil {
                throw FilterGraphError.wrongInputCount(filter: name, takes: takes, given: inputs.count, column: column)
            }
            // A stack of N joins them two at a time: (((0 1) 2) 3); the
            // inputs not given come from the unused ones, in order.
            let joins = max(1, (pads ?? 0) - 1)
            for join in 0..<joins {
                let index = steps.count
                var own = join == 0 ? Array(inputs.prefix(joins > 1 ? 2 : takes)) : [.previous(index - 1)]
                if join > 0, inputs.count > join + 1 { own.append(inputs[join + 1]) }
                let wanted = (joins > 1 ? 2 : takes) - own.count
                if wanted > 0 { wantsInputs.append((index, wanted)) }
                steps.append(
                    PendingStep(
                        filter: filter, inputs: own, column: column, name: name, aspect: aspect,
                        pixelFormat: pixelFormat, stack: layout, frameRate: frameRate))
            }
            let index = steps.count - 1
            let outputLabels = try parseLabels(&parser)
            if name == "split", outputLabels.count != outputsWanted {
                throw FilterGraphError.wrongInputCount(
                    filter: "split's outputs", takes: outputsWanted, given: outputLabels.count, column: column)
            }
            guard outputLabels.count <= outputsWanted else {
                throw FilterChainError.malformed(
                    expected: "one output label after \(name)", found: "[\(outputLabels[1].0)]",
                    column: outputLabels[1].1)
            }
            for (label, labelColumn) in outputLabels {
                if Int(label.split(separator: ":").first ?? "") != nil {
                    throw FilterChainError.malformed(
                        expected: "an output label that is not an input number", found: "[\(label)]",
                        column: labelColumn)
                }
                guard made[label] == nil else { throw FilterGraphError.labelMadeTwice(label, column: labelColumn) }
                made[label] = index
                madeOrder.append(label)
            }
            parser.skipSpaces()
            if parser.current == "," {
                guard outputLabels.isEmpty else {
                    throw FilterChainError.malformed(
                        expected: "';' after an output label", found: "','", column: parser.column)
                }
                parser.index += 1
                previous = index
                continue
            }
            if outputLabels.isEmpty { unlabeledEnds.append(index) }
            return
        }
    }

    /// FFmpeg's hstack or vstack: ours with FFmpeg's `inputs=N` (the
    /// number of inputs it stacks, 2 by default) and `shortest` (the run
    /// ends with its shortest input, else its longest: `endsWithShortest`)
    /// taken off.
    private mutating func stack(_ name: String, _ parser: inout FilterChainParser, column: Int) throws -> (
        Filter, Int
    ) {
        var arguments = try parser.parseArguments()
        var pads = 2
        if let given = arguments.first(where: { $0.key == "inputs" }) {
            guard let count = Int(given.value), (2...64).contains(count) else {
                throw FilterChainError.invalidValue(
                    filter: name, parameter: "inputs", text: given.value, expected: "a count of 2...64",
                    column: given.valueColumn)
            }
            pads = count
        }
        if let shortest = arguments.first(where: { $0.key == "shortest" }) { try takeEnd(shortest, filter: name) }
        arguments.removeAll { $0.key == "inputs" || $0.key == "shortest" }
        return (try parser.makeFilter(name, arguments: arguments, column: column), pads)
    }

    /// FFmpeg's options of a filter of two inputs (its framesync's) that
    /// say when the run ends.
    private static let endOptions: Set<String> = ["shortest", "eof_action", "repeatlast"]

    /// One of `endOptions`: `shortest` (0 or 1), `eof_action` (repeat, or
    /// endall: the shortest) or `repeatlast` (1). Two filters that say
    /// different ends are an error; an input gone after its end
    /// (`eof_action=pass`, `repeatlast=0`) is refused.
    private mutating func takeEnd(_ given: FilterChainParser.Argument, filter: String) throws {
        let parameter = given.key ?? "shortest"
        func refuse(_ expected: String) -> FilterChainError {
            .invalidValue(
                filter: filter, parameter: parameter, text: given.value, expected: expected,
                column: given.valueColumn)
        }
        let stays = ": an input's last frame stays until the run ends"
        let shortest: Bool
        switch (parameter, given.value.lowercased()) {
        case ("shortest", "1"), ("shortest", "true"), ("eof_action", "endall"): shortest = true
        case ("shortest", "0"), ("shortest", "false"): shortest = false
        case ("eof_action", "repeat"), ("repeatlast", "1"), ("repeatlast", "true"): return
        case ("shortest", _): throw refuse("0 or 1")
        case ("eof_action", _): throw refuse("repeat or endall" + stays)
        default: throw refuse("1" + stays)
        }
        if let said = endsWithShortest, said.shortest != shortest {
            throw FilterGraphError.endsDisagree(
                parameter: parameter, column: given.keyColumn, otherParameter: said.parameter, other: said.column)
        }
        endsWithShortest = (shortest, parameter, given.keyColumn)
    }

    /// FFmpeg's xstack: `inputs`, `layout` or `grid`, `shortest`, `fill`
    /// (by name, or in that order).
    private mutating func xstack(_ parser: inout FilterChainParser) throws -> (StackLayout, Int) {
        let arguments = try parser.parseArguments()
        let names = ["inputs", "layout", "grid", "shortest", "fill"]
        var given: [String: FilterChainParser.Argument] = [:]
        for (position, argument) in arguments.enumerated() {
            let key = argument.key ?? (position < names.count ? names[position] : "")
            guard names.contains(key) else {
                throw FilterChainError.unknownParameter(
                    filter: "xstack", parameter: key.isEmpty ? argument.value : key, valid: names,
                    column: argument.keyColumn)
            }
            given[key] = argument
        }
        var inputs = 2
        if let argument = given["inputs"] {
            guard let count = Int(argument.value), (2...64).contains(count) else {
                throw FilterChainError.invalidValue(
                    filter: "xstack", parameter: "inputs", text: argument.value, expected: "a count of 2...64",
                    column: argument.valueColumn)
            }
            inputs = count
        }
        var fill: [Double] = [0, 0, 0, 1]
        if let argument = given["fill"], argument.value.lowercased() != "none" {
            guard let colour = FilterChainParser.colour(argument.value) else {
                throw FilterChainError.invalidValue(
                    filter: "xstack", parameter: "fill", text: argument.value,
                    expected: "none or a colour (black, 0xRRGGBB, #RRGGBB)", column: argument.valueColumn)
            }
            fill = colour.count == 3 ? colour + [1] : colour
        }
        if let shortest = given["shortest"] { try takeEnd(shortest, filter: "xstack") }
        do {
            let layout = try StackLayout(
                inputs: inputs, layout: given["layout"]?.value, grid: given["grid"]?.value, fill: fill)
            return (layout, inputs)
        } catch {
            let argument = given["layout"] ?? given["grid"]
            throw FilterChainError.invalidValue(
                filter: "xstack", parameter: given["layout"] == nil && argument != nil ? "grid" : "layout",
                text: argument?.value ?? "", expected: error.reason, column: argument?.valueColumn ?? parser.column)
        }
    }

    /// setpts's value (`PTS-STARTPTS`, `expr='PTS - STARTPTS'`): each
    /// frame's time from the first frame, which a graph's inputs already
    /// count, is the one setpts a graph takes, passing its frames on.
    /// Others retime the video, which the inputs' synchronisation does not
    /// follow: an error at the filter's `column`.
    private static func checkTimeFromStart(_ parser: inout FilterChainParser, column: Int) throws {
        let arguments = try parser.parseArguments()
        guard let argument = arguments.first else {
            throw FilterChainError.malformed(
                expected: "'=' and setpts's expression", found: parser.foundDescription, column: parser.column)
        }
        let other = arguments.count > 1 ? arguments[1] : [nil, "expr"].contains(argument.key) ? nil : argument
        if let other {
            throw FilterChainError.malformed(
                expected: "setpts's one value (expr)", found: "'\(other.key ?? other.value)'", column: other.keyColumn)
        }
        let expression: ParameterExpression
        do {
            expression = try ParameterExpression(parsing: argument.value, names: .timestamp)
        } catch {
            throw FilterChainError.invalidExpression(
                filter: "setpts", parameter: "expr", text: argument.value, reason: error.reason,
                column: argument.valueColumn + (argument.quoted ? 1 : 0) + error.column - 1)
        }
        guard expression.isTimeFromStart else { throw FilterGraphError.retimes(column: column) }
    }

    /// setsar's or setdar's options (`1`, `sar=10/11`, `16/9:max=255`).
    private static func aspect(_ parser: inout FilterChainParser, display: Bool) throws -> OutputAspect {
        let name = display ? "setdar" : "setsar"
        let arguments = try parser.parseArguments()
        do {
            return try OutputAspect(setting: arguments.map { ($0.key, $0.value) }, display: display)
        } catch {
            switch error {
            case .notARatio(let text, let option):
                throw FilterChainError.invalidValue(
                    filter: name, parameter: arguments[option].key ?? "r", text: text,
                    expected: "a positive ratio (16/9, 4/3, 1.7778) or 0", column: arguments[option].valueColumn)
            case .notAMaximum(let text, let option):
                throw FilterChainError.invalidValue(
                    filter: name, parameter: "max", text: text, expected: "a positive whole number",
                    column: arguments[option].valueColumn)
            case .unknownOption(let option, let index):
                throw FilterChainError.unknownParameter(
                    filter: name, parameter: option, valid: ["r", "max"], column: arguments[index].keyColumn)
            case .noRatio:
                throw FilterChainError.malformed(
                    expected: "\(name)'s ratio (\(name)=\(display ? "16/9" : "1"))", found: parser.foundDescription,
                    column: parser.column)
            }
        }
    }

    /// fps's options as written after `=` (`30`, `fps=25:round=up`).
    private static func frameRate(_ parser: inout FilterChainParser) throws -> String {
        parser.skipSpaces()
        let start = parser.index + (parser.current == "=" ? 1 : 0)
        guard !(try parser.parseArguments()).isEmpty else {
            throw FilterChainError.malformed(
                expected: "fps's rate (fps=30)", found: parser.foundDescription, column: parser.column)
        }
        return String(parser.characters[start..<parser.index]).trimmingSpaces()
    }

    /// format's value (`yuv420p`, `pix_fmts=yuv420p`), as written.
    private static func pixelFormat(_ parser: inout FilterChainParser) throws -> String {
        let arguments = try parser.parseArguments()
        guard let argument = arguments.first else {
            throw FilterChainError.malformed(
                expected: "format's pixel format (format=yuv420p)", found: parser.foundDescription,
                column: parser.column)
        }
        let other = arguments.count > 1 ? arguments[1] : [nil, "pix_fmts"].contains(argument.key) ? nil : argument
        if let other {
            throw FilterChainError.unknownParameter(
                filter: "format", parameter: other.key ?? other.value, valid: ["pix_fmts"], column: other.keyColumn)
        }
        return argument.value
    }

    /// Whether FFmpeg's pixel format `name` has alpha (rgba, yuva420p, ...).
    static func hasAlpha(_ name: String) -> Bool {
        let name = name.lowercased()
        return ["rgba", "bgra", "argb", "abgr", "ya8", "ya16"].contains { name.hasPrefix($0) }
            || name.hasPrefix("yuva") || name.hasPrefix("gbrap")
    }

    /// `[0]`, `[0:v]`, `[0:v:0]` name input 0; anything else is a label.
    /// `[0:a]` is input 0's sound, which a graph here does not filter.
    private static func reference(_ label: String, column: Int) throws -> Reference {
        let parts = label.split(separator: ":", omittingEmptySubsequences: false)
        if let index = Int(parts[0]), parts.count == 1 || parts[1] == "v" {
            return .input(index, column: column)
        }
        if Int(parts[0]) != nil, parts.count > 1, parts[1] == "a" {
            throw FilterGraphError.audioInput(label, column: column)
        }
        return .label(label, column: column)
    }

    func finish() throws(FilterGraphError) -> ([FilterGraph.Step], [FilterGraph.Output], Int, [Int: Int]) {
        var columns: [Int: Int] = [:]
        var used: Set<String> = []
        var usedInputs: Set<Int> = []
        for step in steps {
            for reference in step.inputs {
                if case .input(let index, _) = reference { usedInputs.insert(index) }
            }
        }
        // Unlabeled pads of chains' first filters take the unused inputs.
        var spare = (0...).lazy.filter { !usedInputs.contains($0) }.makeIterator()
        var filled = steps
        for (step, count) in wantsInputs {
            for _ in 0..<count {
                let index = spare.next()!
                filled[step].inputs.append(.input(index, column: steps[step].column))
            }
        }
        var linked: [FilterGraph.Step] = []
        var highest = -1
        for step in filled {
            var sources: [FilterGraph.Source] = []
            for reference in step.inputs {
                switch reference {
                case .previous(let index): sources.append(.step(index))
                case .input(let index, let column):
                    highest = max(highest, index)
                    columns[index] = min(columns[index] ?? .max, column)
                    sources.append(.input(index))
                case .label(let label, let column):
                    guard let maker = made[label] else { throw .unknownLabel(label, column: column) }
                    guard used.insert(label).inserted else {
                        throw .labelUsedTwice(label, column: column)
                    }
                    sources.append(.step(maker))
                }
            }
            linked.append(
                FilterGraph.Step(
                    filter: step.filter, inputs: sources, column: step.column,
                    passesOn: step.filter == nil && step.name != "split" && step.stack == nil,
                    aspect: step.aspect, stack: step.stack, pixelFormat: step.pixelFormat,
                    frameRate: step.frameRate))
        }
        try checkAcyclic(linked)
        // A format with alpha before other filters gives the frames alpha
        // (they have it here already): it passes them on.
        for index in linked.indices where linked[index].pixelFormat.map(Self.hasAlpha) == true {
            if linked.contains(where: { step in !step.passesOn && step.inputs.contains(.step(index)) }) {
                linked[index].pixelFormat = nil
            }
        }
        try checkFormatsLast(linked)
        var outputs: [FilterGraph.Output] = []
        for label in madeOrder where !used.contains(label) {
            outputs.append(FilterGraph.Output(label: label, step: made[label]!))
        }
        for step in unlabeledEnds { outputs.append(FilterGraph.Output(label: "", step: step)) }
        outputs.sort { $0.step < $1.step }
        guard !outputs.isEmpty else { throw .cycle(madeOrder) }
        return (linked, outputs, highest + 1, columns)
    }

    /// A format is an output's pixel format and an fps its rate: only
    /// steps that pass frames on (setsar, setdar, setpts, ...) may come
    /// after them.
    private func checkFormatsLast(_ steps: [FilterGraph.Step]) throws(FilterGraphError) {
        var consumers: [Int: [Int]] = [:]
        for (index, step) in steps.enumerated() {
            for case .step(let input) in step.inputs { consumers[input, default: []].append(index) }
        }
        for (index, step) in steps.enumerated() where step.pixelFormat != nil || step.frameRate != nil {
            var waiting = consumers[index] ?? []
            while let next = waiting.popLast() {
                guard steps[next].passesOn else {
                    throw step.frameRate != nil
                        ? .rateBeforeFilters(column: step.column) : .formatBeforeFilters(column: step.column)
                }
                waiting += consumers[next] ?? []
            }
        }
    }

    private func checkAcyclic(_ steps: [FilterGraph.Step]) throws(FilterGraphError) {
        // 0 unvisited, 1 on the path, 2 done.
        var state = [Int](repeating: 0, count: steps.count)
        var path: [Int] = []
        func labels(_ indices: [Int]) -> [String] {
            indices.compactMap { index in made.first(where: { $0.value == index })?.key }
        }
        func visit(_ index: Int) throws(FilterGraphError) {
            if state[index] == 2 { return }
            if state[index] == 1 {
                let loop = path.drop(while: { $0 != index })
                throw .cycle(labels(Array(loop)))
            }
            state[index] = 1
            path.append(index)
            for case .step(let input) in steps[index].inputs { try visit(input) }
            path.removeLast()
            state[index] = 2
        }
        for index in steps.indices { try visit(index) }
    }
}
