import CLinux
import Foundation

/// The files of an image-sequence recording (`out%04d.png`): the muxer
/// writes them into a hidden temporary folder beside their destination,
/// and `commit` moves them all into place when the recording finishes,
/// each with an atomic rename, or none of them.
///
/// Without `overwrite` a name that exists stops the commit; with it, an
/// existing regular file is swapped out (`RENAME_EXCHANGE`) and kept in the
/// temporary folder until every file is in place (or, kept for a group of
/// outputs, until its placement is finished or taken back). A commit that
/// fails puts back everything it moved, so what was there before is
/// untouched, and `remove()` then deletes this run's files. A killed
/// process leaves only its hidden folder.
///
/// @unchecked Sendable: driven only by the recorder, under its work lock.
final class SequenceOutput: @unchecked Sendable {
    /// The pattern as the user gave it.
    let pattern: String
    /// The folder the images go to.
    let destination: String
    /// The hidden folder they are written in until the commit.
    let folder: String
    /// The final paths, once committed.
    private(set) var committed: [String] = []

    init(pattern: String) throws(AVError) {
        self.pattern = pattern
        let name = PathName(pattern)
        destination = name.folderOrCurrent
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        folder = PathName.joining(destination, ".harbeth-sequence-\(getpid())-\(random).tmp")
        guard mkdir(folder, 0o700) == 0 else { throw AVError(code: -errno) }
    }

    /// The pattern the muxer writes, inside the temporary folder.
    var muxerPattern: String { PathName.joining(folder, PathName(pattern).name) }

    /// The images written so far, by name, in order.
    var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// The bytes of every image written.
    var totalSize: Int64 {
        names.reduce(0) { total, name in
            var info = stat()
            return total + (stat(PathName.joining(folder, name), &info) == 0 ? Int64(info.st_size) : 0)
        }
    }

    /// Moves every image into place, or none (see the type's rules). With
    /// `keepingReplaced` the images it replaced wait in the hidden folder
    /// and the placement returned can take the whole sequence back;
    /// without, they go and it returns nil.
    func commit(overwrite: Bool, keepingReplaced: Bool) throws(MediaError) -> OutputFile.Placement? {
        var moved: [(name: String, exchanged: Bool)] = []
        func rollBack() {
            for (name, exchanged) in moved.reversed() {
                let from = PathName.joining(destination, name)
                let to = PathName.joining(folder, name)
                _ = clinux_renameat2(from, to, exchanged ? clinux_rename_exchange() : clinux_rename_noreplace())
            }
        }
        for name in names {
            let source = PathName.joining(folder, name)
            let target = PathName.joining(destination, name)
            if clinux_renameat2(source, target, clinux_rename_noreplace()) == 0 {
                moved.append((name, false))
                continue
            }
            let code = errno
            guard code == EEXIST else {
                rollBack()
                throw .renameFailed(path: target, reason: String(cString: strerror(code)))
            }
            guard overwrite else {
                rollBack()
                throw .outputExists(path: target)
            }
            guard OutputFile.entry(at: target) == .regularFile,
                clinux_renameat2(source, target, clinux_rename_exchange()) == 0
            else {
                rollBack()
                throw .outputNotReplaceable(path: target, kind: "\(OutputFile.entry(at: target))")
            }
            moved.append((name, true))
        }
        committed = moved.map { PathName.joining(destination, $0.name) }
        guard keepingReplaced else {
            // What is left in the folder is what the images replaced.
            removeFolder()
            return nil
        }
        return OutputFile.Placement(
            moves: moved.map { name, exchanged in
                OutputFile.Placement.Move(
                    path: PathName.joining(destination, name),
                    replaced: exchanged ? PathName.joining(folder, name) : nil)
            }, folder: folder)
    }

    /// Deletes this run's images and the temporary folder.
    func remove() { removeFolder() }

    private func removeFolder() {
        for name in names { unlink(PathName.joining(folder, name)) }
        rmdir(folder)
    }
}
