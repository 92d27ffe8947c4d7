import Foundation
import HarbethTestSupport
import XCTest

/// Output names as users type them, and what stands at the output path:
/// no name crashes the tool, only a regular file is ever replaced (with
/// `-y`), a symbolic link is followed, and a file that appears during a run
/// is never replaced without `-y`.
final class OutputSafetyTests: XCTestCase {
    private let timeLimit: Double = 120

    /// Names that once crashed the tool (Foundation's path methods trap on
    /// one-character paths) and other odd ones: each run ends with an exit
    /// status, never a signal, and either writes or says why in one line.
    func testNoOutputOrInputNameCrashesTheTool() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("cli-clip.mp4"), to: folder.appendingPathComponent("y"))
        let cases: [(arguments: [String], status: Int32, wrote: String?)] = [
            (["-vf", "sepia", "cli-clip.mp4", "-o", "x"], 2, nil),
            (["-vf", "sepia", "cli-clip.mp4", "-o", "-"], 2, nil),
            (["-vf", "sepia", "cli-clip.mp4", "-o", ""], 2, nil),
            (["-vf", "sepia", "cli-clip.mp4", "-o", "."], 1, nil),
            (["-vf", "sepia", "cli-clip.mp4", "-o", "/"], 1, nil),
            (["-vf", "sepia", "cli-clip.mp4", "-o", "a."], 2, nil),
            (["-vf", "sepia", "cli-clip.mp4", "-o", ".mp4"], 2, nil),
            (["-vf", "sepia", "cli-clip.mp4", "-o", "z.mkv"], 0, "z.mkv"),
            (["-vf", "sepia", "cli-clip.mp4", "-o", "é ü.mkv"], 0, "é ü.mkv"),
            // One character and no extension: the default output is y.sepia.mp4.
            (["-vf", "sepia", "y"], 0, "y.sepia.mp4"),
            (["-vf", "sepia", "-", "-o", "dash.mp4"], 1, nil),
        ]
        for (arguments, status, wrote) in cases {
            let run = try Tool.run(arguments, in: folder, timeLimit: timeLimit)
            XCTAssertFalse(run.killedBySignal, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.status, status, "\(arguments): \(run.stderr)")
            if let wrote {
                XCTAssertEqual(try Clips.frameCount(folder.appendingPathComponent(wrote).path), 25, "\(arguments)")
            } else {
                XCTAssertEqual(run.stderrLines.count, 1, "\(arguments): \(run.stderr)")
                XCTAssertTrue(run.stderr.hasPrefix("harbeth-render: error: "), "\(arguments): \(run.stderr)")
            }
        }
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "y", "y.sepia.mp4", "z.mkv", "é ü.mkv"])
    }

    /// `-y` onto a device node replaces nothing (as root it would have
    /// replaced `/dev/null` itself), and the error never suggests `-y`.
    func testADeviceAtTheOutputIsNeverReplaced() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let node = folder.appendingPathComponent("n.mkv").path
        XCTAssertEqual(mknod(node, S_IFCHR | 0o666, dev_t(1 << 8 | 3)), 0, String(cString: strerror(errno)))
        for arguments in [["-y"], []] {
            let run = try Tool.run(["-vf", "sepia", "cli-clip.mp4", "-o", "n.mkv"] + arguments, in: folder)
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(
                run.stderrLines,
                [
                    "harbeth-render: error: n.mkv: is a character device, which harbeth-render never writes over; "
                        + "use --null to render without writing"
                ])
        }
        var info = stat()
        XCTAssertEqual(lstat(node, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "still the device")

        let null = try Tool.run(["-vf", "sepia", "cli-clip.mp4", "-o", "/dev/null"], in: folder)
        XCTAssertEqual(null.status, 1)
        XCTAssertTrue(null.stderr.contains("use --null"), null.stderr)
        XCTAssertFalse(null.stderr.contains("-y"), null.stderr)
        let pipe = folder.appendingPathComponent("p.mp4").path
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        let piped = try Tool.run(["-vf", "sepia", "-y", "cli-clip.mp4", "-o", "p.mp4"], in: folder)
        XCTAssertEqual(piped.status, 1)
        XCTAssertTrue(piped.stderr.contains("p.mp4: is a named pipe"), piped.stderr)
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "n.mkv", "p.mp4"])
    }

    /// A symbolic link is followed: its target is replaced (with `-y`) and
    /// the link stays as it was.
    func testASymbolicLinkOutputIsFollowed() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Data("old".utf8).write(to: folder.appendingPathComponent("target.mkv"))
        let link = folder.appendingPathComponent("link.mkv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.mkv")
        let refused = try Tool.run(["-vf", "sepia", "cli-clip.mp4", "-o", "link.mkv"], in: folder)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("link.mkv: already exists; use -y"), refused.stderr)
        let run = try Tool.run(["-vf", "sepia", "-y", "cli-clip.mp4", "-o", "link.mkv"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "target.mkv")
        XCTAssertEqual(try Clips.frameCount(folder.appendingPathComponent("target.mkv").path), 25)
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "link.mkv", "target.mkv"])
    }

    /// Two runs to one output at once: the one that finishes second finds
    /// the other's file, leaves it alone, says so, and removes its own
    /// temporary file. The run is held mid-render while the other file
    /// appears, then released through a named pipe.
    func testAFileThatAppearsDuringARunIsNotReplacedWithoutOverwrite() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let fifo = folder.appendingPathComponent("release").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let running = try Tool.start(
            ["-vf", "sepia", "-o", "out.mkv", "cli-clip.mp4"], in: folder,
            environment: ["HARBETH_RENDER_HOLD_AT_FRAME": "5", "HARBETH_RENDER_RELEASE_FIFO": fifo])
        XCTAssertTrue(running.waitForStderrLine(containing: "holding frame 5"))
        // Meanwhile another run finished its file at the same path.
        let other = try Tool.run(["-vf", "invert", "-q", "-o", "out.mkv", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(other.status, 0, other.stderr)
        let theirs = try Data(contentsOf: folder.appendingPathComponent("out.mkv"))
        let writer = open(fifo, O_WRONLY)
        XCTAssertGreaterThanOrEqual(writer, 0)
        XCTAssertEqual(write(writer, "go", 2), 2)
        close(writer)
        let run = running.finish()
        Tool.assertNoValidationMessages(run)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(
            run.stderrLines.last,
            "harbeth-render: error: out.mkv: another file appeared there while rendering (another run?); "
                + "it was left as it is and nothing was written; use -y to replace it")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("out.mkv")), theirs)
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "out.mkv", "release"])
    }
}

