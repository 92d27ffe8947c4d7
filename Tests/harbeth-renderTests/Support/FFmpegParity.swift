import Foundation
import HarbethTestSupport
import XCTest

/// Runs of ours against FFmpeg's own, frame for frame.
enum FFmpegParity {
    /// Each frame's picture MD5 of the video at `path`.
    static func pictures(_ path: String) throws -> [Substring] {
        try Clips.frameHashes(path).map { $0.split(separator: " ").last! }
    }

    /// Runs `-vf recipe` on each of `inputs` in `folder` (to FFV1) and
    /// asserts every frame is FFmpeg's for the same `-vf`, exactly, and,
    /// when `plan` is given, that the plan says so (`"eq on the planes"`).
    static func assertExactlyFFmpegs(
        _ recipes: [String], inputs: [String], in folder: URL, plan: String? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        try eachRun(recipes, inputs: inputs, in: folder, plan: plan, file: file, line: line) {
            ours, theirs, name in
            XCTAssertEqual(try pictures(ours), try pictures(theirs), name, file: file, line: line)
        }
    }

    /// Runs `-vf recipe` on each of `inputs` in `folder` (to FFV1, with
    /// `options` such as `-pix_fmt bgr0`) and asserts every frame is within
    /// `minimum` dB of FFmpeg's for the same `-vf` (PSNR of the stored
    /// samples, or as shown in RGB when `asShown`).
    static func assertNearFFmpegs(
        _ recipes: [String], inputs: [String], in folder: URL, minimum: Double, asShown: Bool = false,
        options: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try eachRun(recipes, inputs: inputs, in: folder, plan: nil, options: options, file: file, line: line) {
            ours, theirs, name in
            let values = try Clips.framePSNRs(ours, theirs, asShown: asShown)
            XCTAssertFalse(values.isEmpty, name, file: file, line: line)
            XCTAssertGreaterThanOrEqual(
                values.min() ?? 0, minimum, "\(name): worst frame's PSNR", file: file, line: line)
        }
    }

    /// Runs `-vf recipe` on each of `inputs` in `folder` to FFV1, ours and
    /// FFmpeg's, asserting ours succeeds (and, with `plan`, that its plan
    /// says so), and hands `compare` both paths and the run's name.
    private static func eachRun(
        _ recipes: [String], inputs: [String], in folder: URL, plan: String?, options: [String] = [],
        file: StaticString, line: UInt, compare: (_ ours: String, _ theirs: String, _ name: String) throws -> Void
    ) throws {
        for input in inputs {
            for recipe in recipes {
                let run = try Tool.run(
                    ["-v", "-vf", recipe, "--codec", "ffv1"] + options + ["-an", "-y", "-o", "ours.mkv", input],
                    in: folder)
                XCTAssertEqual(run.status, 0, "\(input) \(recipe): \(run.stderr)", file: file, line: line)
                guard run.status == 0 else { continue }
                if let plan {
                    XCTAssertTrue(
                        run.stderr.contains(plan), "\(input) \(recipe): \(run.stderr)", file: file, line: line)
                }
                let reference = try Clips.ffmpegFiltered(folder, input: input, filter: recipe)
                try compare(folder.appendingPathComponent("ours.mkv").path, reference, "\(input) \(recipe)")
            }
        }
    }

    /// Runs `-vf recipe` on each of `inputs` in `folder` (to FFV1) and
    /// asserts every sample of every frame is within one code of FFmpeg's
    /// for the same `-vf`, and that at most `fraction` of them differ at
    /// all (a float landing on the other side of a half); with `plan`, that
    /// the plan says so.
    static func assertWithinOneCodeOfFFmpegs(
        _ recipes: [String], inputs: [String], in folder: URL, plan: String? = nil, fraction: Double,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try eachRun(recipes, inputs: inputs, in: folder, plan: plan, file: file, line: line) {
            oursPath, theirsPath, name in
            let (ours, theirs) = (try samples(oursPath), try samples(theirsPath))
            XCTAssertEqual(ours.count, theirs.count, name, file: file, line: line)
            let differences = zip(ours, theirs).map { abs($0 - $1) }
            let differing = differences.filter { $0 > 0 }.count
            XCTAssertLessThanOrEqual(differences.max() ?? 0, 1, name, file: file, line: line)
            XCTAssertLessThanOrEqual(
                Double(differing), fraction * Double(ours.count),
                "\(name): \(differing) of \(ours.count) samples differ",
                file: file, line: line)
        }
    }

    /// Every sample of every frame of the video at `path`, in its own
    /// layout (two bytes a sample past 8 bits).
    static func samples(_ path: String) throws -> [Int] {
        let format = String(
            decoding: try TestMedia.run(
                "ffprobe", ["-v", "error", "-show_entries", "stream=pix_fmt", "-of", "csv=p=0", path]),
            as: UTF8.self)
        let bytes = [UInt8](try TestMedia.run("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-"]))
        guard format.contains("10") || format.contains("12") else { return bytes.map(Int.init) }
        return stride(from: 0, to: bytes.count - 1, by: 2).map { Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8 }
    }
}
