import CVulkan
import Foundation

/// The Vulkan instance, the chosen device, its compute queue, the shader
/// compiler and the caches: Kompute's "manager". Everything made from a
/// context keeps it alive, so the device is destroyed after all of them.
public final class GPUContext: @unchecked Sendable {
    // @unchecked: every stored property is immutable after init and either
    // Sendable or a Vulkan handle that is used only through thread-safe
    // entry points (queue submission is serialised inside GPUQueue).

    /// How to create a context.
    public struct Options: Sendable {
        /// Which device; `nil` reads `HARBETH_DEVICE`, then picks automatically.
        public var device: DeviceSelector?
        /// Turn on the Khronos validation layer; `nil` reads `HARBETH_VALIDATION=1`.
        public var validation: Bool?
        /// Where compiled shaders and the pipeline cache are kept.
        public var cache: CacheLocation
        /// Enable `robustBufferAccess` where the device offers it, so a shader
        /// cannot read or write outside its buffers.
        public var robustBufferAccess: Bool
        /// Where validation messages go, when validation is on; nil makes a
        /// log of the context's own. A log given here can outlive the
        /// context, so it also holds what the layer reports while the device
        /// and the instance are destroyed: every Vulkan object left alive.
        public var validationLog: ValidationLog?
        /// Makes this step of the set-up fail, so tests can check that a
        /// failed set-up leaves nothing alive.
        var failingSetUpStep: SetUpStep?

        /// Creates context options; with the defaults, device and validation come from the environment.
        /// - Parameters:
        ///   - device: Which device to use; `nil` reads `HARBETH_DEVICE`, then picks automatically.
        ///   - validation: Whether to turn on the Khronos validation layer; `nil` reads `HARBETH_VALIDATION=1`.
        ///   - cache: Where compiled shaders and the pipeline cache are kept.
        ///   - robustBufferAccess: Whether to enable `robustBufferAccess` where the device offers it.
        ///   - validationLog: Where validation messages go; `nil` makes a log of the context's own.
        public init(
            device: DeviceSelector? = nil, validation: Bool? = nil, cache: CacheLocation = .automatic,
            robustBufferAccess: Bool = true, validationLog: ValidationLog? = nil
        ) {
            self.device = device
            self.validation = validation
            self.cache = cache
            self.robustBufferAccess = robustBufferAccess
            self.validationLog = validationLog
        }
    }

    /// The steps of a context's set-up after the device exists, in order.
    enum SetUpStep: String, CaseIterable, Sendable {
        case queue, pipelineCache, linearSampler, nearestSampler
    }

    /// Optional device features that kernels may use, as enabled.
    public struct Features: Sendable, Equatable {
        /// Whether shaders may read and write 8-bit values in storage buffers (`storageBuffer8BitAccess`).
        public var storageBuffer8BitAccess = false
        /// Whether shaders may read and write 16-bit values in storage buffers (`storageBuffer16BitAccess`).
        public var storageBuffer16BitAccess = false
        /// Whether shaders may use 8-bit integer types (`shaderInt8`).
        public var shaderInt8 = false
        /// Whether shaders may use 16-bit integer types (`shaderInt16`).
        public var shaderInt16 = false
        /// Whether `robustBufferAccess` is on: asked for in the options and offered by the device.
        public var robustBufferAccess = false
    }

    /// The chosen device.
    public let info: DeviceInfo
    /// What the device is like, for choosing how filters run on it.
    public let capabilities: DeviceCapabilities
    /// The features enabled on the device.
    public let features: Features
    /// What the user should know about the drivers: a note when NVIDIA's
    /// driver is installed but did not start, so the chosen device is the
    /// CPU (see `driverNotes(for:)`).
    public let driverNotes: [String]
    /// Validation messages, when validation is on.
    public var validationLog: ValidationLog? { instance.validationLog }
    /// Test hooks for injected faults.
    package let faults: FaultInjector
    /// The SPIR-V compiler and its caches.
    package let compiler: ShaderCompiler

    let instance: VulkanInstance
    let physicalDevice: VkPhysicalDevice
    let device: VkDevice
    let queue: GPUQueue
    let memoryTypes: MemoryTypes
    let limits: VkPhysicalDeviceLimits
    let pipelineCache: PipelineCache
    private let linearSampler: VkSampler
    private let nearestSampler: VkSampler
    /// The one destroy site of the device and everything above.
    private let objects: DeviceObjects
    private let allocated = Locked<(count: Int, bytes: Int)>((0, 0))

