import CVulkan

/// A Vulkan buffer and the memory bound to it. Host-visible buffers stay
/// mapped for their whole life. One owner; destroyed in `deinit`.
package final class GPUBuffer: @unchecked Sendable {
    // @unchecked: the handles never change after init; the mapped bytes are
    // written by one party at a time, ordered by GPU submissions and fences.
    package let context: GPUContext
    /// The size in bytes that was asked for.
    package let size: Int
    package let location: MemoryLocation
    let handle: VkBuffer
    private let memory: VkDeviceMemory
    private let allocationSize: Int
    /// The mapped bytes, when the memory is host-visible.
    let mapped: UnsafeMutableRawPointer?

    /// Usage flags every buffer gets: storage, uniform and texel buffers
    /// (`GPUWordView`) for kernels, transfer both ways for staging and clears.
    static let defaultUsage =
        VK_BUFFER_USAGE_STORAGE_BUFFER_BIT.rawValue | VK_BUFFER_USAGE_TRANSFER_SRC_BIT.rawValue
        | VK_BUFFER_USAGE_TRANSFER_DST_BIT.rawValue | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT.rawValue
        | VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT.rawValue | VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT.rawValue

    init(context: GPUContext, size: Int, location: MemoryLocation) throws(GPUError) {
        guard size > 0 else { throw .unsupported("a buffer of \(size) bytes") }
        self.context = context
        self.size = size
        self.location = location
        try context.faults.checkAllocation()

        var info = VkBufferCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO
        info.size = VkDeviceSize(size)
        info.usage = Self.defaultUsage
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
        var buffer: VkBuffer?
        try check(vkCreateBuffer(context.device, &info, nil, &buffer), "vkCreateBuffer")
        var requirements = VkMemoryRequirements()
        vkGetBufferMemoryRequirements(context.device, buffer, &requirements)

        let memory: VkDeviceMemory
        var mapped: UnsafeMutableRawPointer?
        do throws(GPUError) {
            guard let type = context.memoryTypes.typeIndex(for: location, allowedTypes: requirements.memoryTypeBits)
            else { throw .noSuitableMemoryType(purpose: "a \(location) buffer") }
            memory = try context.allocateMemory(size: requirements.size, typeIndex: type.index)
            do throws(GPUError) {
                try check(vkBindBufferMemory(context.device, buffer, memory, 0), "vkBindBufferMemory")
                if type.hostVisible {
                    try check(vkMapMemory(context.device, memory, 0, cvk_whole_size(), 0, &mapped), "vkMapMemory")
                }
            } catch {
                context.freeMemory(memory, size: Int(requirements.size))
                throw error
            }
        } catch {
            vkDestroyBuffer(context.device, buffer, nil)
            throw error
        }
        self.handle = buffer!
        self.memory = memory
        self.allocationSize = Int(requirements.size)
        self.mapped = mapped
    }

    deinit {
        if mapped != nil { vkUnmapMemory(context.device, memory) }
        vkDestroyBuffer(context.device, handle, nil)
        context.freeMemory(memory, size: allocationSize)
    }

    /// True when the host can read and write the buffer directly.
    package var isHostVisible: Bool { mapped != nil }

    /// Gives the host access to the buffer's bytes. Only for host-visible
    /// buffers, and only while no GPU work uses them.
    package func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        precondition(mapped != nil, "GPUBuffer.withUnsafeMutableBytes on a buffer the host cannot see")
        return try body(UnsafeMutableRawBufferPointer(start: mapped, count: size))
    }

    /// Reads the buffer's bytes. Only for host-visible buffers.
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        precondition(mapped != nil, "GPUBuffer.withUnsafeBytes on a buffer the host cannot see")
        return try body(UnsafeRawBufferPointer(start: mapped, count: size))
    }
}
