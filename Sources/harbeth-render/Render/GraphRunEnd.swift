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

extension SynchronizedSource.EndRule {
    /// The frames a graph's run makes, estimated before it starts (for the
    /// progress line's total): each input ends at its start (0, its
    /// `offsets` entry, or, for a concat's later segment, the end of those
    /// it `startsAfter`) plus its length; the run ends as this rule says,
    /// or at `duration` (-t) before that, at input 0's `frameRate`. Nil
    /// where a length that decides it is unknown (nil: endless, or not in
    /// the file).
    func estimatedFrames(
        lengths: [Double?], offsets: [Double], startsAfter: [Int: Set<Int>] = [:], shownUntilTheirEnd: Set<Int> = [],
        frameRate: Double?, duration: Double? = nil
    ) -> Int? {
        var ends: [Int: Double?] = [:]
        func end(_ input: Int) -> Double? {
            if let known = ends[input] { return known }
            var start: Double? = input < offsets.count && input > 0 ? offsets[input] : 0
            if let before = startsAfter[input] {
                let previous = before.map(end)
                start = previous.contains { $0 == nil } ? nil : previous.compactMap { $0 }.max() ?? 0
            }
            let made = start.flatMap { start in lengths[input].map { start + $0 } }
            ends[input] = made
            return made
        }
        let deciding: [Int]
        switch self {
        case .first: deciding = [0]
        case .shortest: deciding = Array(lengths.indices)
        case .longest: deciding = lengths.indices.filter { $0 == 0 || !shownUntilTheirEnd.contains($0) }
        }
        let known = deciding.map(end)
        var seconds: Double?
        if !known.contains(where: { $0 == nil }) {
            let values = known.compactMap { $0 }
            seconds = self == .shortest ? values.min() : values.max()
        }
        if let duration { seconds = min(seconds ?? duration, duration) }
        guard let seconds, let frameRate, frameRate > 0 else { return nil }
        return Int((seconds * frameRate - 1e-6).rounded(.up))
    }
}
