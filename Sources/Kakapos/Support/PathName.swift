/// A file path taken apart as text: its folder, its name, the name's stem
/// and extension.
///
/// Foundation's `NSString` path methods trap on some one-character paths
/// on Linux (`("x" as NSString).deletingLastPathComponent`), and a tool
/// must survive any name a user types, so paths are split here by their
/// slashes and dots alone. Nothing is resolved against the file system.
package struct PathName: Sendable, Hashable, CustomStringConvertible {
    /// The path as given.
    package let text: String

    package init(_ text: String) { self.text = text }

    package var description: String { text }

    /// The path without trailing slashes ("/" stays "/").
    private var trimmed: Substring {
        var end = text[...]
        while end.count > 1, end.hasSuffix("/") { end = end.dropLast() }
        return end
    }

    /// The folder part: "" for a bare name, "/" for a name in the root,
    /// and otherwise everything before the last slash.
    package var folder: String {
        let path = trimmed
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        var folder = path[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }

    /// The folder to open or list: `folder`, or "." for a bare name.
    package var folderOrCurrent: String { folder.isEmpty ? "." : folder }

    /// The last component: "" for "" and "/" itself.
    package var name: String {
        let path = trimmed
        if path == "/" { return "" }
        guard let slash = path.lastIndex(of: "/") else { return String(path) }
        return String(path[path.index(after: slash)...])
    }

    /// The name's extension without the dot: "" when the name has no dot
    /// after its first character (".hidden" has none, "a." has an empty one).
    package var pathExtension: String {
        let name = self.name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The name without its extension and dot.
    package var stem: String {
        let name = self.name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `name` in `folder`: the folder, a slash where one is needed, the name.
    package static func joining(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
