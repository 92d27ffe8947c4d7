import CVulkan

/// What a device is like, for choosing how a filter runs on it: the class
/// of machine (a CPU running Vulkan, or a GPU) and the limits kernels are
/// sized by. A plan is made for one set of these, and filters that have a
/// variant for a class (a running-sum box blur for CPUs) choose it here, in
/// one place.
public struct DeviceCapabilities: Sendable, Hashable, CustomStringConvertible {
    /// The kind of machine, as kernels see it.
    public enum DeviceClass: String, Sendable, Hashable, CaseIterable {
        /// Vulkan on the CPU (lavapipe, SwiftShader): a few wide cores,
        /// where an image read costs far more than arithmetic, so
        /// sequential algorithms whose cost does not grow with a radius win.
        case cpu
        /// A GPU, discrete or integrated: thousands of lanes, where short
        /// independent work per pixel wins.
        case gpu
    }

    /// The kind of machine.
    public var deviceClass: DeviceClass
    /// The subgroup (warp, wavefront) size; 1 when the device reports none.
    public var subgroupSize: Int
    /// Bytes of shared memory a workgroup may use.
    public var maxSharedMemoryBytes: Int
    /// Invocations in one workgroup, at most.
    public var maxWorkgroupInvocations: Int
    /// The largest 2D image side.
    public var maxImageDimension: Int
    /// The most 32-bit words a texel buffer view may cover
    /// (`maxTexelBufferElements`); 0 where the device cannot read and write
    /// R32_UINT texel buffers. Frames that fit are read and written
    /// through such views, the rest through storage buffers.
    public var maxTexelBufferWords: Int
    /// Whether compute shaders may vote across a subgroup (`subgroupAll`).
    /// lavapipe runs both sides of a branch its lanes disagree on, so
    /// kernels vote to run a common case alone.
    public var subgroupVote: Bool

    /// Capabilities given by value (tests, and plans made for another device).
    public init(
        deviceClass: DeviceClass, subgroupSize: Int = 1, maxSharedMemoryBytes: Int = 16384,
        maxWorkgroupInvocations: Int = 128, maxImageDimension: Int = 4096, maxTexelBufferWords: Int = 65536,
        subgroupVote: Bool = false
    ) {
        self.deviceClass = deviceClass
        self.subgroupSize = subgroupSize
        self.maxSharedMemoryBytes = maxSharedMemoryBytes
        self.maxWorkgroupInvocations = maxWorkgroupInvocations
        self.maxImageDimension = maxImageDimension
        self.maxTexelBufferWords = maxTexelBufferWords
        self.subgroupVote = subgroupVote
    }

    /// The capabilities of `device`; `HARBETH_DEVICE_CLASS=cpu|gpu` in the
    /// environment overrides the class (to measure one variant against the
    /// other on the same device).
    init(device: VkPhysicalDevice, kind: DeviceKind, environment: [String: String]) {
        var subgroup = VkPhysicalDeviceSubgroupProperties()
        subgroup.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES
        var properties = VkPhysicalDeviceProperties2()
        properties.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2
        withUnsafeMutablePointer(to: &subgroup) { pointer in
            properties.pNext = UnsafeMutableRawPointer(pointer)
            vkGetPhysicalDeviceProperties2(device, &properties)
        }
        let limits = properties.properties.limits
        let own: DeviceClass = kind == .cpu ? .cpu : .gpu
        var word = VkFormatProperties()
        vkGetPhysicalDeviceFormatProperties(device, VK_FORMAT_R32_UINT, &word)
        let texel =
            VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT.rawValue | VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT.rawValue
        let texelWords = word.bufferFeatures & texel == texel ? Int(limits.maxTexelBufferElements) : 0
        self.init(
            deviceClass: environment["HARBETH_DEVICE_CLASS"].flatMap(DeviceClass.init(rawValue:)) ?? own,
            subgroupSize: Int(max(subgroup.subgroupSize, 1)),
            maxSharedMemoryBytes: Int(limits.maxComputeSharedMemorySize),
            maxWorkgroupInvocations: Int(limits.maxComputeWorkGroupInvocations),
            maxImageDimension: Int(limits.maxImageDimension2D), maxTexelBufferWords: texelWords,
            subgroupVote: subgroup.supportedOperations & VK_SUBGROUP_FEATURE_VOTE_BIT.rawValue != 0
                && subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT.rawValue != 0)
    }

    /// This device with another class (to run the other variant of a filter).
    public func with(deviceClass: DeviceClass) -> DeviceCapabilities {
        var copy = self
        copy.deviceClass = deviceClass
        return copy
    }

    public var description: String {
        "\(deviceClass.rawValue) class, subgroup \(subgroupSize), shared memory \(maxSharedMemoryBytes) B,"
            + " workgroup \(maxWorkgroupInvocations), images up to \(maxImageDimension),"
            + " texel buffers of \(maxTexelBufferWords) words" + (subgroupVote ? ", subgroup votes" : "")
    }
}
