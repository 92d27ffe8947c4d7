import Foundation
import HarbethTestSupport
import XCTest

/// Shards of one input, rendered apart and joined with a stream copy: the
/// joined file is the single run's, frame for frame.
final class ShardTests: XCTestCase {
    /// 6 s at 25 fps with a key frame every second, and a tone.
    private func clip() throws -> String {
        try TestMedia.clip(
            "shards-6s.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=6", "-f", "lavfi", "-i",
                "sine=duration=6", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-c:a", "aac", "-shortest",
            ])
    }

    /// Variable frame rate: 2 s at 25 fps, then 2 s at 10 fps.
    private func variableRateClip() throws -> String {
        try TestMedia.clip(
            "shards-vfr.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=2", "-f", "lavfi", "-i",
                "testsrc2=size=160x120:rate=10:duration=2", "-filter_complex", "[0][1]concat=n=2:v=1", "-fps_mode",
                "vfr", "-c:v", "libx264", "-preset", "ultrafast", "-g", "10",
            ])
    }

    private func renderInShards(_ input: String, count: Int, codec: [String], in folder: URL) throws -> String {
        let name = (input as NSString).lastPathComponent
        var shards: [String] = []
        for index in 0..<count {
            let shard = "shard_\(count)_\(index).mkv"
            let run = try Tool.run(
                ["-q", "-vf", "sepia"] + codec + ["--shard", "\(index)/\(count)", name, "-o", shard], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            shards.append(shard)
        }
        let joined = "joined_\(count).mkv"
        let join = try Tool.run(["join"] + shards.reversed() + ["-o", joined, "--audio-from", name], in: folder)
        XCTAssertEqual(join.status, 0, join.stderr)
        XCTAssertTrue(join.stderr.contains("joined \(count) shard(s)"), join.stderr)
        return folder.appendingPathComponent(joined).path
    }

    func testLosslessShardsJoinToExactlyTheSingleRunsFrames() throws {
        for input in [try clip(), try variableRateClip()] {
            let folder = try Clips.folder(with: [input])
            let name = (input as NSString).lastPathComponent
            let single = try Tool.run(["-q", "-vf", "sepia", "--codec", "ffv1", name, "-o", "single.mkv"], in: folder)
            XCTAssertEqual(single.status, 0, single.stderr)
            let expected = try Clips.frameHashes(folder.appendingPathComponent("single.mkv").path)
            XCTAssertGreaterThan(expected.count, 50)
            for count in [1, 2, 5] {
                let joined = try renderInShards(input, count: count, codec: ["--codec", "ffv1"], in: folder)
                XCTAssertEqual(try Clips.frameHashes(joined), expected, "\(name) in \(count) shard(s)")
            }
        }
    }

    func testH264ShardsKeepEveryTimestampAndStayClose() throws {
        for input in [try clip(), try variableRateClip()] {
            let folder = try Clips.folder(with: [input])
            let name = (input as NSString).lastPathComponent
            let single = try Tool.run(["-q", "-vf", "sepia", "--crf", "10", name, "-o", "single.mkv"], in: folder)
            XCTAssertEqual(single.status, 0, single.stderr)
            let singlePath = folder.appendingPathComponent("single.mkv").path
            let times = { (path: String) in try Clips.probe("frame=pts_time", stream: "v:0", of: path) }
            let expected = try times(singlePath)
            for count in [1, 2, 5] {
                let joined = try renderInShards(input, count: count, codec: ["--crf", "10"], in: folder)
                XCTAssertEqual(try times(joined), expected, "\(name) in \(count) shard(s)")
                let psnr = String(
                    decoding: try TestMedia.run(
                        "ffmpeg",
                        ["-i", joined, "-i", singlePath, "-lavfi", "[0:v][1:v]psnr=stats_file=-", "-f", "null", "-"]),
                    as: UTF8.self)
                let values = psnr.split(separator: "\n").compactMap { line -> Double? in
                    guard let field = line.split(separator: " ").first(where: { $0.hasPrefix("psnr_avg:") }) else {
                        return nil
                    }
                    let value = field.dropFirst("psnr_avg:".count)
                    return value == "inf" ? .infinity : Double(value)
                }
                XCTAssertEqual(values.count, expected.count)
                XCTAssertGreaterThanOrEqual(
                    values.min() ?? 0, 45,
                    "\(name) in \(count) shard(s): a frame is further than 45 dB from the single run's")
            }
        }
        // The audio of a joined file is the source's, once.
        let folder = try Clips.folder(with: [try clip()])
        let joined = try renderInShards(try clip(), count: 2, codec: [], in: folder)
        XCTAssertEqual(try Clips.probe("stream=codec_name", stream: "a", of: joined), ["aac"])
    }

    func testAJoinRefusesAGapAnOverlapAndAnIncompleteShard() throws {
        let input = try clip()
        let folder = try Clips.folder(with: [input])
        for index in 0..<3 {
            let run = try Tool.run(
                ["-q", "-vf", "sepia", "--shard", "\(index)/3", "shards-6s.mp4", "-o", "s\(index).mkv"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let gap = try Tool.run(["join", "s0.mkv", "s2.mkv", "-o", "out.mkv"], in: folder)
        XCTAssertEqual(gap.status, 1, gap.stderr)
        XCTAssertTrue(gap.stderr.contains("s2.mkv: the shards do not join: a gap of"), gap.stderr)
        let overlap = try Tool.run(["join", "s0.mkv", "s1.mkv", "s1.mkv", "-o", "out.mkv"], in: folder)
        XCTAssertEqual(overlap.status, 1, overlap.stderr)
        XCTAssertTrue(overlap.stderr.contains("overlaps s1.mkv"), overlap.stderr)
        // A shard cut short (a task killed mid-write would leave no file at all;
        // this one was truncated by hand): the plan of the source says so.
        let whole = try Data(contentsOf: folder.appendingPathComponent("s1.mkv"))
        try whole.prefix(whole.count / 2).write(to: folder.appendingPathComponent("s1.mkv"))
        let cut = try Tool.run(
            ["join", "s0.mkv", "s1.mkv", "s2.mkv", "-o", "out.mkv", "--audio-from", "shards-6s.mp4"], in: folder)
        XCTAssertEqual(cut.status, 1, cut.stderr)
        XCTAssertEqual(cut.stderrLines.count, 1, cut.stderr)
        XCTAssertTrue(cut.stderr.contains("s1.mkv: the shards do not join: it holds"), cut.stderr)
        XCTAssertTrue(cut.stderr.contains("incomplete?"), cut.stderr)
        XCTAssertFalse(Clips.entries(folder).contains("out.mkv"))
        XCTAssertFalse(Clips.entries(folder).contains { $0.hasPrefix(".") }, "\(Clips.entries(folder))")
    }

    func testThePlanSaysWhereEachShardBegins() throws {
        let input = try clip()
        let folder = try Clips.folder(with: [input])
        let run = try Tool.run(["--plan-shards", "3", "--json", "shards-6s.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let plan = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(plan["frameCount"] as? Int, 150)
        XCTAssertEqual(plan["keyFrames"] as? Int, 6)
        let shards = try XCTUnwrap(plan["shards"] as? [[String: Any]])
        XCTAssertEqual(shards.map { $0["frameCount"] as? Int }, [50, 50, 50])
        XCTAssertEqual(shards.map { $0["firstFrame"] as? Int }, [0, 50, 100])
        let tooMany = try Tool.run(["--plan-shards", "7", "shards-6s.mp4"], in: folder)
        XCTAssertEqual(tooMany.status, 1, tooMany.stderr)
        XCTAssertTrue(tooMany.stderr.contains("6 key frame(s) make at most 6 shard(s), not 7"), tooMany.stderr)
    }
}