    /// Creates a context on the chosen device.
    public init(options: Options = Options()) throws(GPUError) {
        let environment = ProcessInfo.processInfo.environment
        let validation = options.validation ?? (environment["HARBETH_VALIDATION"] == "1")
        let selector = options.device ?? DeviceSelector(parsing: environment["HARBETH_DEVICE"] ?? "")

        instance = try VulkanInstance(validation: validation, log: options.validationLog)
        let candidates = try instance.physicalDevices()
        driverNotes = Self.driverNotes(for: candidates.map(\.1))
        let chosen = try selector.choose(from: candidates.map(\.1))
        let entry = candidates.first { $0.1.index == chosen.index }!
        physicalDevice = entry.0
        info = chosen
        memoryTypes = MemoryTypes(entry.0)
        var properties = VkPhysicalDeviceProperties()
        vkGetPhysicalDeviceProperties(entry.0, &properties)
        limits = properties.limits
        capabilities = DeviceCapabilities(device: entry.0, kind: chosen.kind, environment: environment)
        faults = FaultInjector(environment: environment["HARBETH_INJECT_FAULT"])

        let (device, features) = try Self.makeDevice(
            physicalDevice: entry.0, queueFamily: entry.queueFamily, robust: options.robustBufferAccess)
        self.device = device
        self.features = features

        let directory = options.cache.resolve().flatMap { CacheDirectory(path: $0) }
        compiler = ShaderCompiler(directory: directory)
        let owned = DeviceObjects(device: device)
        func step(_ step: SetUpStep) throws(GPUError) {
            if options.failingSetUpStep == step { throw .unsupported("set-up step \(step) (injected)") }
        }
        do {
            try step(.queue)
            queue = owned.adopt(try GPUQueue(device: device, familyIndex: entry.queueFamily, faults: faults))
            try step(.pipelineCache)
            pipelineCache = owned.adopt(try PipelineCache(device: device, info: chosen, directory: directory))
            try step(.linearSampler)
            linearSampler = owned.adopt(sampler: try Self.makeSampler(device: device, filter: VK_FILTER_LINEAR))
            try step(.nearestSampler)
            nearestSampler = owned.adopt(sampler: try Self.makeSampler(device: device, filter: VK_FILTER_NEAREST))
        } catch {
            owned.destroy()
            throw error
        }
        objects = owned
        if pipelineCache.loadedFromDisk { compiler.recordPipelineCacheLoaded() }
        let queue = self.queue
        faults.onDeviceLost.withLock { $0 = { queue.simulateDeviceLost() } }
        // After the layers and the driver registered their destructors.
        ExitDrain.registerAtExit()
    }

    private let cacheSaver = DispatchQueue(label: "harbeth.pipeline-cache.save", qos: .utility)
    private let saveScheduled = Locked(false)

    deinit {
        pipelineCache.save()
        objects.destroy()
    }

    /// Notes on the drivers behind `devices` (the loader's devices): one
    /// when all of them are CPU devices while NVIDIA's GLX manifest is
    /// installed, which on a machine without an X server means NVIDIA's
    /// driver did not start; none when the user chose the drivers.
    public static func driverNotes(for devices: [DeviceInfo]) -> [String] {
        DriverManifests.unstartedNVIDIA(devices: devices, environment: ProcessInfo.processInfo.environment)
            .map { [$0] } ?? []
    }

    /// Every Vulkan device with compute support that the loader sees.
    public static func availableDevices() throws(GPUError) -> [DeviceInfo] {
        try VulkanInstance(validation: false).physicalDevices().map(\.1)
    }

    // MARK: Making resources

    /// A buffer of `size` bytes in memory suited to `location`.
    package func makeBuffer(size: Int, location: MemoryLocation) throws(GPUError) -> GPUBuffer {
        try GPUBuffer(context: self, size: size, location: location)
    }

    /// `buffer`'s words through a texel buffer view, for kernels that move
    /// 32-bit words (`BindingKind.uniformTexelBuffer`, `.storageTexelBuffer`).
    package func makeWordView(of buffer: GPUBuffer) throws(GPUError) -> GPUWordView {
        try GPUWordView(buffer: buffer)
    }

    /// A 2D storage-and-sampled image.
    package func makeImage(width: Int, height: Int, format: ImageFormat) throws(GPUError) -> GPUImage {
        try GPUImage(context: self, width: width, height: height, format: format)
    }

