import Harbeth

/// What must hold for any chain text, parsed or rejected.
///
/// An input is the chain text, then optionally a NUL byte and the text that
/// every `shader=PATH` in the chain reads; without a NUL, shaders read
/// `defaultShader`, whose uniforms cover every type, so plain chain inputs
/// reach the custom shader's parameters too.
public enum ChainProperties {
    public static let defaultShader = """
        uniform float amount = 0.5; // range 0...1
        uniform int steps = 4; // range 1...16
        uniform bool flip = true;
        uniform vec2 offset = vec2(0.0, 1.0);
        uniform vec3 tint = vec3(1.0, 0.5, 0.25); // range 0...2
        uniform vec4 weights = vec4(0.25);

        vec4 filter(vec4 rgba, ivec2 pos) {
            return rgba;
        }
        """

    public static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
        let separator = bytes.firstIndex(of: 0)
        let text = String(decoding: bytes[..<(separator ?? bytes.endIndex)], as: UTF8.self)
        let shader = separator.map { Array(bytes[($0 + 1)...]) } ?? Array(defaultShader.utf8)
        let resources = InMemoryResources(shader)
        try GraphProperties.check(text, resources: resources)
        let chain: FilterChain
        do {
            chain = try FilterChain(parsing: text, resources: resources)
        } catch {
            try checkError(error, text: text)
            return
        }
        for filter in chain.filters {
            do {
                _ = try Filter(filter.descriptor, values: filter.values.values)
            } catch {
                throw FuzzFailure("'\(text.escaped)' gives \(filter.name) a value it rejects: \(error)")
            }
        }
        // Print/parse round trip: the text form names the same chain.
        let printed = chain.description
        let reparsed: FilterChain
        do {
            reparsed = try FilterChain(parsing: printed, resources: resources)
        } catch {
            throw FuzzFailure("'\(text.escaped)' parses, but its text form '\(printed.escaped)' does not: \(error)")
        }
        try require(
            reparsed == chain,
            "'\(text.escaped)' prints as '\(printed.escaped)', which parses to another chain, "
                + "'\(reparsed.description.escaped)'")
        try require(
            reparsed.description == printed,
            "'\(printed.escaped)' prints as '\(reparsed.description.escaped)' after parsing")
    }

    /// An error prints as one line and points inside the text (or just
    /// after it, for "found the end").
    static func checkError(_ error: FilterChainError, text: String) throws(FuzzFailure) {
        let message = "\(error)"
        try require(!message.isEmpty, "the error for '\(text.escaped)' prints as nothing")
        try require(message.isOneLine, "the error for '\(text.escaped)' spans lines: \(message.escaped)")
        let column: Int?
        switch error {
        case .unknownFilter(_, _, let at), .unknownParameter(_, _, _, let at), .valueOutOfRange(_, _, _, _, let at),
            .invalidValue(_, _, _, _, let at), .tooManyValues(_, _, let at), .duplicateParameter(_, _, let at),
            .invalidExpression(_, _, _, _, let at), .notAnimatable(_, _, let at),
            .movesOnlyAtGivenSize(_, _, _, let at),
            .invalidShader(_, let at):
            column = at
        case .malformed(_, _, let at):
            column = at
        }
        try require(column != nil, "the error for '\(text.escaped)' has no column: \(message.escaped)")
        if let column {
            try require(
                (1...(text.count + 1)).contains(column),
                "the error for '\(text.escaped)' (\(text.count) characters) points at column \(column): "
                    + message.escaped)
        }
        if case .unknownFilter(_, let suggestion?, _) = error {
            try require(
                FilterCatalog.standard.descriptor(named: suggestion) != nil,
                "the error for '\(text.escaped)' suggests '\(suggestion.escaped)', which is no filter")
        }
    }
}

/// What must hold for any text read as a filtergraph: an error is one line
/// that points inside the text; a graph has an output, and every output
/// builds a node from frames of its inputs.
enum GraphProperties {
    static func check(_ text: String, resources: InMemoryResources) throws(FuzzFailure) {
        let graph: FilterGraph
        do {
            graph = try FilterGraph(parsing: text, resources: resources)
        } catch {
            let message = "\(error)"
            try require(
                message.isOneLine && !message.isEmpty, "the graph error for '\(text.escaped)': \(message.escaped)")
            var column: Int?
            switch error {
            case .chain(let chain): return try ChainProperties.checkError(chain, text: text)
            case .unknownLabel(_, let at), .labelUsedTwice(_, let at), .labelMadeTwice(_, let at),
                .wrongInputCount(_, _, _, let at), .needsItsOwnRun(_, let at), .retimes(let at),
                .formatBeforeFilters(let at), .endsDisagree(_, let at, _, _), .audioInput(_, let at),
                .rateBeforeFilters(let at), .segmentSizesDiffer(let at, _, _, _), .laterSegmentIsInput0(let at),
                .segmentInputReadElsewhere(_, let at, _, _):
                column = at
            case .missingInput(_, _, let at): column = at
            case .cycle, .noSuchOutput, .severalOutputs, .empty: column = nil
            }
            if let column {
                try require(
                    (1...(text.count + 1)).contains(column),
                    "the graph error for '\(text.escaped)' points at column \(column): \(message.escaped)")
            }
            return
        }
        try require(!graph.outputs.isEmpty, "the graph '\(text.escaped)' has no output")
        // Frames for its inputs (a graph naming more than a few is left at parsing).
        guard graph.inputCount <= 8,
            let frame = try? VideoFrame(rgba: [UInt8](repeating: 128, count: 16), width: 2, height: 2)
        else { return }
        let frames = [VideoFrame](repeating: frame, count: graph.inputCount)
        for output in graph.outputs {
            do {
                _ = try graph.node(for: output.label, inputs: frames, time: FrameTime(index: 0, seconds: 0))
            } catch {
                throw FuzzFailure("the graph '\(text.escaped)' cannot build its output [\(output.label)]: \(error)")
            }
        }
    }
}
