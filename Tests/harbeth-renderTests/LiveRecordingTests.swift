import Foundation
import HarbethTestSupport
import XCTest

/// Live recordings steered while they run: pause and resume (signals and
/// the `p` key), and `q` on a terminal.
final class LiveRecordingTests: XCTestCase {
    private func frameTimes(_ path: String) throws -> [Double] {
        try Clips.probe("frame=pts_time", stream: "v:0", of: path).compactMap(Double.init)
    }

    /// The screen recording: paused with SIGUSR1 for a while and
    /// resumed with SIGUSR2; the output has no gap and its content moves.
    func testAPausedScreenRecordingHasNoGapAndItsContentMoves() throws {
        let (screen, display) = try Service.virtualScreen()
        defer { screen.stop() }
        let picture = try Service.movingPicture(on: display)
        defer { picture.stop() }
        let folder = try Clips.folder()
        let tool = try Tool.start(
            [
                "-v", "-f", "x11grab", "-framerate", "25", "-video_size", "320x240", "-vf", "sepia", display,
                "--duration", "4", "-o", "paused.mkv",
            ], in: folder, timeLimit: 120)
        XCTAssertTrue(tool.waitForStderrLine(containing: "first frame written"))
        kill(tool.process.processIdentifier, SIGUSR1)
        XCTAssertTrue(tool.waitForStderrLine(containing: "paused: nothing is written"))
        // The pause's length, not an ordering: the screen goes on meanwhile.
        usleep(1_200_000)
        kill(tool.process.processIdentifier, SIGUSR2)
        XCTAssertTrue(tool.waitForStderrLine(containing: "resumed: the output goes on without a gap"))
        let run = tool.finish()
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("paused 1 time(s)"), run.stderr)
        let output = folder.appendingPathComponent("paused.mkv").path
        let times = try frameTimes(output)
        XCTAssertGreaterThan(times.count, 10)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        XCTAssertLessThan(gaps.max() ?? 0, 0.5, "a hole in the timeline: \(times)")
        // About 1.2 s of the 4 s were paused, so the output is shorter.
        XCTAssertLessThan(times.last! - times.first!, 3.6, "\(times)")
        let first = try Clips.pixels(output, index: 0)
        let last = try Clips.pixels(output, index: times.count - 1)
        XCTAssertGreaterThan(Clips.meanAbsoluteDifference(first, last), 1, "the screen did not change")
    }

    /// On a terminal, `p` pauses and resumes and `q` finishes a live
    /// recording, as in ffmpeg. The terminal is a pseudo-terminal Python opens.
    func testTheKeysOnATerminalPauseResumeAndFinish() throws {
        let folder = try Clips.folder()
        let script = """
            import os, pty, select, sys
            pid, fd = pty.fork()
            if pid == 0:
                os.execvp(sys.argv[1], sys.argv[1:])
            output = b""
            def wait_for(text):
                global output
                while text not in output:
                    ready, _, _ = select.select([fd], [], [], 60)
                    if not ready:
                        sys.exit("timed out waiting for " + text.decode())
                    chunk = os.read(fd, 4096)
                    if not chunk:
                        sys.exit("ended before " + text.decode())
                    output += chunk
            wait_for(b"first frame written")
            os.write(fd, b"p")
            wait_for(b"paused:")
            os.write(fd, b"p")
            wait_for(b"resumed:")
            os.write(fd, b"q")
            try:
                while True:
                    chunk = os.read(fd, 4096)
                    if not chunk:
                        break
                    output += chunk
            except OSError:
                pass
            _, status = os.waitpid(pid, 0)
            sys.stdout.write(output.decode(errors="replace"))
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        let scriptPath = folder.appendingPathComponent("terminal.py").path
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", scriptPath, Tool.binary.path, "-v", "-f", "lavfi", "--drop", "newest", "-vf", "sepia",
            "testsrc2=size=160x120:rate=25", "-o", "keys.mkv",
        ]
        process.currentDirectoryURL = folder
        process.environment = Tool.environment
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("q stopped the live input; the recording was finished"), text)
        XCTAssertTrue(text.contains("paused 1 time(s)"), text)
        XCTAssertGreaterThan(try XCTUnwrap(Clips.frameCount(folder.appendingPathComponent("keys.mkv").path)), 0)
    }

    /// Five seconds in two-second segments: each starts with a key frame,
    /// decodes alone, carries its part of the audio, and the timestamps run on.
    func testSegmentsEachDecodeAloneAndTogetherHoldEveryFrame() throws {
        let clip = try TestMedia.clip(
            "segments-5s.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=5", "-f", "lavfi", "-i",
                "sine=duration=5", "-c:v", "libx264", "-preset", "ultrafast", "-g", "250", "-c:a", "aac", "-shortest",
            ])
        let folder = try Clips.folder(with: [clip])
        let run = try Tool.run(["-vf", "sepia", "segments-5s.mp4", "--segment-time", "2", "-o", "rec.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("wrote rec_%03d.mp4: 3 segment(s)"), run.stderr)
        XCTAssertEqual(Clips.entries(folder), ["rec_000.mp4", "rec_001.mp4", "rec_002.mp4", "segments-5s.mp4"])
        var frames = 0
        for (index, name) in ["rec_000.mp4", "rec_001.mp4", "rec_002.mp4"].enumerated() {
            let path = folder.appendingPathComponent(name).path
            let errors = try TestMedia.run("ffmpeg", ["-v", "error", "-i", path, "-f", "null", "-"])
            XCTAssertTrue(errors.isEmpty, String(decoding: errors, as: UTF8.self))
            let keyFrames = try Clips.probe("frame=key_frame", stream: "v:0", of: path)
            XCTAssertEqual(keyFrames.first, "1", "\(name) does not start with a key frame")
            let start = try XCTUnwrap(Double(try Clips.probe("stream=start_time", stream: "v:0", of: path)[0]))
            XCTAssertEqual(start, Double(index) * 2, accuracy: 0.001)
            XCTAssertEqual(try Clips.probe("stream=codec_name", stream: "a:0", of: path), ["aac"])
            frames += try XCTUnwrap(try Clips.frameCount(path))
        }
        XCTAssertEqual(frames, 125)
        // The name's own number field is used as it is.
        let named = try Tool.run(
            ["-vf", "sepia", "segments-5s.mp4", "--segment-time", "4", "-o", "part%d.mkv"], in: folder)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertTrue(Clips.entries(folder).contains("part0.mkv") && Clips.entries(folder).contains("part1.mkv"))
    }

    /// Segments of a file export are an export: an interrupt leaves none of them.
    func testAnInterruptedSegmentedExportLeavesNoSegment() throws {
        let clip = try TestMedia.clip(
            "segments-5s-video.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=5", "-c:v", "libx264", "-preset",
                "ultrafast",
            ])
        let folder = try Clips.folder(with: [clip])
        let tool = try Tool.start(
            ["-vf", "sepia", "segments-5s-video.mp4", "--segment-time", "0.1", "-o", "rec.mp4"], in: folder,
            environment: ["HARBETH_RENDER_HOLD_AT_FRAME": "20"])
        XCTAssertTrue(tool.waitForStderrLine(containing: "holding frame"))
        kill(tool.process.processIdentifier, SIGINT)
        let run = tool.finish()
        XCTAssertEqual(run.status, 130, run.stderr)
        XCTAssertEqual(Clips.entries(folder), ["segments-5s-video.mp4"])
    }

    func testSegmentOptionsThatCannotWorkAreOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let still = try Tool.run(["-vf", "sepia", "cli-clip.mp4", "--segment-time", "1", "-o", "a.png"], in: folder)
        XCTAssertEqual(still.status, 2, still.stderr)
        XCTAssertTrue(still.stderr.contains("--segment-time writes video files"), still.stderr)
        let zero = try Tool.run(["-vf", "sepia", "cli-clip.mp4", "--segment-time", "0", "-o", "a.mp4"], in: folder)
        XCTAssertEqual(zero.status, 2, zero.stderr)
    }
}
