import Foundation
import HarbethTestSupport
import XCTest

/// On a machine whose only Vulkan driver is NVIDIA's and which has no X
/// server, the driver's manifest names its GLX library and no instance can
/// be made. harbeth-render says so, and how to reach the driver, in one
/// line, instead of telling the user to install a driver they have. The
/// machine is stood in for by loader folders that hold only such a
/// manifest (its library is absent here, so the loader starts no driver,
/// as NVIDIA's GLX library starts none without an X server).
final class HeadlessNVIDIATests: XCTestCase {
    /// Runs harbeth-render with `arguments` (`--list-devices` unless given)
    /// with the loader's folders moved into `root`, and no driver or
    /// validation chosen.
    private func run(root: URL, _ arguments: [String] = ["--list-devices"]) throws
        -> (status: Int32, output: String, error: String)
    {
        var environment = Tool.environment
        for chosen in ["VK_DRIVER_FILES", "VK_ICD_FILENAMES", "HARBETH_VALIDATION", "VK_LAYER_PATH"] {
            environment.removeValue(forKey: chosen)
        }
        environment["XDG_DATA_DIRS"] = root.appendingPathComponent("share").path
        environment["XDG_DATA_HOME"] = root.appendingPathComponent("home/share").path
        environment["XDG_CONFIG_DIRS"] = root.appendingPathComponent("etc").path
        environment["XDG_CONFIG_HOME"] = root.appendingPathComponent("home/config").path
        let process = Process()
        process.executableURL = Tool.binary
        process.arguments = arguments
        process.environment = environment
        let (output, error) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, outputText, errorText)
    }

    /// Loader folders under a new root; the system's own must hold no
    /// driver the test cannot hide.
    private func loaderFolders() throws -> (root: URL, drivers: URL) {
        let system = (try? FileManager.default.contentsOfDirectory(atPath: "/etc/vulkan/icd.d")) ?? []
        try XCTSkipIf(system.contains { $0.hasSuffix(".json") }, "/etc/vulkan/icd.d has drivers the test cannot hide")
        let root = try Clips.folder()
        let drivers = root.appendingPathComponent("share/vulkan/icd.d")
        try FileManager.default.createDirectory(at: drivers, withIntermediateDirectories: true)
        return (root, drivers)
    }

    private func writeNVIDIAManifest(in folder: URL) throws -> URL {
        let manifest = folder.appendingPathComponent("nvidia_icd.json")
        try Data(
            #"{ "file_format_version": "1.0.1", "ICD": { "library_path": "libGLX_nvidia.so.0", "api_version": "1.4.312" } }"#
                .utf8
        ).write(to: manifest)
        return manifest
    }

    /// With lavapipe installed beside it, NVIDIA's unstarted driver leaves
    /// only the CPU: the device list and a render say so, once, on
    /// standard error, and the work still runs.
    func testWithOnlyTheCPUStartedNVIDIAsUnstartedDriverIsNamed() throws {
        let (root, drivers) = try loaderFolders()
        try FileManager.default.copyItem(
            atPath: GPUTestEnvironment.lavapipeICD, toPath: drivers.appendingPathComponent("lvp.json").path)
        let alone = try run(root: root)
        XCTAssertEqual(alone.status, 0, alone.error)
        XCTAssertFalse(alone.error.contains("NVIDIA"), alone.error)

        let manifest = try writeNVIDIAManifest(in: drivers)
        let listed = try run(root: root)
        XCTAssertEqual(listed.status, 0, listed.error)
        XCTAssertTrue(listed.output.contains("llvmpipe"), listed.output)
        let note = "harbeth-render: NVIDIA's driver did not start (\(manifest.path) names libGLX_nvidia.so.0"
        XCTAssertEqual(listed.error.components(separatedBy: note).count - 1, 1, listed.error)
        XCTAssertTrue(listed.error.contains("libEGL_nvidia.so.0"), listed.error)

        let rendered = try run(root: root, ["-i", try Clips.video(), "-vf", "sepia", "--frames", "2", "--null"])
        XCTAssertEqual(rendered.status, 0, rendered.error)
        XCTAssertEqual(rendered.error.components(separatedBy: note).count - 1, 1, rendered.error)
        let quiet = try run(root: root, ["-q", "-i", try Clips.video(), "-vf", "sepia", "--frames", "2", "--null"])
        XCTAssertEqual(quiet.status, 0, quiet.error)
        XCTAssertFalse(quiet.error.contains("NVIDIA"), quiet.error)
    }

    func testNoDriverWithAnNVIDIAGLXManifestNamesTheEGLLibrary() throws {
        let (root, folder) = try loaderFolders()

        // No manifest at all: the general advice.
        let none = try run(root: root)
        XCTAssertEqual(none.status, 1, none.error)
        XCTAssertTrue(none.error.contains("install a driver"), none.error)

        let manifest = try writeNVIDIAManifest(in: folder)
        let nvidia = try run(root: root)
        XCTAssertEqual(nvidia.status, 1, nvidia.error)
        let lines = nvidia.error.split(separator: "\n").filter { $0.hasPrefix("harbeth-render:") }
        XCTAssertEqual(lines.count, 1, nvidia.error)
        XCTAssertTrue(lines.first?.contains("NVIDIA's manifest \(manifest.path)") == true, nvidia.error)
        XCTAssertTrue(lines.first?.contains("libEGL_nvidia.so.0") == true, nvidia.error)
        XCTAssertFalse(nvidia.error.contains("mesa-vulkan-drivers"), nvidia.error)
    }
}
