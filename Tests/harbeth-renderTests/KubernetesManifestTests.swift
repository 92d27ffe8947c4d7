import Foundation
import HarbethTestSupport
import XCTest

/// The Kubernetes manifests run the same command lines as the Slurm path:
/// the test reads them out of the YAML and runs them as the pods would
/// (each index with its JOB_COMPLETION_INDEX, then the join), on a
/// folder standing in for the shared volume.
final class KubernetesManifestTests: XCTestCase {
    private static let deploy = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("deploy/kubernetes")

    /// The `- exec ...` lines under `args:`, and the values of the keys asked for.
    private func read(_ name: String) throws -> (commands: [String], values: [String: String]) {
        let text = try String(contentsOf: Self.deploy.appendingPathComponent(name), encoding: .utf8)
        var commands: [String] = []
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- exec ") { commands.append(String(trimmed.dropFirst(2))) }
            for key in ["completionMode", "completions", "parallelism", "restartPolicy"]
            where trimmed.hasPrefix(key + ":") {
                values[key] = trimmed.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
            }
        }
        return (commands, values)
    }

    private func shell(_ command: String, index: Int?, work: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The volume is the folder; the image's harbeth-render is the one built.
        let local = command.replacingOccurrences(of: "/work/", with: work.path + "/")
            .replacingOccurrences(of: "exec harbeth-render", with: "exec \(Tool.binary.path)")
        process.arguments = ["-c", local]
        var environment = Tool.environment
        if let index { environment["JOB_COMPLETION_INDEX"] = "\(index)" }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func testTheIndexedJobAndTheJoinRenderWhatASingleRunDoes() throws {
        let (shardCommands, job) = try read("render-shards.yaml")
        XCTAssertEqual(job["completionMode"], "Indexed")
        XCTAssertEqual(job["completions"], "4")
        XCTAssertEqual(job["parallelism"], "4")
        XCTAssertEqual(shardCommands.count, 1)
        XCTAssertTrue(shardCommands[0].contains("--shard \"$JOB_COMPLETION_INDEX/4\""), shardCommands[0])
        let (joinCommands, _) = try read("render-join.yaml")
        XCTAssertEqual(joinCommands.count, 1)

        let clip = try TestMedia.clip(
            "kubernetes-4s.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=4", "-f", "lavfi", "-i",
                "sine=duration=4", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-c:a", "aac", "-shortest",
            ])
        let work = try Clips.folder()
        try FileManager.default.copyItem(atPath: clip, toPath: work.appendingPathComponent("in.mp4").path)
        for index in 0..<4 {
            XCTAssertEqual(try shell(shardCommands[0], index: index, work: work), 0, "index \(index)")
        }
        // The shards are named as Scripts/slurm/submit names them.
        XCTAssertEqual(
            Clips.entries(work).filter { $0.contains(".shard-") },
            (0..<4).map { String(format: "in.shard-%04d-of-4.mkv", $0) })
        XCTAssertEqual(try shell(joinCommands[0], index: nil, work: work), 0)
        let single = try Tool.run(["-q", "-vf", "sepia", "in.mp4", "-o", "single.mkv"], in: work)
        XCTAssertEqual(single.status, 0, single.stderr)
        let times = { (name: String) in
            try Clips.probe("frame=pts_time", stream: "v:0", of: work.appendingPathComponent(name).path)
        }
        XCTAssertEqual(try times("out.mkv"), try times("single.mkv"))
        XCTAssertEqual(try times("out.mkv").count, 100)
        // The Slurm path writes the same names.
        let submit = try String(
            contentsOf: Self.deploy.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Scripts/slurm/submit"), encoding: .utf8)
        XCTAssertTrue(submit.contains("'%s/%s.shard-%04d-of-%d.mkv'"))
    }
}
