import Foundation
import XCTest

/// Faults injected into a real render through the tool's test hooks
/// (`HARBETH_INJECT_MEDIA_FAULT`, `HARBETH_INJECT_FAULT`), a file size
/// limit, and SIGKILL: each ends in its own one-line error with exit status
/// 1, leaves nothing at the output path (nor a temporary file beside it),
/// and finishes well within the watchdog's limit.
final class FaultTests: XCTestCase {
    /// Generous for a 25-frame render in a debug build on two busy cores;
    /// a hang is killed here and fails the test.
    private let timeLimit: Double = 120

    private struct Fault {
        let name: String
        var environment: [String: String] = [:]
        var launcher: [String] = []
        var output = "out.mp4"
        /// The error line after `harbeth-render: error: `.
        let message: String
    }

    private let faults: [Fault] = [
        Fault(
            name: "encoder open", environment: ["HARBETH_INJECT_MEDIA_FAULT": "encoder-open"],
            message: "out.mp4: encoder libx264 (injected fault) failed to open (Invalid argument)"),
        Fault(
            name: "muxer write mid-file", environment: ["HARBETH_INJECT_MEDIA_FAULT": "mux-write@10"],
            message: "out.mp4: writing packet 10 failed (Input/output error)"),
        Fault(
            name: "finished file vanishes", environment: ["HARBETH_INJECT_MEDIA_FAULT": "output-missing"],
            message: "out.mp4: the finished file is missing or empty"),
        // The disk filling up: a file size limit (RLIMIT_FSIZE) of 8 KiB on
        // a ~21 KB output. The tool ignores SIGXFSZ, so the write fails
        // with EFBIG rather than killing it.
        Fault(
            name: "disk full (mp4)", launcher: ["/usr/bin/prlimit", "--fsize=8192"],
            message: "out.mp4: no room to write the output (File too large): the disk is full or a file size limit"
                + " was reached"),
        Fault(
            name: "disk full (mkv)", launcher: ["/usr/bin/prlimit", "--fsize=8192"], output: "out.mkv",
            message: "out.mkv: no room to write the output (File too large): the disk is full or a file size limit"
                + " was reached"),
        Fault(
            name: "Vulkan out of memory", environment: ["HARBETH_INJECT_FAULT": "oom@alloc:1"],
            message: "cli-clip.mp4: rendering failed: the GPU is out of memory (memory allocation (injected))"),
        // The fifth queue submission loses the device: frames are encoded
        // by then and others are in flight.
        Fault(
            name: "Vulkan device lost", environment: ["HARBETH_INJECT_FAULT": "lost@submit:5"],
            message: "cli-clip.mp4: rendering failed: the GPU device was lost; the frames in flight were discarded"),
    ]

    func testEveryFaultEndsInItsOwnErrorWithNothingAtTheOutputPath() throws {
        for fault in faults {
            let folder = try Clips.folder(with: [try Clips.video()])
            let run = try Tool.run(
                ["-vf", "sepia", "-o", fault.output, "cli-clip.mp4"], in: folder, environment: fault.environment,
                timeLimit: timeLimit, launcher: fault.launcher)
            XCTAssertFalse(run.killedBySignal, "\(fault.name): killed by a signal: \(run.stderr)")
            XCTAssertEqual(run.status, 1, "\(fault.name): \(run.stderr)")
            XCTAssertEqual(run.stderrLines, ["harbeth-render: error: " + fault.message], fault.name)
            XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4"], "\(fault.name): nothing is left behind")
        }
    }

    /// SIGKILL cannot be caught, so the temporary file stays; it is never
    /// at the output path, and the next run to that output removes it.
    func testAfterKill9NothingIsAtTheOutputAndTheNextRunRemovesTheLeftover() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let running = try Tool.start(
            ["-vf", "sepia", "-o", "out.mp4", "cli-clip.mp4"], in: folder,
            environment: ["HARBETH_RENDER_HOLD_AT_FRAME": "5"], timeLimit: timeLimit)
        XCTAssertTrue(running.waitForStderrLine(containing: "holding frame 5"), "the render did not reach frame 5")
        kill(running.process.processIdentifier, SIGKILL)
        let killed = running.finish()
        XCTAssertTrue(killed.killedBySignal)
        XCTAssertEqual(killed.status, SIGKILL)
        let left = Clips.entries(folder).filter { $0 != "cli-clip.mp4" }
        XCTAssertEqual(left.count, 1, "\(left)")
        XCTAssertTrue(left.allSatisfy { $0.hasPrefix(".out.harbeth-") && $0.hasSuffix(".tmp.mp4") }, "\(left)")

        // Another output in the same folder leaves it alone: it is not that output's.
        let other = try Tool.run(["-vf", "sepia", "-q", "-o", "other.mp4", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertEqual(Clips.entries(folder), (["cli-clip.mp4", "other.mp4"] + left).sorted())

        let again = try Tool.run(["-vf", "sepia", "-o", "out.mp4", "cli-clip.mp4"], in: folder, timeLimit: timeLimit)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(
            again.stderrLines.first, "harbeth-render: note: removed 1 temporary file(s) that a killed earlier run left")
        XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4", "other.mp4", "out.mp4"])
        XCTAssertEqual(try Clips.frameCount(folder.appendingPathComponent("out.mp4").path), 25)
    }
}
