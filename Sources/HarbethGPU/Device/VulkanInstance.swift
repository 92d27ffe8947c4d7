import CVulkan
import Foundation

/// Owns one `VkInstance` and, when validation is on, its debug messenger.
/// Every physical device and logical device made from it keeps it alive.
final class VulkanInstance: @unchecked Sendable {
    // @unchecked: the handles are written once in init and destroyed once in
    // deinit; Vulkan instance functions are thread-safe for these uses.
    let handle: VkInstance
    let apiVersion: UInt32
    let validationLog: ValidationLog?
    private var messenger: VkDebugUtilsMessengerEXT?

    static let validationLayerName = "VK_LAYER_KHRONOS_validation"

    /// - Parameters:
    ///   - validation: turn on the Khronos validation layer.
    ///   - log: where its messages go (a new log when nil).
    init(validation: Bool, log: ValidationLog? = nil) throws(GPUError) {
        var loaderVersion: UInt32 = 0
        let versionResult = vkEnumerateInstanceVersion(&loaderVersion)
        guard versionResult == VK_SUCCESS else {
            throw .vulkanUnavailable("vkEnumerateInstanceVersion failed with \(VulkanResult(versionResult))")
        }
        guard loaderVersion >= cvk_make_api_version(0, 1, 2, 0) else {
            throw .vulkanUnavailable("the Vulkan loader is older than 1.2")
        }
        let apiVersion = min(loaderVersion, cvk_make_api_version(0, 1, 3, 0))
        self.apiVersion = apiVersion

        var layers: [String] = []
        var extensions: [String] = []
        if validation {
            guard Self.availableLayers().contains(Self.validationLayerName) else {
                throw .validationLayerMissing
            }
            layers.append(Self.validationLayerName)
            extensions.append("VK_EXT_debug_utils")
            validationLog = log ?? ValidationLog()
        } else {
            validationLog = nil
        }

        let layerNames = CStringArray(layers)
        let extensionNames = CStringArray(extensions)
        // Chained into the instance's create info, a messenger also hears
        // what the layer says inside vkCreateInstance and vkDestroyInstance
        // (a device never destroyed, say), where the instance's own
        // messenger does not exist yet or any more.
        var instanceMessenger =
            validationLog.map { Self.messengerInfo(log: $0) } ?? VkDebugUtilsMessengerCreateInfoEXT()
        let chainMessenger = validationLog != nil
        var created: VkInstance?
        let result: VkResult = "harbeth".withCString { appName in
            var appInfo = VkApplicationInfo()
            appInfo.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO
            appInfo.pApplicationName = appName
            appInfo.pEngineName = appName
            appInfo.apiVersion = apiVersion
            return withUnsafePointer(to: &appInfo) { appInfoPointer in
                layerNames.withPointers { layerPointers in
                    extensionNames.withPointers { extensionPointers in
                        withUnsafeMutablePointer(to: &instanceMessenger) { messengerPointer in
                            var info = VkInstanceCreateInfo()
                            info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO
                            if chainMessenger { info.pNext = UnsafeRawPointer(messengerPointer) }
                            info.pApplicationInfo = appInfoPointer
                            info.enabledLayerCount = layerNames.count
                            info.ppEnabledLayerNames = layerPointers
                            info.enabledExtensionCount = extensionNames.count
                            info.ppEnabledExtensionNames = extensionPointers
                            return vkCreateInstance(&info, nil, &created)
                        }
                    }
                }
            }
        }
        guard result == VK_SUCCESS, let created else {
            if result == VK_ERROR_INCOMPATIBLE_DRIVER,
                let manifest = DriverManifests.headlessNVIDIA(environment: ProcessInfo.processInfo.environment)
            {
                throw .nvidiaDriverNeedsEGL(manifest: manifest)
            }
            throw .vulkanUnavailable("vkCreateInstance failed with \(VulkanResult(result))")
        }
        handle = created

        if let validationLog {
            messenger = try Self.makeMessenger(instance: created, log: validationLog)
        }
    }

    deinit {
        if let messenger,
            let destroy = loadFunction(
                "vkDestroyDebugUtilsMessengerEXT", as: PFN_vkDestroyDebugUtilsMessengerEXT.self)
        {
            destroy(handle, messenger, nil)
        }
        vkDestroyInstance(handle, nil)
    }

    static func availableLayers() -> Set<String> {
        var count: UInt32 = 0
        guard vkEnumerateInstanceLayerProperties(&count, nil) == VK_SUCCESS, count > 0 else { return [] }
        var properties = [VkLayerProperties](repeating: VkLayerProperties(), count: Int(count))
        guard vkEnumerateInstanceLayerProperties(&count, &properties) == VK_SUCCESS else { return [] }
        return Set(properties.prefix(Int(count)).map { string(fromTuple: $0.layerName) })
    }

