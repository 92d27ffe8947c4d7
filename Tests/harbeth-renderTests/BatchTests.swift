import Foundation
import HarbethTestSupport
import XCTest

/// Batches: several inputs without a graph, each rendered on its own.
final class BatchTests: XCTestCase {
    func testABatchWritesEachOutputInTheFolderAndARerunDoesOnlyWhatIsLeft() throws {
        let folder = try Clips.folder(with: [try Clips.video(), try Clips.png()])
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("cli-clip.mp4"), to: folder.appendingPathComponent("second.mp4"))
        try Data("not media".utf8).write(to: folder.appendingPathComponent("broken.mp4"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out"), withIntermediateDirectories: false)
        try "cli-still.png\n\n# a comment\nsecond.mp4\n".write(
            to: folder.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8)

        // The failure stops the batch: what comes after it is not run.
        let first = try Tool.run(
            ["-vf", "sepia", "cli-clip.mp4", "broken.mp4", "--inputs", "list.txt", "-o", "out"], in: folder)
        XCTAssertEqual(first.status, 1, first.stderr)
        XCTAssertTrue(first.stderr.contains("error: broken.mp4: not a media file"), first.stderr)
        XCTAssertTrue(first.stderr.contains("batch of 4: 1 written, 0 skipped, 1 failed, 2 not run"), first.stderr)
        XCTAssertEqual(Clips.entries(folder.appendingPathComponent("out")), ["cli-clip.sepia.mp4"])

        // Again with --keep-going: the written one is skipped, the rest are done.
        let again = try Tool.run(
            [
                "-vf", "sepia", "--keep-going", "--json", "cli-clip.mp4", "broken.mp4", "--inputs", "list.txt", "-o",
                "out",
            ], in: folder)
        XCTAssertEqual(again.status, 1, again.stderr)
        XCTAssertEqual(
            Clips.entries(folder.appendingPathComponent("out")),
            ["cli-clip.sepia.mp4", "cli-still.sepia.png", "second.sepia.mp4"])
        let report = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(again.stdoutLines.last!.utf8)) as? [String: Any])
        let batch = try XCTUnwrap(report["batch"] as? [[String: Any]])
        XCTAssertEqual(batch.map { $0["status"] as? String }, ["skipped", "failed", "written", "written"])
        XCTAssertEqual(
            batch.map { $0["input"] as? String }, ["cli-clip.mp4", "broken.mp4", "cli-still.png", "second.mp4"])
        XCTAssertEqual(report["failed"] as? Int, 1)
        XCTAssertEqual(try Clips.frameCount(folder.appendingPathComponent("out/second.sepia.mp4").path), 25)

        // Nothing failing, nothing left: exit 0, everything skipped.
        let done = try Tool.run(["-vf", "sepia", "cli-clip.mp4", "second.mp4", "-o", "out"], in: folder)
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertTrue(done.stderr.contains("batch of 2: 0 written, 2 skipped, 0 failed"), done.stderr)
    }

    /// `--null` renders each input and writes nothing: before, a batch
    /// wrote every output beside its input all the same.
    func testANullBatchRendersEachInputAndWritesNothing() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("cli-clip.mp4"), to: folder.appendingPathComponent("second.mp4"))
        let before = Clips.entries(folder)
        let run = try Tool.run(["-vf", "sepia", "--null", "--json", "cli-clip.mp4", "second.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(Clips.entries(folder), before)
        XCTAssertTrue(run.stderr.contains("batch of 2: 2 rendered to no file (--null), 0 failed"), run.stderr)
        let report = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(run.stdoutLines.last!.utf8)) as? [String: Any])
        let batch = try XCTUnwrap(report["batch"] as? [[String: Any]])
        XCTAssertEqual(batch.map { $0["status"] as? String }, ["rendered", "rendered"])
        XCTAssertEqual(batch.map { $0["output"] is NSNull }, [true, true])
        XCTAssertEqual(report["rendered"] as? Int, 2)
    }

    func testABatchOutputMustBeAFolder() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let run = try Tool.run(["-vf", "sepia", "cli-clip.mp4", "cli-clip.mp4", "-o", "missing"], in: folder)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("a batch of inputs writes into a folder"), run.stderr)
        let list = try Tool.run(["-vf", "sepia", "--inputs", "nolist.txt"], in: folder)
        XCTAssertEqual(list.status, 1, list.stderr)
        XCTAssertTrue(list.stderr.contains("nolist.txt: no such file"), list.stderr)
    }
}
