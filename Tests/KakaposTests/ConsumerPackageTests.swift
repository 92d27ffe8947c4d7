import Foundation
import HarbethTestSupport
import XCTest

/// A package outside this one, as a developer would write it: it depends on
/// this checkout by path, sees the public API only (no `@testable`, no
/// `package` access), and builds the five programs of `Examples/` from their
/// own sources. Each then runs and its output is checked with ffprobe.
final class ConsumerPackageTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let examples = ["still", "export", "generate", "animate", "handles"]

    func testAPackageOutsideBuildsTheExamplesAgainstThePublicAPIAndRunsThem() throws {
        let folder = MediaFixtures.outputDirectory().appendingPathComponent("consumer")
        try makePackage(in: folder)
        let built = try Self.run("swift", ["build", "--package-path", folder.path], in: folder, timeLimit: 1500)
        XCTAssertEqual(built.status, 0, "the consumer package does not build:\n\(built.output)")
        guard built.status == 0 else { return }
        let binaries = folder.appendingPathComponent(".build/debug")
        let work = MediaFixtures.outputDirectory().appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        func example(_ name: String, _ arguments: [String]) throws -> ProcessRun {
            try Self.run(binaries.appendingPathComponent(name).path, arguments, in: work, timeLimit: 300)
        }

        // still: one image in, one out, at its size.
        let still = try example("still", [MediaFixtures.png.path, "graded.png"])
        XCTAssertEqual(still.status, 0, still.output)
        XCTAssertEqual(
            try MediaTool.probe("stream=width,height", of: work.appendingPathComponent("graded.png")), ["160", "120"])

        // export: every frame, with the audio; a cancelled one leaves nothing.
        let export = try example("export", [MediaFixtures.clip.path, "graded.mp4", "sepia,vignette"])
        XCTAssertEqual(export.status, 0, export.output)
        XCTAssertTrue(export.output.contains("100% 25 frames"), export.output)
        let exported = work.appendingPathComponent("graded.mp4")
        XCTAssertEqual(try MediaTool.framePTSTimes(exported).count, 25)
        XCTAssertEqual(try MediaTool.probe("stream=codec_type", of: exported).sorted(), ["audio", "video"])
        let cancelled = try example(
            "export", [MediaFixtures.clip.path, "cancelled.mp4", "sepia", "--cancel-after", "3"])
        XCTAssertEqual(cancelled.status, 130, cancelled.output)
        XCTAssertTrue(cancelled.output.contains("cancelled; no file was written"), cancelled.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("cancelled.mp4").path))

        // generate: the program's frames and its tone.
        let generate = try example("generate", ["sweep.mp4"])
        XCTAssertEqual(generate.status, 0, generate.output)
        let sweep = work.appendingPathComponent("sweep.mp4")
        XCTAssertEqual(try MediaTool.framePTSTimes(sweep).count, 50)
        XCTAssertEqual(try MediaTool.probe("stream=codec_name", stream: "a:0", of: sweep), ["aac"])

        // animate: a chain per frame, one compiled plan.
        let animate = try example("animate", [MediaFixtures.clip.path, "animated.mp4"])
        XCTAssertEqual(animate.status, 0, animate.output)
        XCTAssertTrue(animate.output.contains("25 frames with 1 compiled plan(s)"), animate.output)

        // handles: all four stories end as they say.
        let handles = try example("handles", [])
        XCTAssertEqual(handles.status, 0, handles.output)
        let lines = handles.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "1. completed: a 256x256 frame", handles.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("2. ") && $0.hasSuffix("the newest was rendered") }, handles.output)
        // Suppressed or not depends on whether the GPU had begun the work.
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("3. cancelled (callerCancelled), delivery suppressed: ") }, handles.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("4. ") }, handles.output)
    }

    /// `Package.swift` and one target per example, its `main.swift` copied
    /// from `Examples/`.
    private func makePackage(in folder: URL) throws {
        let manager = FileManager.default
        // A path dependency's identity is its folder's name.
        let identity = Self.repository.lastPathComponent.lowercased()
        let targets = Self.examples.map { name in
            let product = name == "handles" ? "Harbeth" : "Kakapos"
            return """
                    .executableTarget(
                        name: "\(name)", dependencies: [.product(name: "\(product)", package: "\(identity)")],
                        path: "Sources/\(name)"),
                """
        }
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [.package(path: "\(Self.repository.path)")],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for name in Self.examples {
            let target = folder.appendingPathComponent("Sources/\(name)")
            try manager.createDirectory(at: target, withIntermediateDirectories: true)
            try manager.copyItem(
                at: Self.repository.appendingPathComponent("Examples/\(name)/main.swift"),
                to: target.appendingPathComponent("main.swift"))
        }
    }

    struct ProcessRun {
        let status: Int32
        /// Standard output and error together.
        let output: String
    }

    /// Runs a program to its end with both streams in one file, killing it
    /// after `timeLimit` seconds.
    private static func run(_ program: String, _ arguments: [String], in folder: URL, timeLimit: Double) throws
        -> ProcessRun
    {
        let process = Process()
        process.executableURL =
            program.hasPrefix("/") ? URL(fileURLWithPath: program) : URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        if environment["VK_DRIVER_FILES"] == nil && environment["VK_ICD_FILENAMES"] == nil {
            environment["VK_DRIVER_FILES"] = GPUTestEnvironment.lavapipeICD
        }
        environment["HARBETH_CACHE_DIR"] = GPUTestEnvironment.cacheDirectory + "/examples"
        process.environment = environment
        let log = folder.appendingPathComponent(".run-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        if ended.wait(timeout: .now() + timeLimit) == .timedOut {
            process.terminate()
            ended.wait()
            XCTFail("\(program) \(arguments.joined(separator: " ")) ran past \(timeLimit) s")
        }
        try handle.close()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: log)
        return ProcessRun(status: process.terminationStatus, output: output)
    }
}
