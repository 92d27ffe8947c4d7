extension ArgumentParser {
    /// FFmpeg's `-vf` takes a filtergraph of the one input as well as a
    /// chain: with labels (`split[a][b];[a]hflip[c];[b][c]hstack`) it is
    /// that graph, its unlabeled first input or `[in]` the run's input 0
    /// and its one output, `[out]` or unlabeled, the output. Such a -vf
    /// becomes the run's `--graph`; it must be the only -vf and the run
    /// have one input. A chain (no `[` outside quotes) is left as it is.
    static func takeFiltergraphFromVf(_ options: inout CommandLineOptions) throws(UsageError) {
        guard options.graph == nil, let graph = options.chains.first(where: isFiltergraph) else { return }
        guard options.chains.count == 1 else {
            throw UsageError(
                message: "a -vf filtergraph (with [labels]) is the whole of the filtering: give it as the only -vf")
        }
        guard options.inputArguments.count == 1, options.inputList == nil else {
            throw UsageError(
                message: "a -vf filtergraph (with [labels]) filters one input; give several inputs with --graph")
        }
        options.graph = labelsRenamed(graph).text
        options.chains = []
    }

    /// True when `text` has a `[` outside single quotes and not escaped:
    /// a label, which a chain never has.
    static func isFiltergraph(_ text: String) -> Bool {
        labelsRenamed(text).hasLabels
    }

    /// `text` with each `[in]` label written `[0]`, the name FFmpeg's -vf
    /// gives its input, and whether it has a label at all (a `[` outside
    /// single quotes, not escaped).
    private static func labelsRenamed(_ text: String) -> (text: String, hasLabels: Bool) {
        var result = ""
        var hasLabels = false
        var quoted = false
        var escaped = false
        var rest = Substring(text)
        while let character = rest.first {
            if !quoted, !escaped, character == "[" {
                hasLabels = true
                if rest.hasPrefix("[in]") {
                    result += "[0]"
                    rest = rest.dropFirst(4)
                    continue
                }
            }
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "'" {
                quoted.toggle()
            }
            result.append(character)
            rest = rest.dropFirst()
        }
        return (result, hasLabels)
    }
}