    func loadFunction<T>(_ name: String, as type: T.Type) -> T? {
        guard let function = vkGetInstanceProcAddr(handle, name) else { return nil }
        return unsafeBitCast(function, to: type)
    }

    private static func makeMessenger(instance: VkInstance, log: ValidationLog) throws(GPUError)
        -> VkDebugUtilsMessengerEXT
    {
        guard let function = vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT") else {
            throw .vulkanUnavailable("VK_EXT_debug_utils is not available")
        }
        let create = unsafeBitCast(function, to: PFN_vkCreateDebugUtilsMessengerEXT.self)
        var info = messengerInfo(log: log)
        var messenger: VkDebugUtilsMessengerEXT?
        try check(create(instance, &info, nil, &messenger), "vkCreateDebugUtilsMessengerEXT")
        return messenger!
    }

    /// Warnings and errors of every kind, to `log` (unretained: the
    /// instance keeps it alive for as long as messages can arrive).
    private static func messengerInfo(log: ValidationLog) -> VkDebugUtilsMessengerCreateInfoEXT {
        var info = VkDebugUtilsMessengerCreateInfoEXT()
        info.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT
        info.messageSeverity =
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT.rawValue
            | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT.rawValue
        info.messageType =
            VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT.rawValue
            | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT.rawValue
            | VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT.rawValue
        info.pfnUserCallback = validationCallback
        info.pUserData = Unmanaged.passUnretained(log).toOpaque()
        return info
    }

    /// Every physical device with a compute-capable queue family, described.
    func physicalDevices() throws(GPUError) -> [(VkPhysicalDevice, DeviceInfo, queueFamily: UInt32)] {
        var count: UInt32 = 0
        try check(vkEnumeratePhysicalDevices(handle, &count, nil), "vkEnumeratePhysicalDevices")
        var devices = [VkPhysicalDevice?](repeating: nil, count: Int(count))
        try check(vkEnumeratePhysicalDevices(handle, &count, &devices), "vkEnumeratePhysicalDevices")
        var found: [(VkPhysicalDevice, DeviceInfo, queueFamily: UInt32)] = []
        for (index, device) in devices.prefix(Int(count)).enumerated() {
            guard let device, let family = Self.computeQueueFamily(device) else { continue }
            found.append((device, Self.describe(device, index: index), family))
        }
        return found
    }

    private static func computeQueueFamily(_ device: VkPhysicalDevice) -> UInt32? {
        var count: UInt32 = 0
        vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nil)
        var families = [VkQueueFamilyProperties](repeating: VkQueueFamilyProperties(), count: Int(count))
        vkGetPhysicalDeviceQueueFamilyProperties(device, &count, &families)
        let compute = VK_QUEUE_COMPUTE_BIT.rawValue
        let graphics = VK_QUEUE_GRAPHICS_BIT.rawValue
        // A compute-only family runs beside graphics work on real GPUs; take it first.
        if let dedicated = families.firstIndex(where: { $0.queueFlags & compute != 0 && $0.queueFlags & graphics == 0 })
        {
            return UInt32(dedicated)
        }
        return families.firstIndex(where: { $0.queueFlags & compute != 0 }).map(UInt32.init)
    }

    private static func describe(_ device: VkPhysicalDevice, index: Int) -> DeviceInfo {
        var driver = VkPhysicalDeviceDriverProperties()
        driver.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES
        var properties = VkPhysicalDeviceProperties2()
        properties.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2
        withUnsafeMutablePointer(to: &driver) { driverPointer in
            properties.pNext = UnsafeMutableRawPointer(driverPointer)
            vkGetPhysicalDeviceProperties2(device, &properties)
        }
        properties.pNext = nil
        var features = VkPhysicalDeviceFeatures()
        vkGetPhysicalDeviceFeatures(device, &features)
        let core = properties.properties
        let version = core.apiVersion
        return DeviceInfo(
            index: index,
            name: string(fromTuple: core.deviceName),
            kind: DeviceKind(core.deviceType),
            driverName: string(fromTuple: driver.driverName),
            driverInfo: string(fromTuple: driver.driverInfo),
            apiVersion:
                "\(cvk_api_version_major(version)).\(cvk_api_version_minor(version)).\(cvk_api_version_patch(version))",
            vendorID: core.vendorID,
            deviceID: core.deviceID,
            pipelineCacheUUID: hex(fromTuple: core.pipelineCacheUUID),
            hasUnifiedMemory: MemoryTypes(device).hasUnifiedMemory,
            supportsRobustBufferAccess: features.robustBufferAccess == VkBool32(VK_TRUE)
        )
    }
}
