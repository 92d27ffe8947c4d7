/// A filtergraph's audio, as FFmpeg's graphs carry it beside the video
/// (`[0:v]sepia[v];[0:a]volume=2,atempo=1.25[a]`): one chain of one
/// input's first audio stream runs as `-af` on that input's sound; chains
/// that take several inputs' sound, an input's later audio stream or each
/// other's outputs (`[1:a]volume=0.3[bg];[0:a][bg]amix=inputs=2[a]`) are
/// one libavfilter graph that mixes them before the run
/// (`CrossfadedAudio(mixing:)`). They are taken out of the graph's text,
/// blanked with the `;` between them and the video's chains so that the
/// rest keeps its columns.
struct GraphAudioChain: Equatable {
    /// One input's sound: `k:a` (stream 0 of its audio) or `k:a:n`.
    struct Sound: Equatable {
        /// The input.
        let input: Int
        /// The number of the stream among the input's audio streams.
        let stream: Int
    }

    /// The sounds it takes, each use once, in the order written.
    let sounds: [Sound]
    /// True for one chain of one input's first audio stream: `-af` on it.
    let isPlain: Bool
    /// Its filters: as `-af` takes them for one chain of one sound (`isPlain`);
    /// otherwise libavfilter's graph text whose inputs are `[s0]`, `[s1]`...
    /// (the sounds in order) and whose output `[out]` is the sound.
    let filters: String
    /// Its output label (`a` for `[a]`), which `--map '[a]'` names; nil
    /// when it has none.
    let label: String?
    /// The graph without it.
    let graph: String
    /// Its chains as written, joined by `;`, for messages.
    let written: String

    /// The input whose sound one sound's chain filters.
    var input: Int { sounds[0].input }

    /// One chain of the graph, as written.
    private struct Chain {
        let range: Range<Int>
        let inputs: [String]
        let body: String
        let outputs: [String]
    }

    /// The audio of `graph`, if it has any: the chains that take an
    /// input's sound (`[k:a]`, `[k:a:n]`) and those that take their
    /// outputs. A chain among them that takes another label, or chains
    /// that end in more than one output, are refused.
    static func taken(from graph: String) throws(UsageError) -> GraphAudioChain? {
        let characters = Array(graph)
        let chains = GraphChainScanner.chains(of: characters).map { range in
            var scanner = GraphChainScanner(characters, chain: range)
            let inputs = scanner.labels().map(\.label)
            var end = range.upperBound
            var outputs: [String] = []
            while true {
                while end > scanner.at, characters[end - 1].isWhitespace { end -= 1 }
                guard end > scanner.at, characters[end - 1] == "]",
                    let open = characters[scanner.at..<end].lastIndex(of: "[")
                else { break }
                outputs.insert(String(characters[(open + 1)..<(end - 1)]), at: 0)
                end = open
            }
            let body = String(characters[scanner.at..<end]).trimmingCharacters(in: .whitespaces)
            return Chain(range: range, inputs: inputs, body: body, outputs: outputs)
        }
        // The audio chains: those that take a sound, or an audio chain's output.
        var audio: [Int] = []
        var made: Set<String> = []
        var grew = true
        while grew {
            grew = false
            for (index, chain) in chains.enumerated() where !audio.contains(index) {
                guard chain.inputs.contains(where: { isSound($0) || made.contains($0) }) else { continue }
                audio.append(index)
                made.formUnion(chain.outputs)
                grew = true
            }
        }
        guard !audio.isEmpty else { return nil }
        audio.sort()
        let fail = { (chain: Chain, reason: String) in
            UsageError(
                message: "filtergraph '\(graph)': the audio chain at column \(chain.range.lowerBound + 1) \(reason)")
        }
        var used: Set<String> = []
        for chain in audio.map({ chains[$0] }) {
            if let other = chain.inputs.first(where: { !isSound($0) && !made.contains($0) }) {
                throw fail(
                    chain,
                    "takes [\(other)], which is neither an input's sound nor an audio chain's output: audio chains"
                        + " here take inputs' sound ([k:a]) and each other's")
            }
            guard !chain.body.isEmpty else { throw fail(chain, "has no filter") }
            used.formUnion(chain.inputs)
        }
        // One output is the run's sound: labelled and unused, or unlabelled.
        let ends: [String?] = audio.flatMap { index -> [String?] in
            let outputs = chains[index].outputs
            return outputs.isEmpty ? [nil] : outputs.filter { !used.contains($0) }
        }
        guard ends.count == 1 else {
            let last = chains[audio.last!]
            throw fail(
                last,
                "ends the audio in \(ends.count) outputs"
                    + (ends.isEmpty
                        ? "" : " (\(ends.map { $0.map { "[\($0)]" } ?? "unlabelled" }.joined(separator: ", ")))")
                    + ": one output makes the run's sound")
        }
        let label = ends[0]
        var sounds: [Sound] = []
        let filters: String
        let isPlain: Bool
        if audio.count == 1, chains[audio[0]].inputs.count == 1, chains[audio[0]].outputs.count <= 1,
            sound(chains[audio[0]].inputs[0]).stream == 0
        {
            sounds = [sound(chains[audio[0]].inputs[0])]
            filters = chains[audio[0]].body
            isPlain = true
        } else {
            // Sounds are s0, s1...; the user's labels get a prefix so none
            // meets them; the run's sound is `out`.
            isPlain = false
            filters = audio.map { chains[$0] }.map { chain in
                let inputs = chain.inputs.map { name -> String in
                    guard isSound(name) else { return "[u_\(name)]" }
                    sounds.append(sound(name))
                    return "[s\(sounds.count - 1)]"
                }
                let outputs =
                    chain.outputs.isEmpty ? ["[out]"] : chain.outputs.map { $0 == label ? "[out]" : "[u_\($0)]" }
                return inputs.joined() + chain.body + outputs.joined()
            }.joined(separator: ";")
        }
        // Blank the audio chains, and every `;` but those before a video chain after the first.
        var blanked = characters
        for index in audio {
            for position in chains[index].range { blanked[position] = " " }
        }
        let video = chains.indices.filter { !audio.contains($0) }
        for index in chains.indices.dropFirst() where chains[index].range.lowerBound > 0 {
            let separator = chains[index].range.lowerBound - 1
            blanked[separator] = video.contains(index) && video.first != index ? ";" : " "
        }
        let written = audio.map { String(characters[chains[$0].range]).trimmingCharacters(in: .whitespaces) }
        return GraphAudioChain(
            sounds: sounds, isPlain: isPlain, filters: filters, label: label, graph: String(blanked),
            written: written.joined(separator: ";"))
    }

    /// `k:a` or `k:a:n`: an input's sound.
    private static func isSound(_ label: String) -> Bool {
        let parts = label.split(separator: ":", omittingEmptySubsequences: false)
        return (parts.count == 2 || (parts.count == 3 && Int(parts[2]) != nil)) && Int(parts[0]) != nil
            && parts[1] == "a"
    }

    /// The sound a label `isSound` names.
    private static func sound(_ label: String) -> Sound {
        let parts = label.split(separator: ":")
        return Sound(input: Int(parts[0])!, stream: parts.count > 2 ? Int(parts[2])! : 0)
    }
}
