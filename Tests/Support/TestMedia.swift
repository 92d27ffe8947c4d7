import Foundation
import XCTest

/// Clips and frames made with the ffmpeg CLI, once per test process, in a
/// private temporary folder. Frames come back as raw planes exactly as
/// ffmpeg decodes and converts them.
public enum TestMedia {
    public enum Failure: Error, CustomStringConvertible {
        case commandFailed(String, status: Int32, output: String)

        public var description: String {
            switch self {
            case .commandFailed(let command, let status, let output):
                return "\(command) exited with \(status): \(output.suffix(600))"
            }
        }
    }

    /// The folder for this process's media; removed at exit.
    public static let directory: String = {
        let path = NSTemporaryDirectory() + "harbeth-media-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestMedia.directory) }
        return path
    }()

    /// Runs a program with arguments (no shell) and returns its standard output.
    @discardableResult
    public static func run(
        _ program: String, _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil
    ) throws -> Data {
        let process = Process()
        if let environment { process.environment = environment }
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(input)
            try inputPipe.fileHandleForWriting.close()
        }
        // Drain both pipes concurrently so a chatty program never blocks.
        let errorData = LockedData()
        let drained = DispatchSemaphore(value: 0)
        let drain = Thread {
            errorData.set(errors.fileHandleForReading.readDataToEndOfFile())
            drained.signal()
        }
        drain.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        drained.wait()
        guard process.terminationStatus == 0 else {
            throw Failure.commandFailed(
                ([program] + arguments).joined(separator: " "), status: process.terminationStatus,
                output: String(decoding: errorData.value, as: UTF8.self))
        }
        return data
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: [String: String] = [:]

    /// A clip made once by `ffmpeg ARGUMENTS PATH`, cached by name.
    public static func clip(_ name: String, _ arguments: [String]) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let path = made[name] { return path }
        let path = directory + "/" + name
        try run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y"] + arguments + [path])
        made[name] = path
        return path
    }

    /// The standard test clip: FFmpeg's testsrc2 pattern, 320x240, 10 frames,
    /// H.264 at high quality so decoded frames are close to the pattern.
    public static func standardClip() throws -> String {
        try clip(
            "testsrc2-320x240.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10:duration=1", "-c:v", "libx264", "-crf", "12",
                "-pix_fmt", "yuv420p",
            ])
    }

    /// One decoded frame of `clip` converted by ffmpeg to `pixelFormat`
    /// (an ffmpeg name: rgba, rgb24, yuv420p, nv12, ...), as raw bytes.
    public static func frame(
        of clip: String, index: Int = 3, pixelFormat: String, filters: String? = nil, inputOptions: [String] = []
    ) throws -> [UInt8] {
        var chain = "select=eq(n\\,\(index))"
        if let filters { chain += "," + filters }
        let data = try run(
            "ffmpeg",
            ["-hide_banner", "-loglevel", "error"] + inputOptions + [
                "-i", clip, "-vf", chain, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", pixelFormat, "-",
            ])
        return [UInt8](data)
    }
}

/// A write-once box for a thread's result.
final class LockedData: @unchecked Sendable {
    // @unchecked: every access is under `lock`.
    private let lock = NSLock()
    private var data: Data?

    func set(_ value: Data) {
        lock.lock()
        data = value
        lock.unlock()
    }

    var value: Data {
        lock.lock()
        defer { lock.unlock() }
        return data ?? Data()
    }
}
