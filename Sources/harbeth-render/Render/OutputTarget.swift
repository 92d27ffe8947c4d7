import Foundation
import Kakapos

/// Where a render's output goes, decided and checked before any work:
/// the default name beside the input, never the input itself, never over
/// an existing file without `-y`, and only into a folder that exists and
/// can be written.
struct OutputTarget: Equatable {
    /// The path as given with `-o`, or as made from the input's.
    let path: String
    /// True when the name was made by the tool (it then says where it wrote).
    let isDefaultName: Bool

    /// What the path names: a file, a pipe, a URL or an image sequence.
    var destination: OutputDestination { OutputDestination(parsing: path) }

    /// True when the output is one still image (a file with an image extension).
    var isStill: Bool {
        guard case .file = destination else { return false }
        return Self.stillExtensions.contains(PathName(path).pathExtension.lowercased())
    }

    /// Extensions read as still images (their default output is a PNG unless
    /// they are PNG or JPEG already).
    static let stillExtensions: Set<String> = ["png", "jpg", "jpeg", "bmp", "tif", "tiff", "webp"]

    /// `<folder>/<stem>.<first-filter>.<ext>` beside the input: the input's
    /// extension when the recorder writes it, else png for stills and mp4
    /// for video.
    static func defaultPath(input: String, firstFilter: String) -> String {
        let path = PathName(input)
        let inputExtension = path.pathExtension
        let pathExtension: String
        if !inputExtension.isEmpty, (try? RecorderSink(url: URL(fileURLWithPath: input))) != nil {
            pathExtension = inputExtension
        } else {
            pathExtension = stillExtensions.contains(inputExtension.lowercased()) ? "png" : "mp4"
        }
        return PathName.joining(path.folder, path.stem + ".\(firstFilter).\(pathExtension)")
    }

    /// The first filter's name for the default output name: a catalog name,
    /// or `shader` for a custom shader (whose descriptor is named by its path).
    static func nameForOutput(of chain: FilterChain) -> String {
        guard let first = chain.filters.first else { return "out" }
        return FilterCatalog.standard.descriptor(named: first.name) == nil ? "shader" : first.name
    }

    /// The output for `options`, checked against the input and the file system.
    static func plan(
        output: String?, input: MediaLocation, firstFilter: String, overwrite: Bool
    ) throws(ToolError) -> OutputTarget {
        let inputPath: String
        switch input {
        case .file(let path), .imageSequence(let path): inputPath = path
        case .pipe, .url, .device:
            guard output != nil else { throw .outputNeedsName(input: input.description) }
            inputPath = ""
        }
        let target = OutputTarget(
            path: output ?? defaultPath(input: inputPath, firstFilter: firstFilter), isDefaultName: output == nil)
        switch target.destination {
        case .file: try check(target.path, input: inputPath, overwrite: overwrite)
        case .pipe, .url: break
        case .imageSequence(let pattern): try checkFolder(of: pattern)
        }
        return target
    }

    /// Refuses the input itself (through symlinks and hard links too), a
    /// directory, a device, pipe or socket, an existing file without
    /// `overwrite`, and a folder that is missing or in which no file can be
    /// made. A symbolic link is followed (its target is what gets written),
    /// as `OutputFile` does.
    static func check(_ path: String, input: String, overwrite: Bool) throws(ToolError) {
        if !input.isEmpty && isSameFile(path, input) { throw .outputIsInput(output: path, input: input) }
        let file: OutputFile
        do { file = try OutputFile(path) } catch { throw .media(error) }
        switch file.entry {
        case .nothing: break
        case .regularFile: if !overwrite { throw .outputExists(path: path) }
        case .directory: throw .outputIsDirectory(path: path)
        case .special(let kind): throw .outputIsSpecial(path: path, kind: kind)
        }
        try checkFolder(of: file.path, named: path)
    }

    /// Refuses a folder that is missing or in which no file can be made.
    static func checkFolder(of target: String, named: String? = nil) throws(ToolError) {
        let path = named ?? target
        let folderPath = PathName(target).folderOrCurrent
        var folderInfo = stat()
        guard stat(folderPath, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw .outputFolderMissing(path: path, folder: folderPath)
        }
        // The recorder writes a temporary file beside the output and renames it.
        guard access(folderPath, W_OK | X_OK) == 0 else {
            throw .outputFolderNotWritable(path: path, folder: folderPath, reason: String(cString: strerror(errno)))
        }
        // access() answers from the permission bits, which root passes even
        // where no file can be made (sysfs, procfs, a read-only export);
        // making a file is the only sure test.
        if let reason = cannotCreateFile(in: folderPath) {
            throw .outputFolderNotWritable(path: path, folder: folderPath, reason: reason)
        }
    }

    /// Makes and removes a hidden empty file in `folder`; nil when that
    /// worked, else why not.
    static func cannotCreateFile(in folder: String) -> String? {
        let probe = folder + "/.harbeth-write-test-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        close(descriptor)
        unlink(probe)
        return nil
    }

    /// True when both paths reach the same file: the same resolved path, or
    /// the same device and inode (a hard link).
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        if stat(a, &first) == 0, stat(b, &second) == 0 {
            return first.st_dev == second.st_dev && first.st_ino == second.st_ino
        }
        return resolved(a) == resolved(b)
    }

    /// The absolute path with the folder's symlinks resolved (the file
    /// itself may not exist yet).
    private static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let name = PathName(absolute)
        guard let real = realpath(name.folderOrCurrent, nil) else { return absolute }
        defer { free(real) }
        return PathName.joining(String(cString: real), name.name)
    }
}
