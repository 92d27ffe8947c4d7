import Foundation

/// The bench's folder: inputs (kept between runs of the bench when the
/// folder is given), outputs, shader caches, logs and cold-cache folders.
struct WorkFolder {
    let root: String
    /// Made by the bench, so removed at the end.
    let isTemporary: Bool

    var inputs: String { root + "/inputs" }
    var outputs: String { root + "/outputs" }
    var harbethCache: String { root + "/cache/harbeth" }
    var mesaCache: String { root + "/cache/mesa" }
    /// Each run's standard output and error, by contestant.
    var logs: String { root + "/logs" }
    /// New empty folders for cold-start runs.
    var cold: String { root + "/cold" }

    static func open(_ path: String?) throws(BenchError) -> WorkFolder {
        let folder: WorkFolder
        if let path {
            folder = WorkFolder(root: URL(fileURLWithPath: path).standardizedFileURL.path, isTemporary: false)
        } else {
            var template = Array((NSTemporaryDirectory() + "/harbeth-bench-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else {
                throw .io("could not make a temporary folder: \(String(cString: strerror(errno)))")
            }
            folder = WorkFolder(root: String(cString: made), isTemporary: true)
        }
        // Old outputs, logs and caches are not reused, only the inputs.
        for old in [folder.outputs, folder.logs, folder.cold, folder.root + "/cache"] {
            try? FileManager.default.removeItem(atPath: old)
        }
        for needed in [folder.inputs, folder.outputs, folder.harbethCache, folder.mesaCache, folder.logs, folder.cold] {
            do {
                try FileManager.default.createDirectory(atPath: needed, withIntermediateDirectories: true)
            } catch {
                throw .io("could not make \(needed): \(error.localizedDescription)")
            }
        }
        return folder
    }

    /// A new empty folder for one cold-start run.
    func freshFolder(_ name: String) throws(BenchError) -> String {
        let path = cold + "/" + name
        try? FileManager.default.removeItem(atPath: path)
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .io("could not make \(path): \(error.localizedDescription)")
        }
        return path
    }

    func removeIfTemporary() {
        if isTemporary { try? FileManager.default.removeItem(atPath: root) }
    }
}
