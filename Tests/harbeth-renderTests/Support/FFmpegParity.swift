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
        for input in inputs {
            for recipe in recipes {
                let run = try Tool.run(
                    ["-v", "-vf", recipe, "--codec", "ffv1", "-an", "-y", "-o", "ours.mkv", input], in: folder)
                XCTAssertEqual(run.status, 0, "\(input) \(recipe): \(run.stderr)", file: file, line: line)
                guard run.status == 0 else { continue }
                if let plan {
                    XCTAssertTrue(
                        run.stderr.contains(plan), "\(input) \(recipe): \(run.stderr)", file: file, line: line)
                }
                let reference = try Clips.ffmpegFiltered(folder, input: input, filter: recipe)
                XCTAssertEqual(
                    try pictures(folder.appendingPathComponent("ours.mkv").path), try pictures(reference),
                    "\(input) \(recipe)", file: file, line: line)
            }
        }
    }
}
