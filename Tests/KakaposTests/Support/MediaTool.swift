import Foundation
import XCTest

/// Runs the ffmpeg and ffprobe command-line tools: to make test clips and to
/// check what the library wrote against FFmpeg's own reading of it.
enum MediaTool {
    struct Failure: Error, CustomStringConvertible {
        let command: String
        let status: Int32
        let output: String
        var description: String { "\(command) exited with \(status): \(output.suffix(2000))" }
    }

    /// Runs a tool and returns its standard output.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes to the end before waiting, so neither fills up.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                command: ([tool] + arguments).joined(separator: " "), status: process.terminationStatus,
                output: String(decoding: errorData, as: UTF8.self))
        }
        return String(decoding: outputData, as: UTF8.self)
    }

    /// `ffmpeg -y -loglevel error ARGS`.
    static func ffmpeg(_ arguments: [String]) throws {
        try run("ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + arguments)
    }

    /// One `ffprobe` entry per line, e.g. `entries("frame=pts_time", of: url)`.
    static func probe(_ entries: String, stream: String? = nil, of url: URL) throws -> [String] {
        var arguments = ["-v", "error"]
        if let stream { arguments += ["-select_streams", stream] }
        arguments += ["-show_entries", entries, "-of", "default=noprint_wrappers=1:nokey=1", url.path]
        return try run("ffprobe", arguments).split(separator: "\n").map(String.init)
    }

    /// The presentation times of every video frame, as ffprobe prints them.
    static func framePTSTimes(_ url: URL) throws -> [String] {
        try probe("frame=pts_time", stream: "v:0", of: url)
    }

    /// The MD5 of a stream's packets copied out (`-c copy -f md5`).
    static func packetMD5(_ url: URL, map: String) throws -> String {
        try run(
            "ffmpeg",
            [
                "-hide_banner", "-nostdin", "-loglevel", "error", "-i", url.path, "-map", map, "-c", "copy", "-f",
                "md5", "-",
            ]
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
