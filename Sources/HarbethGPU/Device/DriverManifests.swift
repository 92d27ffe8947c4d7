import Foundation

/// The Vulkan loader's driver manifests, read to say why no driver started.
///
/// NVIDIA's manifest names its GLX library, `libGLX_nvidia.so.0`, which
/// gives the loader no `vkCreateInstance` on a machine with no X server (a
/// headless server or a container); the driver's EGL library,
/// `libEGL_nvidia.so.0`, carries the same Vulkan driver and starts there.
enum DriverManifests {
    /// The folders the loader reads manifests from besides the XDG ones.
    static let systemFolders = ["/etc/vulkan/icd.d"]

    /// The first manifest that names NVIDIA's GLX library, in the loader's
    /// folders as `environment` sets them; nil when there is none or the
    /// user chose the drivers (`VK_ICD_FILENAMES`, `VK_DRIVER_FILES`).
    static func headlessNVIDIA(environment: [String: String], systemFolders: [String] = systemFolders) -> String? {
        for chosen in ["VK_ICD_FILENAMES", "VK_DRIVER_FILES"] where !(environment[chosen] ?? "").isEmpty {
            return nil
        }
        for folder in folders(environment: environment, systemFolders: systemFolders) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") {
                let path = folder + "/" + name
                if let library = library(inManifest: path),
                    (library as NSString).lastPathComponent.hasPrefix("libGLX_nvidia")
                {
                    return path
                }
            }
        }
        return nil
    }

    /// A note when every device the loader started is the CPU while the
    /// loader's folders hold NVIDIA's GLX manifest: its driver did not
    /// start, and the work runs on the CPU unless the user points the
    /// loader at the EGL library.
    static func unstartedNVIDIA(devices: [DeviceInfo], environment: [String: String]) -> String? {
        guard !devices.isEmpty, devices.allSatisfy({ $0.kind == .cpu }),
            let manifest = headlessNVIDIA(environment: environment)
        else { return nil }
        return "NVIDIA's driver did not start (\(manifest) names libGLX_nvidia.so.0, which starts no Vulkan "
            + "without an X server), so this runs on the CPU; point VK_ICD_FILENAMES at a manifest naming "
            + "libEGL_nvidia.so.0 (README, \"Headless NVIDIA machines\")"
    }

    /// The loader's manifest folders on Linux, in its order: the user's and
    /// the system's configuration, then the user's and the system's data.
    private static func folders(environment: [String: String], systemFolders: [String]) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        func list(_ name: String, _ fallback: String) -> [String] {
            (environment[name].flatMap { $0.isEmpty ? nil : $0 } ?? fallback).split(separator: ":").map(String.init)
        }
        let configuration = list("XDG_CONFIG_HOME", home + "/.config") + list("XDG_CONFIG_DIRS", "/etc/xdg")
        let data = list("XDG_DATA_HOME", home + "/.local/share") + list("XDG_DATA_DIRS", "/usr/local/share:/usr/share")
        return configuration.map { $0 + "/vulkan/icd.d" } + systemFolders + data.map { $0 + "/vulkan/icd.d" }
    }

    /// The `ICD.library_path` of a driver manifest; nil when it is not one.
    private static func library(inManifest path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let driver = object["ICD"] as? [String: Any]
        else { return nil }
        return driver["library_path"] as? String
    }
}
