import Kakapos

extension CommandLineOptions.InputArgument {
    /// How the input repeats without end (`-loop 1` on an image,
    /// `-stream_loop -1`), as written; nil when it ends (or its own -t
    /// ends it).
    var endlessLoop: String? {
        if length != nil { return nil }
        if options["loop"] == "1" { return "-loop 1" }
        return loops < 0 ? "-stream_loop -1" : nil
    }
}

extension SynchronizedSource.EndRule {
    /// Refuses a graph's run that `inputs` would keep going for ever: an
    /// input that repeats without end where this rule waits for it (input
    /// 0 for `first`, any but those `shownUntilTheirEnd` for `longest`,
    /// every one for `shortest`). The error names the input and what ends
    /// the run instead.
    func checkEnds(_ inputs: [CommandLineOptions.InputArgument], shownUntilTheirEnd: Set<Int>) throws(ToolError) {
        let endless = inputs.indices.filter { inputs[$0].endlessLoop != nil }
        let waited: Int?
        let rule: String
        // What else ends the run: another input, where there is one.
        var others = ""
        switch self {
        case .first:
            waited = endless.first { $0 == 0 }
            rule = "ends with input 0"
            others = ", or --end shortest"
        case .longest:
            waited = endless.first { !shownUntilTheirEnd.contains($0) }
            rule = "ends with its longest input"
            others =
                waited == 0 ? ", a filter's shortest=1 or --end shortest" : ", a filter's shortest=1 or --end first"
        case .shortest:
            waited = endless.count == inputs.count ? endless.first : nil
            rule = "has no input that ends"
        }
        guard let waited, let loop = inputs[waited].endlessLoop else { return }
        let instead = inputs.count > 1 && !others.isEmpty ? "-t, -frames:v" + others : "-t or -frames:v"
        throw .usage(
            UsageError(
                message: "\(loop) repeats input \(waited) without end, and the graph \(rule): give \(instead)"))
    }
}
