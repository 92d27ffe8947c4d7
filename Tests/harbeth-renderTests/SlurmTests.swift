import Foundation
import HarbethTestSupport
import XCTest

/// Sharded and batch runs on a real Slurm: a one-node cluster on
/// 127.0.0.1 (`Scripts/slurm/cluster`), started and stopped by the test,
/// and `Scripts/slurm/submit` as a user runs it.
final class SlurmTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private var cluster: URL!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        cluster = URL(fileURLWithPath: TestMedia.directory).appendingPathComponent(
            "slurm-\(UUID().uuidString.prefix(8))")
        let started = try script("cluster", ["start", cluster.path])
        let line = try XCTUnwrap(started.split(separator: "\n").last { $0.hasPrefix("export SLURM_CONF=") })
        environment = Tool.environment
        environment["SLURM_CONF"] = String(line.dropFirst("export SLURM_CONF=".count))
    }

    override func tearDownWithError() throws {
        _ = try? script("cluster", ["stop", cluster.path])
    }

    /// Runs one of Scripts/slurm/, bounded in time; its standard output, or an error with its standard error.
    /// It is spawned and waited for directly (posix_spawn, waitpid), its streams going to files: the
    /// cluster's daemons outlive it, and nothing of theirs may hold a pipe or a child of ours.
    @discardableResult
    private func script(_ name: String, _ arguments: [String], extra: [String: String] = [:]) throws -> String {
        let program = Self.repository.appendingPathComponent("Scripts/slurm/\(name)").path
        let outputPath = cluster.path + "-\(name)-\(UUID().uuidString.prefix(6)).out"
        let errorPath = outputPath + ".err"
        let environment = (self.environment.isEmpty ? ProcessInfo.processInfo.environment : self.environment)
            .merging(extra) { $1 }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, program, &actions, nil, argv, envp) == 0 else {
            throw Tool.Failure(description: "cannot run \(program)")
        }
        let spawned = pid
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 240)
        timer.setEventHandler { kill(spawned, SIGKILL) }
        timer.resume()
        var status: Int32 = 0
        while waitpid(spawned, &status, 0) < 0 && errno == EINTR {}
        timer.cancel()
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        unlink(outputPath)
        unlink(errorPath)
        // Exited with 0 (WIFEXITED and WEXITSTATUS as the macros compute them).
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Tool.Failure(description: "Scripts/slurm/\(name) \(arguments) ended with status \(status): \(errors)")
        }
        return output
    }

    private func slurm(_ program: String, _ arguments: [String]) throws -> String {
        String(decoding: try TestMedia.run(program, arguments, environment: environment), as: UTF8.self)
    }

    private func tenSecondClip() throws -> String {
        try TestMedia.clip(
            "slurm-10s.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=10", "-f", "lavfi", "-i",
                "sine=duration=10", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-c:a", "aac", "-shortest",
            ])
    }

    /// A 4-shard job of a 10 s clip joins to exactly the single run's
    /// frames; a 3-file batch makes the single runs' files.
    func testAShardedJobAndABatchOnSlurmMatchSingleRuns() throws {
        let folder = try Clips.folder(with: [try tenSecondClip(), try Clips.video()])
        let single = try Tool.run(
            ["-q", "-vf", "sepia", "--codec", "ffv1", "slurm-10s.mp4", "-o", "single.mkv"], in: folder)
        XCTAssertEqual(single.status, 0, single.stderr)
        let work = folder.appendingPathComponent("work").path
        let submitted = try script(
            "submit",
            [
                "--shards", "4", "--wait", "--workdir", work, "--tool", Tool.binary.path, "--", "-vf", "sepia",
                "--codec", "ffv1", folder.appendingPathComponent("slurm-10s.mp4").path, "-o",
                folder.appendingPathComponent("joined.mkv").path,
            ])
        XCTAssertTrue(submitted.contains("array=") && submitted.contains("join="), submitted)
        XCTAssertEqual(
            try Clips.frameHashes(folder.appendingPathComponent("joined.mkv").path),
            try Clips.frameHashes(folder.appendingPathComponent("single.mkv").path))
        XCTAssertEqual(
            try Clips.probe("stream=codec_name", stream: "a", of: folder.appendingPathComponent("joined.mkv").path),
            ["aac"])

        // A batch: one task per file (named .mkv, so the default outputs
        // are Matroska, which holds FFV1).
        for name in ["b1.mkv", "b2.mkv", "b3.mkv"] {
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent("cli-clip.mp4"), to: folder.appendingPathComponent(name))
        }
        let outputs = folder.appendingPathComponent("graded")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: false)
        try script(
            "submit",
            [
                "--wait", "--workdir", work + "-batch", "--tool", Tool.binary.path, "--", "-vf", "sepia", "--codec",
                "ffv1",
            ]
                + ["b1.mkv", "b2.mkv", "b3.mkv"].map { folder.appendingPathComponent($0).path }
                + ["-o", outputs.path + "/"])
        XCTAssertEqual(Clips.entries(outputs), ["b1.sepia.mkv", "b2.sepia.mkv", "b3.sepia.mkv"])
        let reference = try Tool.run(
            ["-q", "-vf", "sepia", "--codec", "ffv1", "cli-clip.mp4", "-o", "reference.mkv"], in: folder)
        XCTAssertEqual(reference.status, 0, reference.stderr)
        for name in ["b1.sepia.mkv", "b2.sepia.mkv", "b3.sepia.mkv"] {
            XCTAssertEqual(
                try Clips.frameHashes(outputs.appendingPathComponent(name).path),
                try Clips.frameHashes(folder.appendingPathComponent("reference.mkv").path), name)
        }
    }

    /// A shard task cancelled mid-render leaves no file; submitted again
    /// alone, the join still makes exactly the single run.
    func testACancelledShardTaskLeavesNothingAndItsRequeueJoinsExactly() throws {
        let folder = try Clips.folder(with: [try tenSecondClip()])
        let single = try Tool.run(
            ["-q", "-vf", "sepia", "--codec", "ffv1", "slurm-10s.mp4", "-o", "single.mkv"], in: folder)
        XCTAssertEqual(single.status, 0, single.stderr)
        let work = folder.appendingPathComponent("work")
        let fifo = folder.appendingPathComponent("release").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Every task holds at frame 5 until the pipe is written to: the one
        // cancelled is certainly mid-render.
        let submitted = try script(
            "submit",
            [
                "--shards", "4", "--workdir", work.path, "--tool", Tool.binary.path, "--", "-vf", "sepia", "--codec",
                "ffv1", folder.appendingPathComponent("slurm-10s.mp4").path, "-o",
                folder.appendingPathComponent("joined.mkv").path,
            ], extra: ["HARBETH_RENDER_HOLD_AT_FRAME": "5", "HARBETH_RENDER_RELEASE_FIFO": fifo])
        let array = try XCTUnwrap(submitted.split(separator: "\n").first { $0.hasPrefix("array=") }?.dropFirst(6))
        let join = try XCTUnwrap(submitted.split(separator: "\n").first { $0.hasPrefix("join=") }?.dropFirst(5))
        let log = work.appendingPathComponent("shard-1.log").path
        XCTAssertTrue(
            Service.waitUntil(timeLimit: 120) {
                ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("holding frame")
            }, "task 1 never started rendering")
        _ = try slurm("scancel", ["\(array)_1"])
        XCTAssertTrue(
            Service.waitUntil(timeLimit: 60) {
                !((try? self.slurm("squeue", ["-h", "-j", "\(array)_1"])) ?? "x").contains("\(array)_1")
            })
        // Let every other task go (and every later one), for the rest of the test.
        let releasing = LockedBox(true)
        let releaser = Thread {
            while releasing.value {
                let descriptor = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                if descriptor >= 0 {
                    _ = write(descriptor, "go", 2)
                    close(descriptor)
                }
                usleep(50_000)
            }
        }
        releaser.start()
        defer { releasing.set(false) }
        // The cancelled task left nothing: no shard, no temporary file.
        XCTAssertTrue(
            Service.waitUntil(timeLimit: 120) {
                !((try? self.slurm("squeue", ["-h", "-j", String(array)])) ?? "x").contains(String(array))
            })
        let left = Clips.entries(work)
        XCTAssertFalse(left.contains("slurm-10s.shard-0001-of-4.mkv"), "\(left)")
        XCTAssertFalse(left.contains { $0.hasPrefix(".") }, "a temporary file was left: \(left)")
        XCTAssertFalse(Clips.entries(folder).contains("joined.mkv"))
        // The join waits for a task that will never succeed: it goes, and the
        // missing shard goes again with a join of its own.
        _ = try slurm("scancel", [String(join)])
        let resumed = try script(
            "submit", ["--resume", "--wait", "--workdir", work.path, "--tool", Tool.binary.path],
            extra: ["HARBETH_RENDER_HOLD_AT_FRAME": "5", "HARBETH_RENDER_RELEASE_FIFO": fifo])
        XCTAssertTrue(resumed.contains("array="), resumed)
        XCTAssertEqual(
            try Clips.frameHashes(folder.appendingPathComponent("joined.mkv").path),
            try Clips.frameHashes(folder.appendingPathComponent("single.mkv").path))
    }
}
