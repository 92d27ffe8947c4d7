import CVulkan

/// A `VkResult` as a Swift value with named constants, so errors print as
/// words rather than numbers.
public struct VulkanResult: Hashable, Sendable, CustomStringConvertible {
    /// The raw `VkResult` value.
    public let rawValue: Int32

    init(_ result: VkResult) { self.rawValue = result.rawValue }

    /// Creates a result from its raw `VkResult` value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let success = VulkanResult(VK_SUCCESS)
    public static let notReady = VulkanResult(VK_NOT_READY)
    public static let timeout = VulkanResult(VK_TIMEOUT)
    public static let incomplete = VulkanResult(VK_INCOMPLETE)
    public static let outOfHostMemory = VulkanResult(VK_ERROR_OUT_OF_HOST_MEMORY)
    public static let outOfDeviceMemory = VulkanResult(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    public static let initializationFailed = VulkanResult(VK_ERROR_INITIALIZATION_FAILED)
    public static let deviceLost = VulkanResult(VK_ERROR_DEVICE_LOST)
    public static let memoryMapFailed = VulkanResult(VK_ERROR_MEMORY_MAP_FAILED)
    public static let layerNotPresent = VulkanResult(VK_ERROR_LAYER_NOT_PRESENT)
    public static let extensionNotPresent = VulkanResult(VK_ERROR_EXTENSION_NOT_PRESENT)
    public static let featureNotPresent = VulkanResult(VK_ERROR_FEATURE_NOT_PRESENT)
    public static let incompatibleDriver = VulkanResult(VK_ERROR_INCOMPATIBLE_DRIVER)
    public static let tooManyObjects = VulkanResult(VK_ERROR_TOO_MANY_OBJECTS)
    public static let formatNotSupported = VulkanResult(VK_ERROR_FORMAT_NOT_SUPPORTED)
    public static let fragmentedPool = VulkanResult(VK_ERROR_FRAGMENTED_POOL)
    public static let outOfPoolMemory = VulkanResult(VK_ERROR_OUT_OF_POOL_MEMORY)
    public static let unknown = VulkanResult(VK_ERROR_UNKNOWN)

    /// True for `VK_SUCCESS` and the other non-negative status codes.
    public var isSuccess: Bool { rawValue >= 0 }

    public var description: String {
        switch self {
        case .success: return "VK_SUCCESS"
        case .notReady: return "VK_NOT_READY"
        case .timeout: return "VK_TIMEOUT"
        case .incomplete: return "VK_INCOMPLETE"
        case .outOfHostMemory: return "VK_ERROR_OUT_OF_HOST_MEMORY"
        case .outOfDeviceMemory: return "VK_ERROR_OUT_OF_DEVICE_MEMORY"
        case .initializationFailed: return "VK_ERROR_INITIALIZATION_FAILED"
        case .deviceLost: return "VK_ERROR_DEVICE_LOST"
        case .memoryMapFailed: return "VK_ERROR_MEMORY_MAP_FAILED"
        case .layerNotPresent: return "VK_ERROR_LAYER_NOT_PRESENT"
        case .extensionNotPresent: return "VK_ERROR_EXTENSION_NOT_PRESENT"
        case .featureNotPresent: return "VK_ERROR_FEATURE_NOT_PRESENT"
        case .incompatibleDriver: return "VK_ERROR_INCOMPATIBLE_DRIVER"
        case .tooManyObjects: return "VK_ERROR_TOO_MANY_OBJECTS"
        case .formatNotSupported: return "VK_ERROR_FORMAT_NOT_SUPPORTED"
        case .fragmentedPool: return "VK_ERROR_FRAGMENTED_POOL"
        case .outOfPoolMemory: return "VK_ERROR_OUT_OF_POOL_MEMORY"
        case .unknown: return "VK_ERROR_UNKNOWN"
        default: return "VkResult(\(rawValue))"
        }
    }
}

/// The one place a Vulkan call's result becomes a Swift error.
@inline(__always)
func check(_ result: VkResult, _ call: StaticString) throws(GPUError) {
    guard result.rawValue < 0 else { return }
    throw GPUError(call: call, result: VulkanResult(result))
}
