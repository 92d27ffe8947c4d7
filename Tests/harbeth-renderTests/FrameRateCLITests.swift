import Foundation
import HarbethTestSupport
import XCTest

/// `fps` first or last in a chain, and `-r`, convert the frame rate as
/// FFmpeg's fps filter does: each case decodes to exactly the frames
/// FFmpeg's `-vf fps=...` makes (each frame's MD5, so the same input
/// frames dropped and repeated), on a constant- and a variable-rate input.
/// An animated filter before the conversion sees the input's frames, one
/// after it the output's, as in FFmpeg's graph.
final class FrameRateCLITests: XCTestCase {
    /// 30 frames per second for 1 s, lossless.
    private func constantRate() throws -> String {
        try TestMedia.clip(
            "fps-30.mkv", ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=30", "-t", "1", "-c:v", "ffv1"])
    }

    /// Frames at irregular times (a gap that grows frame by frame).
    private func variableRate() throws -> String {
        try TestMedia.clip(
            "fps-vfr.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=30", "-frames:v", "24", "-vf",
                "setpts='(N+N*N/9)/30/TB'", "-vsync", "vfr", "-c:v", "ffv1",
            ])
    }

    private func hashes(_ path: String) throws -> [Substring] {
        try Clips.frameHashes(path).map { $0.split(separator: " ").last! }
    }

    /// Ours with `arguments` against FFmpeg's with `reference` (its -vf).
    private func assertSameFrames(
        _ arguments: [String], reference: [String], input: String, in folder: URL, line: UInt = #line
    ) throws {
        let run = try Tool.run(["-i", input] + arguments + ["--codec", "ffv1", "-y", "ours.mkv"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr, line: line)
        let theirs = folder.appendingPathComponent("theirs.mkv").path
        try TestMedia.run(
            "ffmpeg",
            ["-hide_banner", "-loglevel", "error", "-y", "-i", folder.appendingPathComponent(input).path]
                + reference + ["-c:v", "ffv1", theirs])
        let ours = try hashes(folder.appendingPathComponent("ours.mkv").path)
        XCTAssertFalse(ours.isEmpty, line: line)
        XCTAssertEqual(ours, try hashes(theirs), "\(input) \(arguments)", line: line)
    }

    func testFpsAndRateMakeFFmpegsFrames() throws {
        let folder = try Clips.folder(with: [try constantRate(), try variableRate()])
        let cases: [(ours: [String], theirs: String)] = [
            (["-vf", "fps=15"], "fps=15"),
            (["-vf", "fps=60"], "fps=60"),
            (["-vf", "fps=ntsc"], "fps=ntsc"),
            (["-vf", "fps=7:round=up"], "fps=7:round=up"),
            (["-vf", "fps=7:round=down:eof_action=pass"], "fps=7:round=down:eof_action=pass"),
            (["-vf", "fps=fps=12.5:start_time=0.3"], "fps=12.5:start_time=0.3"),
            (["-r", "24"], "fps=24"),
            (["-r", "30000/1001"], "fps=30000/1001"),
        ]
        for input in ["fps-30.mkv", "fps-vfr.mkv"] {
            for (ours, theirs) in cases {
                try assertSameFrames(ours, reference: ["-vf", theirs], input: input, in: folder)
            }
        }
        // -frames:v counts the output's frames, as after FFmpeg's fps.
        try assertSameFrames(
            ["-r", "60", "-frames:v", "7"], reference: ["-vf", "fps=60", "-frames:v", "7"], input: "fps-30.mkv",
            in: folder)
    }

    /// eq's brightness animated by the frame number and the time (FFmpeg's
    /// eq is bit-exact here): before the conversion it counts the input's
    /// frames, after it the output's.
    func testAnimatedFiltersSeeTheirSideOfTheConversion() throws {
        let folder = try Clips.folder(with: [try constantRate()])
        let byFrame = "eq=brightness='0.01*n'"
        let byTime = "eq=brightness='0.3*t'"
        let cases: [(ours: [String], theirs: String)] = [
            (["-vf", byFrame + ",fps=60"], byFrame + ":eval=frame,fps=60"),
            (["-vf", "fps=60," + byFrame], "fps=60," + byFrame + ":eval=frame"),
            (["-vf", "fps=24," + byTime], "fps=24," + byTime + ":eval=frame"),
            (["-vf", byTime, "-r", "24"], byTime + ":eval=frame,fps=24"),
            (["-vf", "fps=45," + byFrame + ",fps=20"], "fps=45," + byFrame + ":eval=frame,fps=20"),
        ]
        for (ours, theirs) in cases {
            try assertSameFrames(ours, reference: ["-vf", theirs], input: "fps-30.mkv", in: folder)
        }
        let probe = try TestMedia.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "v", "-show_entries", "stream=r_frame_rate", "-of", "csv=p=0",
                folder.appendingPathComponent("ours.mkv").path,
            ])
        XCTAssertEqual(String(decoding: probe, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "20/1")
    }

    func testMisplacedOrInvalidRatesFailWithOneLine() throws {
        let folder = try Clips.folder(with: [try constantRate()])
        let cases: [(arguments: [String], message: String)] = [
            (["-i", "fps-30.mkv", "-vf", "sepia,fps=15,vignette"], "fps at column 7 is between filters"),
            (["-i", "fps-30.mkv", "-vf", "fps=fast"], "'fast' is not a frame rate"),
            (["-i", "fps-30.mkv", "-vf", "fps=15:round=sideways"], "round='sideways' is none of"),
            (["-i", "fps-30.mkv", "-vf", "fps=15:speed=2"], "unknown option 'speed'"),
            (["-i", "fps-30.mkv", "-r", "0"], "'0' is not a frame rate"),
            (["-i", "fps-30.mkv", "-r", "24", "-r", "25"], "-r is given twice"),
            (["-r", "24", "-i", "fps-30.mkv"], "-r before -i is FFmpeg's input rate"),
            (["-i", "fps-30.mkv", "-filter_complex", "[0]fps=15,sepia"], "fps at column 4 is before other filters"),
        ]
        for (arguments, message) in cases {
            let run = try Tool.run(arguments + ["-y", "out.mp4"], in: folder)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.mp4").path))
        }
    }
}
