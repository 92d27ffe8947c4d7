import Foundation

/// The two programs compared: harbeth-render as a user runs it (release
/// build) and the ffmpeg CLI.
struct Tools {
    let render: String
    let ffmpeg: String

    static func locate(_ options: BenchOptions, scratch: String) throws(BenchError) -> Tools {
        guard let ffmpeg = options.ffmpegPath.map(absolute) ?? findOnPath("ffmpeg") else {
            throw .notFound("ffmpeg is not on PATH (install it, or pass --ffmpeg PATH)")
        }
        let render: String
        if let given = options.renderPath {
            render = absolute(given)
        } else {
            render = try buildRender(scratch: scratch)
        }
        for path in [ffmpeg, render] where access(path, X_OK) != 0 {
            throw .notFound("\(path) is not an executable file")
        }
        return Tools(render: render, ffmpeg: ffmpeg)
    }

    /// `swift build -c release --product harbeth-render` in the package that
    /// holds the working folder, then its bin path: a debug build would
    /// measure the wrong thing, and an up-to-date build takes seconds.
    private static func buildRender(scratch: String) throws(BenchError) -> String {
        guard let swift = findOnPath("swift") else {
            throw .notFound("swift is not on PATH: build harbeth-render yourself and pass --render PATH")
        }
        guard let root = packageRoot() else {
            throw .notFound("no Package.swift here or above: run from the package, or pass --render PATH")
        }
        FileHandle.standardError.write(Data("harbeth-bench: building harbeth-render (release) in \(root)\n".utf8))
        let build = Command(
            executable: swift,
            arguments: ["build", "--package-path", root, "-c", "release", "--product", "harbeth-render"])
        _ = try ChildProcess.capture(build, scratch: scratch)
        let binPath = Command(
            executable: swift, arguments: ["build", "--package-path", root, "-c", "release", "--show-bin-path"])
        let folder = try ChildProcess.capture(binPath, scratch: scratch).trimmingCharacters(in: .whitespacesAndNewlines)
        return folder + "/harbeth-render"
    }

    private static func packageRoot() -> String? {
        var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.path
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    static func findOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
