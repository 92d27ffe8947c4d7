/// Reads the graph's text into steps with labels, then links the labels.
struct GraphBuilder {
    enum Reference {
        case input(Int, column: Int)
        case label(String, column: Int)
        case previous(Int)
    }
    struct PendingStep {
        var kind: FilterGraph.Step.Kind
        var inputs: [Reference]
        var column: Int
        var name: String

        var pixelFormat: String? {
            if case .passOn(.pixelFormat(let format)) = kind { return format }
            return nil
        }
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
            // After a format with alpha in the same chain, the frames have it.
            let read = try readFilter(
                &parser, framesHaveAlpha: previous.map { steps[$0].pixelFormat.map(Self.hasAlpha) ?? false } ?? false)
            let (name, filter, pads, xstackInputs) = (read.name, read.filter, read.pads, read.xstackInputs)
            let takes = xstackInputs ?? read.segments ?? pads ?? 1 + (filter?.descriptor.nodeInputs.count ?? 0)
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
                    PendingStep(kind: read.kind, inputs: own, column: column, name: name))
            }
            let index = steps.count - 1
            let outputLabels = try parseLabels(&parser)
            let outputsWanted = read.outputs
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
                FilterGraph.Step(kind: step.kind, inputs: sources, column: step.column, name: step.name))
        }
        try checkAcyclic(linked)
        // A format with alpha before other filters gives the frames alpha
        // (they have it here already): it passes them on.
        for (index, step) in linked.enumerated() where step.pixelFormat.map(Self.hasAlpha) == true {
            if linked.contains(where: { step in !step.passesOn && step.inputs.contains(.step(index)) }) {
                linked[index] = FilterGraph.Step(
                    kind: .passOn(.none), inputs: step.inputs, column: step.column, name: step.name)
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
