/// A filtergraph's audio chain, as FFmpeg's graphs carry one beside the
/// video (`[0:v]sepia[v];[0:a]volume=2,atempo=1.25[a]`): libavfilter runs
/// it as `-af` on that input's sound; one that takes several inputs'
/// sound (`[0:a][1:a]amix=inputs=2[a]`) mixes them before the run
/// (`CrossfadedAudio(mixing:)`). It is taken out of the graph's text,
/// blanked with the `;` before it so that the rest keeps its columns.
struct GraphAudioChain: Equatable {
    /// One input's sound: `k:a` (stream 0 of its audio) or `k:a:n`.
    struct Sound: Equatable {
        /// The input.
        let input: Int
        /// The number of the stream among the input's audio streams.
        let stream: Int
    }

    /// The sounds it takes, in the order of its labels.
    let sounds: [Sound]
    /// Its filters, as `-af` takes them (for several sounds, libavfilter's
    /// graph text, its inputs unlabelled: they take the sounds in order).
    let filters: String
    /// Its output label (`a` for `[a]`), which `--map '[a]'` names; nil
    /// when it has none.
    let label: String?
    /// The graph without it.
    let graph: String

    /// The input whose sound one sound's chain filters.
    var input: Int { sounds[0].input }

    /// The audio chain of `graph`, if it has one: a chain whose inputs
    /// are `[k:a]`, one or several (amix's). A second chain, or one that
    /// takes a label that is not an input's sound, is refused.
    static func taken(from graph: String) throws(UsageError) -> GraphAudioChain? {
        var found: GraphAudioChain?
        let characters = Array(graph)
        for chain in GraphChainScanner.chains(of: characters) {
            var scanner = GraphChainScanner(characters, chain: chain)
            let labels = scanner.labels().map(\.label)
            let at = scanner.at
            let sounds = labels.filter(isSound)
            guard !sounds.isEmpty else { continue }
            let fail = { (reason: String) in
                UsageError(
                    message: "filtergraph '\(graph)': the audio chain at column \(chain.lowerBound + 1) \(reason)")
            }
            if let other = labels.first(where: { !isSound($0) }) {
                throw fail(
                    "takes [\(other)], which is not an input's sound: an audio chain here takes inputs' sound"
                        + " ([k:a]) only, and one chain makes the run's sound")
            }
            guard found == nil else { throw fail("is a second one: a run's sound comes through one chain") }
            var end = chain.upperBound
            while end > at, characters[end - 1].isWhitespace { end -= 1 }
            var label: String?
            if end > at, characters[end - 1] == "]", let open = characters[at..<end].lastIndex(of: "[") {
                label = String(characters[(open + 1)..<(end - 1)])
                end = open
            }
            let filters = String(characters[at..<end]).trimmingCharacters(in: .whitespaces)
            guard !filters.isEmpty else { throw fail("has no filter") }
            // Blank it, with the `;` before it (or, first, after it).
            var blanked = characters
            var span = chain
            if span.lowerBound > 0 {
                span = (span.lowerBound - 1)..<span.upperBound
            } else if span.upperBound < characters.count {
                span = span.lowerBound..<(span.upperBound + 1)
            }
            for index in span { blanked[index] = " " }
            found = GraphAudioChain(
                sounds: sounds.map { text in
                    let parts = text.split(separator: ":")
                    return Sound(input: Int(parts[0])!, stream: parts.count > 2 ? Int(parts[2]) ?? 0 : 0)
                }, filters: filters, label: label, graph: String(blanked))
        }
        return found
    }

    /// `k:a` or `k:a:n`: an input's sound.
    private static func isSound(_ label: String) -> Bool {
        let parts = label.split(separator: ":", omittingEmptySubsequences: false)
        return (parts.count == 2 || (parts.count == 3 && Int(parts[2]) != nil)) && Int(parts[0]) != nil
            && parts[1] == "a"
    }
}
