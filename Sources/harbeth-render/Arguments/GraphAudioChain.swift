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
        let chains = GraphChainScanner.chains(of: characters).map { read($0, of: characters) }
        let audio = audioChains(chains)
        guard !audio.isEmpty else { return nil }
        let label = try soundLabel(audio.map { chains[$0] }) { chain, reason in
            UsageError(
                message: "filtergraph '\(graph)': the audio chain at column \(chain.range.lowerBound + 1) \(reason)")
        }
        let first = chains[audio[0]]
        let written = audio.map { String(characters[chains[$0].range]).trimmingCharacters(in: .whitespaces) }
        let blanked = String(blanking(audio, of: chains, in: characters))
        if audio.count == 1, first.inputs.count == 1, first.outputs.count <= 1, sound(first.inputs[0]).stream == 0 {
            return GraphAudioChain(
                sounds: [sound(first.inputs[0])], isPlain: true, filters: first.body, label: label, graph: blanked,
                written: written.joined(separator: ";"))
        }
        let (sounds, filters) = libavfilterGraph(audio.map { chains[$0] }, sound: label)
        return GraphAudioChain(
            sounds: sounds, isPlain: false, filters: filters, label: label, graph: blanked,
            written: written.joined(separator: ";"))
    }

    /// The chain at `range`: its input labels, filters and output labels.
    private static func read(_ range: Range<Int>, of characters: [Character]) -> Chain {
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

    /// The indexes of the audio chains, in order: those that take a sound,
    /// or an audio chain's output, written before or after it.
    private static func audioChains(_ chains: [Chain]) -> [Int] {
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
        return audio.sorted()
    }

    /// The label of the one output that is the run's sound (nil where it
    /// is unlabelled), after checking that every chain takes sounds or
    /// each other's outputs and has a filter; `fail` makes the error.
    private static func soundLabel(_ audio: [Chain], fail: (Chain, String) -> UsageError) throws(UsageError)
        -> String?
    {
        let made = Set(audio.flatMap(\.outputs))
        var used: Set<String> = []
        for chain in audio {
            if let other = chain.inputs.first(where: { !isSound($0) && !made.contains($0) }) {
                throw fail(
                    chain,
                    "takes [\(other)], which is neither an input's sound nor an audio chain's output: audio chains"
                        + " here take inputs' sound ([k:a]) and each other's")
            }
            guard !chain.body.isEmpty else { throw fail(chain, "has no filter") }
            used.formUnion(chain.inputs)
        }
        // Labelled and unused, or unlabelled.
        let ends: [String?] = audio.flatMap { chain -> [String?] in
            chain.outputs.isEmpty ? [nil] : chain.outputs.filter { !used.contains($0) }
        }
        guard ends.count == 1 else {
            throw fail(
                audio[audio.count - 1],
                "ends the audio in \(ends.count) outputs"
                    + (ends.isEmpty
                        ? "" : " (\(ends.map { $0.map { "[\($0)]" } ?? "unlabelled" }.joined(separator: ", ")))")
                    + ": one output makes the run's sound")
        }
        return ends[0]
    }

    /// The chains as libavfilter's graph text: each use of a sound is
    /// `[s0]`, `[s1]`... (the sounds returned, in that order), the user's
    /// labels get a prefix so none meets them, and the run's sound (the
    /// output labelled `sound`, or the unlabelled one) is `[out]`.
    private static func libavfilterGraph(_ audio: [Chain], sound label: String?) -> ([Sound], String) {
        var sounds: [Sound] = []
        let text = audio.map { chain in
            let inputs = chain.inputs.map { name -> String in
                guard isSound(name) else { return "[u_\(name)]" }
                sounds.append(sound(name))
                return "[s\(sounds.count - 1)]"
            }
            let outputs = chain.outputs.isEmpty ? ["[out]"] : chain.outputs.map { $0 == label ? "[out]" : "[u_\($0)]" }
            return inputs.joined() + chain.body + outputs.joined()
        }.joined(separator: ";")
        return (sounds, text)
    }

    /// `characters` with the audio chains blanked, and every `;` but those
    /// before a video chain after the first, so the rest keeps its columns.
    private static func blanking(_ audio: [Int], of chains: [Chain], in characters: [Character]) -> [Character] {
        var blanked = characters
        for index in audio {
            for position in chains[index].range { blanked[position] = " " }
        }
        let video = chains.indices.filter { !audio.contains($0) }
        for index in chains.indices.dropFirst() where chains[index].range.lowerBound > 0 {
            let separator = chains[index].range.lowerBound - 1
            blanked[separator] = video.contains(index) && video.first != index ? ";" : " "
        }
        return blanked
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
