import CLinux
import Foundation

/// The final path of a recording, and the one step that puts a finished
/// file there.
///
/// The rules, the same for the library and the tool:
/// - Only a regular file, or nothing, is ever replaced. A directory, a
///   device (`/dev/null` included), a named pipe or a socket at the path is
///   refused before anything is written, and checked again at the moment of
///   the rename, so one that appears during the recording is left alone.
/// - A symbolic link is followed: the file it points to is what gets
///   written (atomically, like any output) and the link stays a link. The
///   temporary file is made beside the target, so the rename stays within
///   one file system.
/// - Without `overwrite`, nothing that exists is replaced, not even a file
///   that appeared while the recording ran (another run to the same
///   output): the rename is `renameat2(RENAME_NOREPLACE)`, and what appeared
///   wins; this recording fails with `outputAppeared`.
/// - With `overwrite`, the finished file is swapped in with
///   `renameat2(RENAME_EXCHANGE)` and what it replaced is then looked at:
///   a regular file is removed, anything else is swapped back and the
///   recording fails with `outputNotReplaceable`.
/// - A failure never changes what stands at the path.
package struct OutputFile: Sendable, Equatable {
    /// What stands at a path.
    package enum Entry: Sendable, Equatable {
        case nothing
        case regularFile
        case directory
        /// A device, named pipe or socket, named as `ls` would ("character device").
        case special(kind: String)
    }

    /// The path asked for, as given.
    package let requested: String
    /// Where the file really goes: `requested`, or the file a symbolic link
    /// there points to (through every link in the chain).
    package let path: String
    /// What stood at `path` when it was looked at.
    package let entry: Entry

    /// Looks at what stands at `requested`, following symbolic links.
    package init(_ requested: String) throws(MediaError) {
        self.requested = requested
        path = try Self.followLinks(requested)
        entry = Self.entry(at: path)
    }

    /// True when `requested` is a symbolic link (so `path` is its target).
    package var followsLink: Bool { path != requested }

    /// Refuses what may not be replaced: anything but a regular file, and
    /// a regular file too unless `overwrite`.
    package func checkReplaceable(overwrite: Bool) throws(MediaError) {
        switch entry {
        case .nothing: return
        case .regularFile:
            if !overwrite { throw .outputExists(path: requested) }
        case .directory:
            throw .outputNotReplaceable(path: requested, kind: "directory")
        case .special(let kind):
            throw .outputNotReplaceable(path: requested, kind: kind)
        }
    }

    /// Moves the finished `temporary` file (beside `path`) to `path`, by
    /// the rules above. On failure `temporary` is still there for its
    /// owner to remove, and `path` is as it was.
    package func commit(from temporary: String, overwrite: Bool) throws(MediaError) {
        try commit(from: temporary, overwrite: overwrite, keepingReplaced: false).finish()
    }

    /// A commit that can still be taken back: what it put at each path
    /// (one for a file, one per image for a sequence), and where each file
    /// it replaced waits (at the temporary's name, or in the sequence's
    /// hidden folder) until `finish()` removes it or `rollBack()` puts it
    /// back.
    package struct Placement: Sendable {
        /// One path the commit filled.
        struct Move: Sendable {
            let path: String
            /// The replaced file's name now; nil when nothing was replaced.
            let replaced: String?
        }

        let moves: [Move]
        /// A folder the replaced files wait in, removed once they are
        /// gone or back.
        let folder: String?

        init(path: String, replaced: String?) {
            moves = [Move(path: path, replaced: replaced)]
            folder = nil
        }

        init(moves: [Move], folder: String?) {
            self.moves = moves
            self.folder = folder
        }

        /// Makes the commit final: the replaced files go.
        package func finish() {
            for move in moves { if let replaced = move.replaced { unlink(replaced) } }
            if let folder { rmdir(folder) }
        }

        /// Undoes the commit, last move first: each replaced file comes
        /// back (the recording takes its place at the temporary name and
        /// is removed), or the path is emptied again.
        package func rollBack() {
            for move in moves.reversed() {
                if let replaced = move.replaced {
                    if clinux_renameat2(replaced, move.path, clinux_rename_exchange()) == 0 { unlink(replaced) }
                } else {
                    unlink(move.path)
                }
            }
            if let folder { rmdir(folder) }
        }
    }

    /// `commit(from:overwrite:)` that keeps the file it replaces, so a run
    /// with several outputs can take back the ones it committed when a
    /// later one fails. Without `keepingReplaced`, the placement holds
    /// nothing to take back.
    package func commit(from temporary: String, overwrite: Bool, keepingReplaced: Bool) throws(MediaError)
        -> Placement
    {
        // A few rounds at most: each retry means another process changed
        // the path between two atomic steps.
        for _ in 0..<4 {
            if clinux_renameat2(temporary, path, clinux_rename_noreplace()) == 0 {
                return Placement(path: path, replaced: nil)
            }
            let code = errno
            if code == EINVAL || code == ENOSYS {
                try commitWithoutFlags(from: temporary, overwrite: overwrite)
                return Placement(path: path, replaced: nil)
            }
            guard code == EEXIST else { throw .renameFailed(path: requested, reason: Self.describe(code)) }
            guard overwrite else { throw .outputAppeared(path: requested) }
            if try exchange(with: temporary, keepingReplaced: keepingReplaced) {
                return Placement(path: path, replaced: keepingReplaced ? temporary : nil)
            }
        }
        throw .renameFailed(path: requested, reason: "the path kept changing while the file was moved into place")
    }

    /// Swaps the finished file in; true when done, false when the path
    /// emptied in between (try the plain rename again).
    private func exchange(with temporary: String, keepingReplaced: Bool) throws(MediaError) -> Bool {
        guard clinux_renameat2(temporary, path, clinux_rename_exchange()) == 0 else {
            let code = errno
            if code == ENOENT { return false }
            if code == EINVAL || code == ENOSYS {
                try commitWithoutFlags(from: temporary, overwrite: true)
                return true
            }
            throw .renameFailed(path: requested, reason: Self.describe(code))
        }
        // `temporary` now names what stood at the path.
        let replaced = Self.entry(at: temporary)
        guard replaced == .regularFile else {
            // Put it back: a device, pipe, link or folder is never replaced.
            _ = clinux_renameat2(temporary, path, clinux_rename_exchange())
            throw .outputNotReplaceable(path: requested, kind: Self.kindName(replaced))
        }
        if !keepingReplaced { unlink(temporary) }
        return true
    }

    /// For file systems without renameat2's flags: `link` refuses an
    /// existing name as RENAME_NOREPLACE does; with `overwrite`, a
    /// regular file is replaced by `rename` (a narrow window in which
    /// another process could put something else there).
    private func commitWithoutFlags(from temporary: String, overwrite: Bool) throws(MediaError) {
        if link(temporary, path) == 0 {
            unlink(temporary)
            return
        }
        let code = errno
        guard code == EEXIST else {
            // Some file systems have no hard links at all: check, then rename.
            guard Self.entry(at: path) == .nothing || (overwrite && Self.entry(at: path) == .regularFile) else {
                throw overwrite
                    ? .outputNotReplaceable(path: requested, kind: Self.kindName(Self.entry(at: path)))
                    : .outputAppeared(path: requested)
            }
            guard rename(temporary, path) == 0 else {
                throw .renameFailed(path: requested, reason: Self.describe(errno))
            }
            return
        }
        guard overwrite else { throw .outputAppeared(path: requested) }
        let standing = Self.entry(at: path)
        guard standing == .regularFile else {
            throw .outputNotReplaceable(path: requested, kind: Self.kindName(standing))
        }
        guard rename(temporary, path) == 0 else { throw .renameFailed(path: requested, reason: Self.describe(errno)) }
    }

    // MARK: Looking at paths

    /// What stands at `path` itself (`lstat`: a link is reported as what it is).
    package static func entry(at path: String) -> Entry {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .nothing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .directory
        case S_IFCHR: return .special(kind: "character device")
        case S_IFBLK: return .special(kind: "block device")
        case S_IFIFO: return .special(kind: "named pipe")
        case S_IFSOCK: return .special(kind: "socket")
        case S_IFLNK: return .special(kind: "symbolic link")
        default: return .special(kind: "special file")
        }
    }

    /// The path a chain of symbolic links at `path` ends at (which may not
    /// exist yet: a dangling link names the file to make).
    static func followLinks(_ path: String) throws(MediaError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw .renameFailed(path: path, reason: describe(errno)) }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : PathName.joining(PathName(current).folder, target)
        }
        throw .renameFailed(path: path, reason: describe(ELOOP))
    }

    private static func kindName(_ entry: Entry) -> String {
        switch entry {
        case .nothing: return "missing file"
        case .regularFile: return "regular file"
        case .directory: return "directory"
        case .special(let kind): return kind
        }
    }

    private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
