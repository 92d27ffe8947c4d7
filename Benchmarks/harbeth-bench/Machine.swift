import Foundation

/// What the numbers were measured on.
struct Machine: Encodable {
    var cpuModel: String
    var cores: Int
    var memoryGiB: Double
    var operatingSystem: String
    var kernel: String
    /// `harbeth-render --list-devices`, one line per device.
    var vulkanDevices: [String]
    /// The device harbeth-render's runs report using.
    var deviceUsed: String?
    var ffmpegVersion: String
    var harbethRenderVersion: String
    var harbethRenderPath: String
    var ffmpegPath: String
    /// Environment variables that pick the Vulkan driver, when set.
    var vulkanEnvironment: [String: String]

    static func describe(tools: Tools, scratch: String) throws(BenchError) -> Machine {
        let cpuinfo = TextFile.read("/proc/cpuinfo") ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let memoryKiB =
            (TextFile.read("/proc/meminfo") ?? "").split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Double($0) } ?? 0
        let os =
            (TextFile.read("/etc/os-release") ?? "").split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            ?? "unknown"
        var names = utsname()
        uname(&names)
        let kernel = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let devices = try ChildProcess.capture(
            Command(executable: tools.render, arguments: ["--list-devices"]), scratch: scratch)
        let ffmpegVersion = try ChildProcess.capture(
            Command(executable: tools.ffmpeg, arguments: ["-hide_banner", "-version"]), scratch: scratch)
        let renderVersion = try ChildProcess.capture(
            Command(executable: tools.render, arguments: ["--version"]), scratch: scratch)
        let environment = ProcessInfo.processInfo.environment.filter {
            ["VK_DRIVER_FILES", "VK_ICD_FILENAMES", "HARBETH_DEVICE"].contains($0.key)
        }
        return Machine(
            cpuModel: model, cores: sysconf(Int32(_SC_NPROCESSORS_ONLN)),
            memoryGiB: (memoryKiB / 1_048_576 * 10).rounded() / 10,
            operatingSystem: os, kernel: kernel,
            vulkanDevices: devices.split(separator: "\n").map(String.init), deviceUsed: nil,
            ffmpegVersion: ffmpegVersion.split(separator: "\n").first.map(String.init) ?? "unknown",
            harbethRenderVersion: renderVersion.trimmingCharacters(in: .whitespacesAndNewlines),
            harbethRenderPath: tools.render, ffmpegPath: tools.ffmpeg, vulkanEnvironment: environment)
    }

    /// The 1-minute load average from /proc/loadavg.
    static func loadAverage() -> Double {
        (TextFile.read("/proc/loadavg") ?? "").split(separator: " ").first.flatMap { Double($0) } ?? -1
    }
}
