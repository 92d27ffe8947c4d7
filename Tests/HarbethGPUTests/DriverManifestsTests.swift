import Foundation
import XCTest

@testable import HarbethGPU

/// When no Vulkan driver starts, the error names the reason a headless
/// NVIDIA machine gives (its manifest names the GLX library, which starts
/// no Vulkan without an X server) instead of telling the user to install
/// a driver they have.
final class DriverManifestsTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("manifests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes `text` as `name` in `folder`/vulkan/icd.d under the test's root.
    private func manifest(_ folder: String, _ name: String, _ text: String) throws {
        let directory = root.appendingPathComponent(folder).appendingPathComponent("vulkan/icd.d")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    private func driver(_ library: String) -> String {
        #"{ "file_format_version": "1.0.1", "ICD": { "library_path": "\#(library)", "api_version": "1.4.312" } }"#
    }

    /// The loader's folders, as XDG_DATA_DIRS and XDG_CONFIG_DIRS point them
    /// into the test's root.
    private var environment: [String: String] {
        [
            "XDG_DATA_DIRS": root.appendingPathComponent("share").path + ":"
                + root.appendingPathComponent("local/share").path,
            "XDG_CONFIG_DIRS": root.appendingPathComponent("etc/xdg").path,
            "HOME": root.appendingPathComponent("home").path,
        ]
    }

    func testAnNVIDIAManifestNamingTheGLXLibraryIsTheReason() throws {
        try manifest("share", "lvp_icd.x86_64.json", driver("/usr/lib/x86_64-linux-gnu/libvulkan_lvp.so"))
        try manifest("local/share", "nvidia_icd.json", driver("libGLX_nvidia.so.0"))
        let found = DriverManifests.headlessNVIDIA(environment: environment, systemFolders: [])
        XCTAssertEqual(found, root.appendingPathComponent("local/share/vulkan/icd.d/nvidia_icd.json").path)

        let error = GPUError.nvidiaDriverNeedsEGL(manifest: try XCTUnwrap(found))
        XCTAssertFalse(error.description.contains("\n"))
        XCTAssertTrue(error.description.contains("libEGL_nvidia.so.0"), error.description)
        XCTAssertTrue(error.description.contains("VK_ICD_FILENAMES"), error.description)
        XCTAssertFalse(error.description.contains("mesa-vulkan-drivers"), error.description)
    }

    func testAManifestInTheSystemFolderCounts() throws {
        try manifest("etc", "nvidia_icd.json", driver("/usr/lib/x86_64-linux-gnu/libGLX_nvidia.so.0"))
        let folder = root.appendingPathComponent("etc/vulkan/icd.d").path
        XCTAssertEqual(
            DriverManifests.headlessNVIDIA(environment: environment, systemFolders: [folder]),
            folder + "/nvidia_icd.json")
    }

    func testNoReasonWithoutAnNVIDIAGLXManifest() throws {
        try manifest("share", "lvp_icd.x86_64.json", driver("libvulkan_lvp.so"))
        try manifest("share", "nvidia_egl.json", driver("libEGL_nvidia.so.0"))
        try manifest("share", "broken.json", "{ not json")
        XCTAssertNil(DriverManifests.headlessNVIDIA(environment: environment, systemFolders: []))
    }

    func testNoReasonWhenTheUserChoseTheDrivers() throws {
        try manifest("share", "nvidia_icd.json", driver("libGLX_nvidia.so.0"))
        for variable in ["VK_ICD_FILENAMES", "VK_DRIVER_FILES"] {
            var chosen = environment
            chosen[variable] = "/somewhere/else.json"
            XCTAssertNil(DriverManifests.headlessNVIDIA(environment: chosen, systemFolders: []), variable)
        }
    }
}
