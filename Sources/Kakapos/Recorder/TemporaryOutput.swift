import Foundation

/// The hidden temporary file a recording writes beside its output, and the
/// clean-up of the ones that dead processes left behind.
///
/// The name is `.NAME.harbeth-PID-RANDOM.tmp.EXT`: hidden, unique, ending
/// in the extension so the muxer still recognises it, and naming the
/// process that writes it. The file is made empty and locked (`flock`)
/// before FFmpeg opens it by name, and stays locked until the recording is
/// finished or abandoned. A process killed with SIGKILL (or a crash, or a
/// power cut) cannot remove its file, but it holds no lock any more, so a
/// later recording to the same output can tell its leftover from a file in
/// use and remove it.
final class TemporaryOutput: @unchecked Sendable {
    // @unchecked: `descriptor` is only touched under `lock`.
    /// Where the recording is written until it is renamed into place.
    let url: URL
    private let lock = NSLock()
    private var descriptor: Int32

    /// Makes the file, empty, and locks it.
    init(_ url: URL) throws(AVError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw AVError(code: -errno) }
        // A file this call made: nobody else can hold its lock yet.
        flock(descriptor, LOCK_EX)
        self.url = url
        self.descriptor = descriptor
    }

    deinit { unlock() }

    /// Lets the lock go (once the file is renamed into place or removed).
    func unlock() {
        let open = lock.withLock { () -> Int32 in
            defer { descriptor = -1 }
            return descriptor
        }
        if open >= 0 { close(open) }
    }

    /// Removes the file, then lets the lock go.
    func remove() {
        unlink(url.path)
        unlock()
    }

    /// A fresh temporary name beside `output`, for this process.
    static func url(for output: URL) -> URL {
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return output.deletingLastPathComponent()
            .appendingPathComponent(prefix(for: output) + "\(getpid())-\(random)" + suffix(for: output))
    }

    /// The process named by `name` when it is a temporary name that
    /// `url(for: output)` makes; nil for every other name.
    static func owner(ofTemporaryNamed name: String, for output: URL) -> pid_t? {
        let prefix = prefix(for: output)
        let suffix = suffix(for: output)
        guard name.count > prefix.count + suffix.count, name.hasPrefix(prefix), name.hasSuffix(suffix) else {
            return nil
        }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count).split(
            separator: "-", omittingEmptySubsequences: false)
        guard middle.count == 2, middle[0].allSatisfy({ ("0"..."9").contains($0) }), let pid = pid_t(middle[0]),
            pid > 0,
            !middle[1].isEmpty, middle[1].allSatisfy(\.isHexDigit)
        else { return nil }
        return pid
    }

    /// Removes the temporary files of recordings to `output` whose process
    /// has died: their name is one `url(for: output)` makes, the process it
    /// names no longer exists (`kill(pid, 0)` fails with ESRCH), and no one
    /// holds the file's lock (which also covers a writer in another PID
    /// namespace sharing the folder). Anything else is left alone. Returns
    /// the names removed.
    static func removeStale(for output: URL) -> [String] {
        let folder = output.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let owner = owner(ofTemporaryNamed: name, for: output), owner != getpid() else { continue }
            guard kill(owner, 0) != 0, errno == ESRCH else { continue }
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    private static func prefix(for output: URL) -> String {
        "." + output.deletingPathExtension().lastPathComponent + ".harbeth-"
    }

    private static func suffix(for output: URL) -> String {
        ".tmp." + output.pathExtension
    }
}
