import Foundation
import HarbethTestSupport
import XCTest

/// The GPU kit's `run` (Scripts/gpu-kit-run) on a kit laid out from this
/// build: the debug harbeth-render and the system's ffmpeg stand in for the
/// bundled ones. Its check prints each filter's PSNR against FFmpeg's and
/// passes with the validation layer on; without the layer harbeth-render
/// refuses to run, and the check reports that as a failure and exits 1. (Building the kit itself, a minimal
/// FFmpeg and a static Swift build, is `Scripts/gpu-kit`'s, too slow for
/// the suite.)
final class GPUKitRunTests: XCTestCase {
    private static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scripts")

    /// A kit folder whose tools are this build's, with the system's
    /// validation layer in `layers` when `withLayer`.
    private func makeKit(withLayer: Bool) throws -> URL {
        let kit = try Clips.folder()
        let bin = kit.appendingPathComponent("bin")
        let layers = kit.appendingPathComponent("layers")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: layers, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("harbeth-render"), withDestinationURL: Tool.binary)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("ffmpeg"), withDestinationURL: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
        if withLayer {
            try FileManager.default.copyItem(
                atPath: "/usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json",
                toPath: layers.appendingPathComponent("VkLayer_khronos_validation.json").path)
        }
        try FileManager.default.copyItem(
            at: Self.scripts.appendingPathComponent("gpu-kit-run"), to: kit.appendingPathComponent("run"))
        return kit
    }

    private func run(_ kit: URL) throws -> (status: Int32, summary: String) {
        let out = kit.appendingPathComponent("results")
        let process = Process()
        process.executableURL = kit.appendingPathComponent("run")
        process.arguments = ["--check-only", out.path]
        var environment = Tool.environment
        environment.removeValue(forKey: "HARBETH_VALIDATION")
        environment.removeValue(forKey: "VK_LAYER_PATH")
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let summary = try String(contentsOf: out.appendingPathComponent("summary.txt"), encoding: .utf8)
        return (process.terminationStatus, summary)
    }

    func testTheCheckPrintsEachPSNRAndPassesWithValidationOn() throws {
        let result = try run(try makeKit(withLayer: true))
        XCTAssertEqual(result.status, 0, result.summary)
        XCTAssertTrue(result.summary.contains("llvmpipe"), result.summary)
        for name in ["sepia", "blur"] {
            let line = result.summary.split(separator: "\n").first { $0.hasPrefix("check \(name): ") }
            XCTAssertNotNil(line, result.summary)
            XCTAssertTrue(line?.hasSuffix(": ok") == true, "\(line ?? "")")
            // PSNR 50.12... dB: a number the script compared with its bound.
            let value = line.flatMap { $0.components(separatedBy: "PSNR ").last?.split(separator: " ").first }
            XCTAssertNotNil(value.flatMap { Double($0) }, "\(line ?? "")")
        }
    }

    func testWithoutTheValidationLayerTheCheckFails() throws {
        let result = try run(try makeKit(withLayer: false))
        XCTAssertEqual(result.status, 1, result.summary)
        XCTAssertTrue(
            result.summary.contains(
                "check sepia: FAILED: harbeth-render: error: the Khronos validation layer is not installed"),
            result.summary)
    }
}
