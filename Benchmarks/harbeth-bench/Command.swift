/// A program to run: an absolute path and its arguments, passed as they
/// are (no shell in between), and changes to the bench's own environment.
struct Command: Sendable {
    var executable: String
    var arguments: [String]
    /// Variables to set; a nil value removes the variable.
    var environment: [String: String?] = [:]
    /// Variables that each run points at a new, empty folder (a cold cache).
    var freshFolderVariables: [String] = []

    /// The command line for people to read (reports, errors): words with
    /// characters a shell would treat specially are single-quoted. It is
    /// never given to a shell.
    var displayText: String {
        let words = [executable] + arguments
        let settings = environment.sorted { $0.key < $1.key }.map { key, value in
            value.map { "\(key)=\(Self.quoted($0))" } ?? "-u \(key)"
        }
        let fresh = freshFolderVariables.map { "\($0)=<new empty folder>" }
        return (settings + fresh + words.map(Self.quoted)).joined(separator: " ")
    }

    private static func quoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0) }
        if plain && !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