    /// Compiles (or finds in the caches) a kernel and makes its pipeline.
    package func makePipeline(_ descriptor: KernelDescriptor) throws -> ComputePipeline {
        guard descriptor.pushConstantSize <= Int(limits.maxPushConstantsSize) else {
            throw GPUError.unsupported("\(descriptor.pushConstantSize) bytes of push constants")
        }
        let spirv = try compiler.compile(descriptor.source)
        return try ComputePipeline(context: self, descriptor: descriptor, spirv: spirv)
    }

    /// A reusable command buffer.
    package func makeCommandBuffer() throws(GPUError) -> CommandBuffer {
        try CommandBuffer(context: self)
    }

    /// Submits recorded commands; `completion` runs once, on the completion
    /// thread, when the GPU has finished them or the device was lost.
    /// `retaining` keeps the resources the commands use alive until then.
    package func submit(
        _ commands: CommandBuffer, retaining: [AnyObject] = [],
        completion: @escaping @Sendable (Result<Void, GPUError>) -> Void
    ) throws(GPUError) {
        try queue.submit(commands, retaining: retaining, completion: completion)
    }

    /// Records, submits and waits, for setup work and tests.
    package func submitAndWait(_ commands: CommandBuffer) throws(GPUError) {
        try queue.submitAndWait(commands)
    }

    /// Saves the pipeline cache now, if pipelines were made since the last save.
    public func savePipelineCache() { pipelineCache.save() }

    /// Blocks until the GPU has finished what was submitted to this context
    /// and its completions have run, or `deadline`. Returns whether it was
    /// idle in time.
    package func waitUntilIdle(until deadline: DispatchTime) -> Bool {
        queue.waitUntilIdle(until: deadline)
    }

    /// Saves the pipeline cache soon, on a background queue, so that whoever
    /// made a pipeline (a renderer's new plan, on a frame's path) does not
    /// wait for the disk. Saves asked for while one waits are one save; the
    /// context's deinit saves what is left.
    public func savePipelineCacheInBackground() {
        let scheduled = saveScheduled.withLock { scheduled in
            defer { scheduled = true }
            return !scheduled
        }
        guard scheduled else { return }
        cacheSaver.async { [weak self] in
            guard let self else { return }
            self.saveScheduled.withLock { $0 = false }
            self.pipelineCache.save()
        }
    }

    /// The queue background saves run on (tests suspend it).
    package var pipelineCacheSaveQueue: DispatchQueue { cacheSaver }

    /// How many times the pipeline cache was asked to save (tests).
    package var pipelineCacheSaves: Int { pipelineCache.saveCount }

    /// Bytes and allocations of device memory currently held.
    public var allocatedMemory: (count: Int, bytes: Int) { allocated.withLock { $0 } }

    /// The largest width or height of an image on this device.
    public var maxImageDimension: Int { Int(limits.maxImageDimension2D) }

    /// The largest storage buffer range on this device.
    public var maxStorageBufferRange: Int { Int(limits.maxStorageBufferRange) }

    // MARK: Internals shared by the resource types

    func allocateMemory(size: VkDeviceSize, typeIndex: UInt32) throws(GPUError) -> VkDeviceMemory {
        var info = VkMemoryAllocateInfo()
        info.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO
        info.allocationSize = size
        info.memoryTypeIndex = typeIndex
        var memory: VkDeviceMemory?
        try check(vkAllocateMemory(device, &info, nil, &memory), "vkAllocateMemory")
        allocated.withLock { $0 = ($0.count + 1, $0.bytes + Int(size)) }
        return memory!
    }

    func freeMemory(_ memory: VkDeviceMemory, size: Int) {
        vkFreeMemory(device, memory, nil)
        allocated.withLock { $0 = ($0.count - 1, $0.bytes - size) }
    }

    func sampler(_ filter: SamplerFilter) -> VkSampler {
        filter == .linear ? linearSampler : nearestSampler
    }

    func oneTimeSubmit(_ body: (inout CommandRecorder) throws -> Void) throws(GPUError) {
        let commands = try CommandBuffer(context: self)
        do {
            try commands.record(body)
        } catch let error as GPUError {
            throw error
        } catch {
            throw .unsupported("recording setup commands: \(error)")
        }
        try queue.submitAndWait(commands)
    }

