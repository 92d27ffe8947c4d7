import CVulkan

/// A `VkResult` as a Swift value with named constants, so errors print as
/// words rather than numbers.
public struct VulkanResult: Hashable, Sendable, CustomStringConvertible {
    /// The raw `VkResult` value.
    public let rawValue: Int32

    init(_ result: VkResult) { self.rawValue = result.rawValue }

    /// Creates a result from its raw `VkResult` value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `VK_SUCCESS`: the command completed successfully.
    public static let success = VulkanResult(VK_SUCCESS)
    /// `VK_NOT_READY`: a fence or query has not yet completed.
    public static let notReady = VulkanResult(VK_NOT_READY)
    /// `VK_TIMEOUT`: a wait operation did not complete in the time given.
    public static let timeout = VulkanResult(VK_TIMEOUT)
    /// `VK_INCOMPLETE`: a returned array was too small for all the results.
    public static let incomplete = VulkanResult(VK_INCOMPLETE)
    /// `VK_ERROR_OUT_OF_HOST_MEMORY`: a host memory allocation failed.
    public static let outOfHostMemory = VulkanResult(VK_ERROR_OUT_OF_HOST_MEMORY)
    /// `VK_ERROR_OUT_OF_DEVICE_MEMORY`: a device memory allocation failed.
    public static let outOfDeviceMemory = VulkanResult(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    /// `VK_ERROR_INITIALIZATION_FAILED`: an object could not be initialised for implementation-specific reasons.
    public static let initializationFailed = VulkanResult(VK_ERROR_INITIALIZATION_FAILED)
    /// `VK_ERROR_DEVICE_LOST`: the logical or physical device was lost, e.g. after a hang or driver reset.
    public static let deviceLost = VulkanResult(VK_ERROR_DEVICE_LOST)
    /// `VK_ERROR_MEMORY_MAP_FAILED`: mapping a memory object failed.
    public static let memoryMapFailed = VulkanResult(VK_ERROR_MEMORY_MAP_FAILED)
    /// `VK_ERROR_LAYER_NOT_PRESENT`: a requested layer, such as validation, is not installed.
    public static let layerNotPresent = VulkanResult(VK_ERROR_LAYER_NOT_PRESENT)
    /// `VK_ERROR_EXTENSION_NOT_PRESENT`: a requested extension is not supported.
    public static let extensionNotPresent = VulkanResult(VK_ERROR_EXTENSION_NOT_PRESENT)
    /// `VK_ERROR_FEATURE_NOT_PRESENT`: a requested device feature is not supported.
    public static let featureNotPresent = VulkanResult(VK_ERROR_FEATURE_NOT_PRESENT)
    /// `VK_ERROR_INCOMPATIBLE_DRIVER`: the requested Vulkan version is not supported by the driver.
    public static let incompatibleDriver = VulkanResult(VK_ERROR_INCOMPATIBLE_DRIVER)
    /// `VK_ERROR_TOO_MANY_OBJECTS`: too many objects of this type have already been created.
    public static let tooManyObjects = VulkanResult(VK_ERROR_TOO_MANY_OBJECTS)
    /// `VK_ERROR_FORMAT_NOT_SUPPORTED`: the requested format is not supported on this device.
    public static let formatNotSupported = VulkanResult(VK_ERROR_FORMAT_NOT_SUPPORTED)
    /// `VK_ERROR_FRAGMENTED_POOL`: a pool allocation failed because the pool's memory is fragmented.
    public static let fragmentedPool = VulkanResult(VK_ERROR_FRAGMENTED_POOL)
    /// `VK_ERROR_OUT_OF_POOL_MEMORY`: a descriptor pool has no room left for the allocation.
    public static let outOfPoolMemory = VulkanResult(VK_ERROR_OUT_OF_POOL_MEMORY)
    /// `VK_ERROR_UNKNOWN`: an unknown error occurred, from the application or the implementation.
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
