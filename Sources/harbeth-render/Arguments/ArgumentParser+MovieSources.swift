extension ArgumentParser {
    /// FFmpeg's `movie=FILE` at the start of a graph's chain (the
    /// watermark recipe `movie=logo.png[wm];[in][wm]overlay=10:10`) is FILE
    /// as one more input of the run, read as any input is (a still shows
    /// on every frame, a video in step with input 0), and the chain starts
    /// from it: `[k]null`, padded to the length of what it replaces so that
    /// the graph's columns stay where they were.
    static func takeMovieSources(_ options: inout CommandLineOptions) throws(UsageError) {
        guard let graph = options.graph else { return }
        var characters = Array(graph)
        for chain in GraphChainScanner.chains(of: characters) {
            var scanner = GraphChainScanner(characters, chain: chain)
            scanner.skipSpaces()
            let start = scanner.at
            guard scanner.take("movie=") else { continue }
            // Its value: up to the first `,`, `[` or `;` outside quotes.
            var end = scanner.at
            var quoted = false
            var value = ""
            while end < chain.upperBound {
                let character = characters[end]
                if character == "'" {
                    quoted.toggle()
                } else if !quoted && (character == "," || character == "[") {
                    break
                } else {
                    value.append(character)
                }
                end += 1
            }
            value = value.trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("filename=") { value = String(value.dropFirst("filename=".count)) }
            let column = start + 1
            guard !value.isEmpty, !value.contains(":") else {
                throw UsageError(
                    message: "filtergraph '\(graph)': movie at column \(column) takes a file name alone here"
                        + " (movie=logo.png); for its other options give the file as an -i with them")
            }
            let index = options.inputArguments.count
            let replacement = Array("[\(index)]null")
            guard replacement.count <= end - start else {
                throw UsageError(
                    message: "filtergraph '\(graph)': movie at column \(column) would be input \(index); give the"
                        + " file as an -i")
            }
            options.inputArguments.append(CommandLineOptions.InputArgument(text: value))
            for offset in start..<end {
                let at = offset - start
                characters[offset] = at < replacement.count ? replacement[at] : " "
            }
        }
        options.graph = String(characters)
    }
}
