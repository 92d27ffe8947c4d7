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

    private func run(_ kit: URL, environment extra: [String: String] = [:], removing: [String] = [])
        throws -> (status: Int32, summary: String)
    {
        let out = kit.appendingPathComponent("results")
        let process = Process()
        process.executableURL = kit.appendingPathComponent("run")
        process.arguments = ["--check-only", out.path]
        var environment = Tool.environment
        for name in ["HARBETH_VALIDATION", "VK_LAYER_PATH"] + removing { environment.removeValue(forKey: name) }
        environment.merge(extra) { $1 }
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

    /// A headless NVIDIA machine: the manifest in the loader's folders
    /// names NVIDIA's GLX library, which starts no Vulkan there, and the
    /// driver's EGL library lies in LD_LIBRARY_PATH. `run` finds no device,
    /// then writes a manifest naming the EGL library and checks on it. Here
    /// the manifest's library is absent and lavapipe's library stands in
    /// for the EGL one, under its name.
    func testWithNoDeviceRunStartsNVIDIAsDriverThroughItsEGLLibrary() throws {
        let kit = try makeKit(withLayer: true)
        let share = kit.appendingPathComponent("machine/share/vulkan/icd.d")
        let driver = kit.appendingPathComponent("machine/lib")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: driver, withIntermediateDirectories: true)
        try Data(
            #"{ "file_format_version": "1.0.1", "ICD": { "library_path": "libGLX_nvidia.so.0", "api_version": "1.4.312" } }"#
                .utf8
        ).write(to: share.appendingPathComponent("nvidia_icd.json"))
        let manifest = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: GPUTestEnvironment.lavapipeICD)))
        let lavapipe = try XCTUnwrap(
            ((manifest as? [String: Any])?["ICD"] as? [String: Any])?["library_path"] as? String)
        try FileManager.default.createSymbolicLink(
            at: driver.appendingPathComponent("libEGL_nvidia.so.0"), withDestinationURL: URL(fileURLWithPath: lavapipe))

        let result = try run(
            kit,
            environment: [
                "XDG_DATA_DIRS": kit.appendingPathComponent("machine/share").path,
                "XDG_CONFIG_DIRS": kit.appendingPathComponent("machine/etc").path,
                "LD_LIBRARY_PATH": driver.path,
            ], removing: ["VK_DRIVER_FILES", "VK_ICD_FILENAMES"])
        XCTAssertEqual(result.status, 0, result.summary)
        XCTAssertTrue(
            result.summary.contains(
                "no device through the machine's manifests; trying NVIDIA's EGL driver (\(driver.path)/libEGL_nvidia.so.0)"
            ),
            result.summary)
        XCTAssertTrue(result.summary.contains("llvmpipe"), result.summary)
        XCTAssertTrue(result.summary.contains("check blur: "), result.summary)
        XCTAssertFalse(result.summary.contains("FAILED"), result.summary)
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
