/// FFmpeg's concat with its sound (`[0:v][0:a][1:v][1:a]concat=n=2:v=1:a=1[v][a]`):
/// a graph here filters video, so the sound's pads (`[k:a]`) and its
/// output label are taken out of the text, blanked so that the rest keeps
/// its columns, and `a=1` becomes `a=0`. The run joins the inputs' sound
/// itself, each from when its segment's picture starts.
struct GraphConcatSound: Equatable {
    /// The inputs whose sound is joined, in the order the segments play.
    let inputs: [Int]
    /// Where each input's sound pad (`[k:a]`) was, for errors.
    let columns: [Int]
    /// The sound's output label (`a` for `[a]`), which `--map '[a]'`
    /// names; nil when it has none.
    let label: String?
    /// The graph with the sound taken out.
    let graph: String
    /// The graph as written, for errors.
    let written: String

    /// The concat of `graph` that takes sound (`a=1`), if there is one.
    static func taken(from graph: String) throws(UsageError) -> GraphConcatSound? {
        let characters = Array(graph)
        for chain in GraphChainScanner.chains(of: characters) {
            var scanner = GraphChainScanner(characters, chain: chain)
            let pads = scanner.labels()
            guard scanner.take("concat") else { continue }
            var at = scanner.at
            // Its options, up to the labels after it: n, v, a, unsafe.
            var options: [String: (value: String, range: Range<Int>)] = [:]
            if at < chain.upperBound, characters[at] == "=" {
                at += 1
                let names = ["n", "v", "a", "unsafe"]
                var position = 0
                while at < chain.upperBound, !"[,;".contains(characters[at]) {
                    let end = characters[at..<chain.upperBound].firstIndex { ":[,;".contains($0) } ?? chain.upperBound
                    let text = String(characters[at..<end])
                    if let equals = text.firstIndex(of: "=") {
                        let offset = text.distance(from: text.startIndex, to: equals) + 1
                        options[String(text[..<equals])] = (
                            String(text[text.index(after: equals)...]), (at + offset)..<end
                        )
                    } else if position < names.count {
                        options[names[position]] = (text, at..<end)
                    }
                    position += 1
                    at = end < chain.upperBound && characters[end] == ":" ? end + 1 : end
                }
            }
            guard let sound = options["a"], sound.value.trimmingCharacters(in: .whitespaces) == "1" else { continue }
            // The picture's pads and the sound's, segment by segment: with
            // v=1 and a=1, [video][sound] for each.
            let segments = options["n"].flatMap { Int($0.value) } ?? 2
            guard options["v"].map({ $0.value == "1" }) ?? true, pads.count == 2 * segments || pads.isEmpty else {
                return nil  // the graph's own parser names what is wrong
            }
            var inputs: [Int] = []
            var columns: [Int] = []
            // Without pads, FFmpeg's take the inputs in order: 0, 1, ...
            if pads.isEmpty {
                inputs = Array(0..<segments)
                columns = Array(repeating: sound.range.lowerBound + 1, count: segments)
            }
            for segment in stride(from: 0, to: pads.count, by: 2) {
                let pad = pads[segment + 1]
                let parts = pad.label.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count >= 2, let input = Int(parts[0]), parts[1] == "a" else {
                    let picture = pads[segment].label.split(separator: ":").first.flatMap { Int($0) }
                    throw UsageError(
                        message: "filtergraph '\(graph)': concat's sound at column \(pad.range.lowerBound + 1) is"
                            + " [\(pad.label)]; a concat here joins its inputs' own sound ([\(picture ?? 0):a])")
                }
                inputs.append(input)
                columns.append(pad.range.lowerBound + 1)
            }
            var blanked = characters
            for pad in stride(from: 1, to: pads.count, by: 2).map({ pads[$0] }) {
                for index in pad.range { blanked[index] = " " }
            }
            blanked[sound.range.lowerBound..<sound.range.upperBound] = ArraySlice(
                Array("0".padding(toLength: sound.range.count, withPad: " ", startingAt: 0)))
            // Its outputs: the picture's label, then the sound's.
            scanner.at = at
            let outputs = scanner.labels()
            var label: String?
            if outputs.count == 2 {
                label = outputs[1].label
                for index in outputs[1].range { blanked[index] = " " }
            }
            return GraphConcatSound(
                inputs: inputs, columns: columns, label: label, graph: String(blanked), written: graph)
        }
        return nil
    }
}