/// A custom shader that takes far too long cannot hang the tool: past
/// `--frame-timeout` the run fails with its own error and nothing written,
/// and the process exits although the device is still busy with the frame.
///
/// lavapipe ends every shader loop after a few thousand iterations (its
/// guard against hung shaders), so a `while (true)` ends there; the shader
/// here makes each 3000x3000 frame take several times the timeout instead
/// (seconds a frame on two cores, minutes for the clip). On a GPU without
/// such a guard a truly endless shader is stopped the same way.
final class HostileWorkTests: XCTestCase {
    func testAShaderThatDoesNotFinishInTimeIsStoppedByTheFrameTimeout() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Data(
            """
            // Thousands of dependent steps a pixel, whose result is used.
            vec4 filter(vec4 rgba, ivec2 pos) {
                float x = rgba.r;
                for (int i = 0; i < 5000; i++) { x = fract(x * 1.618 + 0.1); }
                return vec4(rgba.rgb * x, rgba.a);
            }

            """.utf8
        ).write(to: folder.appendingPathComponent("slow.glsl"))
        let started = ContinuousClock.now
        let run = try Tool.run(
            [
                "-vf", "resize=w=3000:h=3000", "--shader", "slow.glsl", "--frame-timeout", "1", "cli-clip.mp4", "-o",
                "out.mp4",
            ], in: folder, timeLimit: 120)
        XCTAssertFalse(run.killedBySignal)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(
            run.stderrLines.last,
            "harbeth-render: error: cli-clip.mp4: rendering failed: a frame took longer than the frame timeout "
                + "(1 s) to process; the run was stopped (a filter or shader that never finishes?)")
        // The tool did not wait for the frames still on the device.
        XCTAssertLessThan((ContinuousClock.now - started).components.seconds, 90)
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "slow.glsl"])
    }
}

/// Four `harbeth-render` processes at once on the same device: each
/// finishes, and each output is frame for frame what a run on its own
/// makes (FFV1 is lossless, so the decoded frames' MD5s must match).
final class ProcessLoadTests: XCTestCase {
    private func frameMD5s(_ path: String) throws -> [String] {
        String(
            decoding: try TestMedia.run(
                "ffmpeg",
                ["-hide_banner", "-nostdin", "-loglevel", "error", "-i", path, "-map", "0:v", "-f", "framemd5", "-"]),
            as: UTF8.self
        ).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "") }
    }

    func testFourProcessesAtOnceMatchASoloRun() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let arguments = ["-vf", "sepia,gaussian_blur=sigma=2", "--codec", "ffv1", "-q", "cli-clip.mp4", "-o"]
        let solo = try Tool.run(arguments + ["solo.mkv"], in: folder)
        XCTAssertEqual(solo.status, 0, solo.stderr)
        let expected = try frameMD5s(folder.appendingPathComponent("solo.mkv").path)
        XCTAssertEqual(expected.count, 25)
        let running = try (0..<4).map { try Tool.start(arguments + ["run-\($0).mkv"], in: folder) }
        for (index, process) in running.enumerated() {
            let run = process.finish()
            Tool.assertNoValidationMessages(run)
            XCTAssertFalse(run.timedOut, "process \(index)")
            XCTAssertEqual(run.status, 0, "process \(index): \(run.stderr)")
            XCTAssertEqual(
                try frameMD5s(folder.appendingPathComponent("run-\(index).mkv").path), expected, "process \(index)")
        }
    }
}