    private static func makeSampler(device: VkDevice, filter: VkFilter) throws(GPUError) -> VkSampler {
        var info = VkSamplerCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO
        info.magFilter = filter
        info.minFilter = filter
        info.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST
        info.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE
        info.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE
        info.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE
        info.maxLod = 0
        var sampler: VkSampler?
        try check(vkCreateSampler(device, &info, nil, &sampler), "vkCreateSampler")
        return sampler!
    }

    private static func makeDevice(physicalDevice: VkPhysicalDevice, queueFamily: UInt32, robust: Bool)
        throws(GPUError) -> (VkDevice, Features)
    {
        // What the device offers.
        var offered11 = VkPhysicalDeviceVulkan11Features()
        offered11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES
        var offered12 = VkPhysicalDeviceVulkan12Features()
        offered12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES
        var offered = VkPhysicalDeviceFeatures2()
        offered.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2
        withUnsafeMutablePointer(to: &offered11) { pointer11 in
            withUnsafeMutablePointer(to: &offered12) { pointer12 in
                pointer12.pointee.pNext = nil
                pointer11.pointee.pNext = UnsafeMutableRawPointer(pointer12)
                offered.pNext = UnsafeMutableRawPointer(pointer11)
                vkGetPhysicalDeviceFeatures2(physicalDevice, &offered)
                pointer11.pointee.pNext = nil
            }
        }
        offered.pNext = nil
        guard offered12.timelineSemaphore == VkBool32(VK_TRUE) else {
            throw .unsupported("timeline semaphores (Vulkan 1.2)")
        }
        // Kernels declare their parameter blocks std430 (scalar layout) in
        // uniform buffers, which every Vulkan 1.2 desktop driver offers.
        guard offered12.uniformBufferStandardLayout == VkBool32(VK_TRUE),
            offered12.scalarBlockLayout == VkBool32(VK_TRUE)
        else {
            throw .unsupported("std430 uniform buffers (uniformBufferStandardLayout, scalarBlockLayout)")
        }
        let yes = VkBool32(VK_TRUE)
        var features = Features()
        features.storageBuffer8BitAccess = offered12.storageBuffer8BitAccess == yes
        features.shaderInt8 = offered12.shaderInt8 == yes
        features.storageBuffer16BitAccess = offered11.storageBuffer16BitAccess == yes
        features.shaderInt16 = offered.features.shaderInt16 == yes
        features.robustBufferAccess = robust && offered.features.robustBufferAccess == yes

        // What we turn on.
        var enable11 = VkPhysicalDeviceVulkan11Features()
        enable11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES
        enable11.storageBuffer16BitAccess = offered11.storageBuffer16BitAccess
        var enable12 = VkPhysicalDeviceVulkan12Features()
        enable12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES
        enable12.timelineSemaphore = yes
        enable12.storageBuffer8BitAccess = offered12.storageBuffer8BitAccess
        enable12.shaderInt8 = offered12.shaderInt8
        enable12.uniformBufferStandardLayout = yes
        enable12.scalarBlockLayout = yes
        var enable = VkPhysicalDeviceFeatures2()
        enable.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2
        enable.features.shaderInt16 = offered.features.shaderInt16
        enable.features.robustBufferAccess = features.robustBufferAccess ? yes : VkBool32(VK_FALSE)
        enable.features.shaderStorageImageWriteWithoutFormat = offered.features.shaderStorageImageWriteWithoutFormat

        var priority: Float = 1
        var device: VkDevice?
        let result = withUnsafePointer(to: &priority) { priorityPointer in
            var queueInfo = VkDeviceQueueCreateInfo()
            queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO
            queueInfo.queueFamilyIndex = queueFamily
            queueInfo.queueCount = 1
            queueInfo.pQueuePriorities = priorityPointer
            return withUnsafePointer(to: &queueInfo) { queuePointer in
                withUnsafeMutablePointer(to: &enable12) { pointer12 in
                    withUnsafeMutablePointer(to: &enable11) { pointer11 in
                        pointer11.pointee.pNext = UnsafeMutableRawPointer(pointer12)
                        enable.pNext = UnsafeMutableRawPointer(pointer11)
                        return withUnsafePointer(to: &enable) { featuresPointer in
                            var info = VkDeviceCreateInfo()
                            info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO
                            info.pNext = UnsafeRawPointer(featuresPointer)
                            info.queueCreateInfoCount = 1
                            info.pQueueCreateInfos = queuePointer
                            return vkCreateDevice(physicalDevice, &info, nil, &device)
                        }
                    }
                }
            }
        }
        try check(result, "vkCreateDevice")
        return (device!, features)
    }
}
