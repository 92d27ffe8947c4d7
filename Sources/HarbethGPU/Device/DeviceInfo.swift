import CVulkan
import Foundation

/// What kind of device a Vulkan physical device is, in preference order.
public enum DeviceKind: String, Sendable, CaseIterable {
    /// A discrete GPU with its own memory, such as a PCIe graphics card.
    case discrete
    /// A GPU built into the CPU package or system-on-chip, sharing system memory.
    case integrated
    /// A virtual GPU exposed by a hypervisor or virtualisation layer.
    case virtual
    /// A CPU implementation such as lavapipe.
    case cpu
    /// A device whose type the driver reports as "other" or as a type this library doesn't know.
    case other

    init(_ type: VkPhysicalDeviceType) {
        switch type {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: self = .discrete
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: self = .integrated
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: self = .virtual
        case VK_PHYSICAL_DEVICE_TYPE_CPU: self = .cpu
        default: self = .other
        }
    }

    /// Lower ranks are preferred when no device is asked for by name or index.
    var preferenceRank: Int {
        switch self {
        case .discrete: return 0
        case .integrated: return 1
        case .virtual: return 2
        case .cpu: return 3
        case .other: return 4
        }
    }
}

/// A description of one Vulkan physical device.
public struct DeviceInfo: Sendable, Hashable, CustomStringConvertible {
    /// Position in the loader's enumeration (what `HARBETH_DEVICE=N` selects).
    public let index: Int
    /// The driver's device name, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let name: String
    /// What kind of device this is; automatic selection prefers discrete, then integrated, virtual, CPU.
    public let kind: DeviceKind
    /// The driver name and info string, e.g. "llvmpipe" / "Mesa 22.3.6".
    public let driverName: String
    /// The driver's info string, usually its version, e.g. "Mesa 22.3.6".
    public let driverInfo: String
    /// The device's Vulkan version as "major.minor.patch".
    public let apiVersion: String
    /// The vendor identifier the driver reports, usually the PCI vendor ID (e.g. 0x10DE for NVIDIA).
    public let vendorID: UInt32
    /// The vendor-specific device identifier the driver reports, usually the PCI device ID.
    public let deviceID: UInt32
    /// `pipelineCacheUUID` as lowercase hex; pipeline caches are keyed by it.
    public let pipelineCacheUUID: String
    /// True when one memory type is both device-local and host-visible on the
    /// main heap, so mapped buffers need no staging copy.
    public let hasUnifiedMemory: Bool
    /// Whether the device offers `robustBufferAccess`.
    public let supportsRobustBufferAccess: Bool

    public var description: String {
        "\(index): \(name) [\(kind.rawValue), \(driverName) \(driverInfo), Vulkan \(apiVersion)]"
    }
}

/// How to choose a device when several are present.
public enum DeviceSelector: Sendable, Hashable, CustomStringConvertible {
    /// The best device: discrete, then integrated, virtual, CPU.
    case automatic
    /// The device at this enumeration index.
    case index(Int)
    /// The first device whose name contains this text (case-insensitive).
    case nameContaining(String)

    /// Parses `HARBETH_DEVICE`-style text: a number selects by index, anything
    /// else by name substring; empty text is automatic.
    public init(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            self = .automatic
        } else if let index = Int(trimmed) {
            self = .index(index)
        } else {
            self = .nameContaining(trimmed)
        }
    }

    public var description: String {
        switch self {
        case .automatic: return "automatic"
        case .index(let index): return "\(index)"
        case .nameContaining(let text): return text
        }
    }

    func choose(from devices: [DeviceInfo]) throws(GPUError) -> DeviceInfo {
        guard !devices.isEmpty else { throw .noComputeDevice }
        switch self {
        case .automatic:
            // Stable: the lowest index wins among devices of the same kind.
            return devices.min { ($0.kind.preferenceRank, $0.index) < ($1.kind.preferenceRank, $1.index) }!
        case .index(let index):
            if let device = devices.first(where: { $0.index == index }) { return device }
        case .nameContaining(let text):
            if let device = devices.first(where: { $0.name.lowercased().contains(text.lowercased()) }) {
                return device
            }
        }
        throw .deviceNotFound(selector: description, available: devices.map(\.description))
    }
}
