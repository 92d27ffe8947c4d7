/// What went wrong in the GPU layer. Each case prints as one line.
public enum GPUError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No Vulkan loader or driver could be loaded, or no instance could be created.
    case vulkanUnavailable(String)
    /// No driver started, and NVIDIA's manifest (this path) names its GLX
    /// library, which starts no Vulkan without an X server.
    case nvidiaDriverNeedsEGL(manifest: String)
    /// The system has no Vulkan device that can run compute work.
    case noComputeDevice
    /// The device selector (option or `HARBETH_DEVICE`) matched no device.
    case deviceNotFound(selector: String, available: [String])
    /// The validation layer was asked for but is not installed.
    case validationLayerMissing
    /// The device has run out of memory.
    case outOfDeviceMemory(call: String)
    /// The host has run out of memory inside the driver.
    case outOfHostMemory(call: String)
    /// The device was lost (driver reset, hang, or an injected fault).
    case deviceLost(call: String)
    /// No memory type fits the resource's requirements.
    case noSuitableMemoryType(purpose: String)
    /// A resource of this size or format cannot be made on this device.
    case unsupported(String)
    /// Any other failing Vulkan call.
    case vulkanCall(call: String, result: VulkanResult)

    init(call: StaticString, result: VulkanResult) {
        let name = "\(call)"
        switch result {
        case .outOfDeviceMemory: self = .outOfDeviceMemory(call: name)
        case .outOfHostMemory: self = .outOfHostMemory(call: name)
        case .deviceLost: self = .deviceLost(call: name)
        default: self = .vulkanCall(call: name, result: result)
        }
    }

    /// True when the device can no longer be used.
    public var isDeviceLost: Bool {
        if case .deviceLost = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .vulkanUnavailable(let why):
            return "Vulkan is not available: \(why) (install a driver, e.g. mesa-vulkan-drivers)"
        case .nvidiaDriverNeedsEGL(let manifest):
            return "Vulkan is not available: NVIDIA's manifest \(manifest) names libGLX_nvidia.so.0, which starts "
                + "no Vulkan without an X server; point VK_ICD_FILENAMES at a manifest naming libEGL_nvidia.so.0 "
                + "(README, \"Headless NVIDIA machines\")"
        case .noComputeDevice:
            return "no Vulkan device with a compute queue was found"
        case .deviceNotFound(let selector, let available):
            return "no Vulkan device matches '\(selector)'; available: \(available.joined(separator: ", "))"
        case .validationLayerMissing:
            return "the Khronos validation layer is not installed (Debian package vulkan-validationlayers)"
        case .outOfDeviceMemory(let call):
            return "the GPU is out of memory (\(call))"
        case .outOfHostMemory(let call):
            return "the Vulkan driver is out of host memory (\(call))"
        case .deviceLost(let call):
            return "the GPU device was lost (\(call))"
        case .noSuitableMemoryType(let purpose):
            return "no GPU memory type suits \(purpose)"
        case .unsupported(let what):
            return "unsupported on this GPU: \(what)"
        case .vulkanCall(let call, let result):
            return "\(call) failed with \(result)"
        }
    }
}
