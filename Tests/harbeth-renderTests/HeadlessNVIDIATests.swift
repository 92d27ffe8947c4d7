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
    /// Runs `harbeth-render --list-devices` with the loader's folders moved
    /// into `root`, and no driver or validation chosen.
    private func listDevices(root: URL) throws -> (status: Int32, error: String) {
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
        process.arguments = ["--list-devices"]
        process.environment = environment
        let error = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = error
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func testNoDriverWithAnNVIDIAGLXManifestNamesTheEGLLibrary() throws {
        let system = (try? FileManager.default.contentsOfDirectory(atPath: "/etc/vulkan/icd.d")) ?? []
        try XCTSkipIf(system.contains { $0.hasSuffix(".json") }, "/etc/vulkan/icd.d has drivers the test cannot hide")
        let root = try Clips.folder()
        let folder = root.appendingPathComponent("share/vulkan/icd.d")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        // No manifest at all: the general advice.
        let none = try listDevices(root: root)
        XCTAssertEqual(none.status, 1, none.error)
        XCTAssertTrue(none.error.contains("install a driver"), none.error)

        let manifest = folder.appendingPathComponent("nvidia_icd.json")
        try Data(
            #"{ "file_format_version": "1.0.1", "ICD": { "library_path": "libGLX_nvidia.so.0", "api_version": "1.4.312" } }"#
                .utf8
        ).write(to: manifest)
        let nvidia = try listDevices(root: root)
        XCTAssertEqual(nvidia.status, 1, nvidia.error)
        let lines = nvidia.error.split(separator: "\n").filter { $0.hasPrefix("harbeth-render:") }
        XCTAssertEqual(lines.count, 1, nvidia.error)
        XCTAssertTrue(lines.first?.contains("NVIDIA's manifest \(manifest.path)") == true, nvidia.error)
        XCTAssertTrue(lines.first?.contains("libEGL_nvidia.so.0") == true, nvidia.error)
        XCTAssertFalse(nvidia.error.contains("mesa-vulkan-drivers"), nvidia.error)
    }
}
