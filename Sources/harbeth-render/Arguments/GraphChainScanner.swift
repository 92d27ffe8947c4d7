/// Reads a filtergraph's text chain by chain for the parts of it the
/// graph parser does not take (an audio chain, a concat's sound): where
/// each chain lies, and the `[label]`s at a place in one.
struct GraphChainScanner {
    /// The graph's characters.
    let characters: [Character]
    /// The chain being read.
    let chain: Range<Int>
    /// Where reading is.
    var at: Int

    /// A scanner at the start of `chain` of `characters`.
    init(_ characters: [Character], chain: Range<Int>) {
        self.characters = characters
        self.chain = chain
        at = chain.lowerBound
    }

    /// The ranges of the graph's chains, split at `;` outside quotes (and
    /// not escaped).
    static func chains(of characters: [Character]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var quoted = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\" {
                index += 2
                continue
            }
            if character == "'" { quoted.toggle() }
            if character == ";" && !quoted {
                ranges.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        ranges.append(start..<characters.count)
        return ranges
    }

    /// Moves past spaces.
    mutating func skipSpaces() {
        while at < chain.upperBound, characters[at].isWhitespace { at += 1 }
    }

    /// The `[label]`s from here (spaces around them skipped), each without
    /// its brackets and with the range it takes, brackets included.
    mutating func labels() -> [(label: String, range: Range<Int>)] {
        var found: [(label: String, range: Range<Int>)] = []
        skipSpaces()
        while at < chain.upperBound, characters[at] == "[",
            let close = characters[at..<chain.upperBound].firstIndex(of: "]")
        {
            found.append((String(characters[(at + 1)..<close]), at..<(close + 1)))
            at = close + 1
            skipSpaces()
        }
        return found
    }

    /// Whether `word` is written here; if so, moves past it.
    mutating func take(_ word: String) -> Bool {
        let word = Array(word)
        guard at + word.count <= chain.upperBound, Array(characters[at..<(at + word.count)]) == word else {
            return false
        }
        at += word.count
        return true
    }
}
