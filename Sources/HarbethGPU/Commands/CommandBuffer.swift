import CVulkan

/// A primary command buffer with its own command pool, so it can be reset
/// and re-recorded on any thread without touching anyone else's pool.
/// Reused frame after frame: nothing here is allocated per frame.
package final class CommandBuffer: @unchecked Sendable {
    // @unchecked: recording is confined to one thread at a time by its owner
    // (a frame slot); the handles never change after init.
    package let context: GPUContext
    private let pool: VkCommandPool
    let handle: VkCommandBuffer

    package init(context: GPUContext) throws(GPUError) {
        self.context = context
        var poolInfo = VkCommandPoolCreateInfo()
        poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
        poolInfo.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT.rawValue
        poolInfo.queueFamilyIndex = context.queue.familyIndex
        var pool: VkCommandPool?
        try check(vkCreateCommandPool(context.device, &poolInfo, nil, &pool), "vkCreateCommandPool")

        var allocateInfo = VkCommandBufferAllocateInfo()
        allocateInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
        allocateInfo.commandPool = pool
        allocateInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY
        allocateInfo.commandBufferCount = 1
        var buffer: VkCommandBuffer?
        let result = vkAllocateCommandBuffers(context.device, &allocateInfo, &buffer)
        guard result == VK_SUCCESS, let buffer else {
            vkDestroyCommandPool(context.device, pool, nil)
            throw GPUError(call: "vkAllocateCommandBuffers", result: VulkanResult(result))
        }
        self.pool = pool!
        self.handle = buffer
    }

    deinit {
        // The pool owns the buffer; destroying it frees both.
        vkDestroyCommandPool(context.device, pool, nil)
    }

    /// Resets the buffer and records new commands into it. The buffer must
    /// not be in use by the GPU. The recording can be submitted any number
    /// of times, one submission at a time.
    package func record(_ body: (inout CommandRecorder) throws -> Void) throws {
        try check(vkResetCommandPool(context.device, pool, 0), "vkResetCommandPool")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        // No ONE_TIME_SUBMIT: frame slots record once and submit every frame.
        begin.flags = 0
        try check(vkBeginCommandBuffer(handle, &begin), "vkBeginCommandBuffer")
        var recorder = CommandRecorder(handle: handle)
        do {
            try body(&recorder)
        } catch {
            _ = vkEndCommandBuffer(handle)
            throw error
        }
        try check(vkEndCommandBuffer(handle), "vkEndCommandBuffer")
    }
}

/// Records compute work into a command buffer. Only lives inside
/// `CommandBuffer.record`.
package struct CommandRecorder: ~Copyable {
    let handle: VkCommandBuffer
    private var boundLayout: VkPipelineLayout?

    init(handle: VkCommandBuffer) { self.handle = handle }

    /// Binds a compute pipeline and its descriptor set.
    package mutating func bind(_ pipeline: ComputePipeline, _ set: DescriptorSet) {
        vkCmdBindPipeline(handle, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.handle)
        var descriptorSet: VkDescriptorSet? = set.handle
        vkCmdBindDescriptorSets(handle, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout, 0, 1, &descriptorSet, 0, nil)
        boundLayout = pipeline.layout
    }

    /// Sets the bound pipeline's push constants from raw bytes.
    package mutating func pushConstants(_ bytes: [UInt8]) {
        guard let boundLayout, !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            vkCmdPushConstants(
                handle, boundLayout, VK_SHADER_STAGE_COMPUTE_BIT.rawValue, 0, UInt32(raw.count), raw.baseAddress)
        }
    }

    /// Dispatches workgroups of the bound pipeline.
    package mutating func dispatch(_ x: Int, _ y: Int, _ z: Int = 1) {
        vkCmdDispatch(handle, UInt32(max(1, x)), UInt32(max(1, y)), UInt32(max(1, z)))
    }

    /// Makes everything written before visible to compute reads and writes after.
    package mutating func computeBarrier() {
        memoryBarrier(
            from: VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT.rawValue | VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue,
            to: VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT.rawValue | VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue)
    }

    /// Makes GPU writes visible to the host after the submission completes.
    package mutating func hostReadBarrier() {
        var barrier = VkMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
        barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT.rawValue | VK_ACCESS_TRANSFER_WRITE_BIT.rawValue
        barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT.rawValue
        vkCmdPipelineBarrier(
            handle, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT.rawValue | VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue,
            VK_PIPELINE_STAGE_HOST_BIT.rawValue, 0, 1, &barrier, 0, nil, 0, nil)
    }

    private mutating func memoryBarrier(from source: UInt32, to destination: UInt32) {
        var barrier = VkMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
        barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT.rawValue | VK_ACCESS_TRANSFER_WRITE_BIT.rawValue
        barrier.dstAccessMask =
            VK_ACCESS_SHADER_READ_BIT.rawValue | VK_ACCESS_SHADER_WRITE_BIT.rawValue
            | VK_ACCESS_TRANSFER_READ_BIT.rawValue | VK_ACCESS_TRANSFER_WRITE_BIT.rawValue
        vkCmdPipelineBarrier(handle, source, destination, 0, 1, &barrier, 0, nil, 0, nil)
    }

    /// Copies bytes between buffers (staging on devices without unified memory).
    package mutating func copy(from source: GPUBuffer, to destination: GPUBuffer, bytes: Int? = nil) {
        var region = VkBufferCopy(
            srcOffset: 0, dstOffset: 0, size: VkDeviceSize(bytes ?? min(source.size, destination.size)))
        vkCmdCopyBuffer(handle, source.handle, destination.handle, 1, &region)
    }

    /// Copies tightly packed pixels from a buffer into an image.
    package mutating func copy(from source: GPUBuffer, to image: GPUImage) {
        var region = VkBufferImageCopy()
        region.imageSubresource = VkImageSubresourceLayers(
            aspectMask: VK_IMAGE_ASPECT_COLOR_BIT.rawValue, mipLevel: 0, baseArrayLayer: 0, layerCount: 1)
        region.imageExtent = VkExtent3D(width: UInt32(image.width), height: UInt32(image.height), depth: 1)
        vkCmdCopyBufferToImage(handle, source.handle, image.handle, VK_IMAGE_LAYOUT_GENERAL, 1, &region)
    }

    /// Copies pixels from a buffer into an image, the rows starting
    /// `bytesPerRow` apart from `offset` (a whole number of pixels).
    package mutating func copy(from source: GPUBuffer, offset: Int, bytesPerRow: Int, to image: GPUImage) {
        var region = VkBufferImageCopy()
        region.bufferOffset = VkDeviceSize(offset)
        region.bufferRowLength = UInt32(bytesPerRow / image.format.bytesPerPixel)
        region.imageSubresource = VkImageSubresourceLayers(
            aspectMask: VK_IMAGE_ASPECT_COLOR_BIT.rawValue, mipLevel: 0, baseArrayLayer: 0, layerCount: 1)
        region.imageExtent = VkExtent3D(width: UInt32(image.width), height: UInt32(image.height), depth: 1)
        vkCmdCopyBufferToImage(handle, source.handle, image.handle, VK_IMAGE_LAYOUT_GENERAL, 1, &region)
    }

    /// Copies an image's pixels, tightly packed, into a buffer.
    package mutating func copy(from image: GPUImage, to destination: GPUBuffer) {
        var region = VkBufferImageCopy()
        region.imageSubresource = VkImageSubresourceLayers(
            aspectMask: VK_IMAGE_ASPECT_COLOR_BIT.rawValue, mipLevel: 0, baseArrayLayer: 0, layerCount: 1)
        region.imageExtent = VkExtent3D(width: UInt32(image.width), height: UInt32(image.height), depth: 1)
        vkCmdCopyImageToBuffer(handle, image.handle, VK_IMAGE_LAYOUT_GENERAL, destination.handle, 1, &region)
    }

    mutating func transitionToGeneral(_ image: VkImage) {
        var barrier = VkImageMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER
        barrier.srcAccessMask = 0
        barrier.dstAccessMask =
            VK_ACCESS_SHADER_READ_BIT.rawValue | VK_ACCESS_SHADER_WRITE_BIT.rawValue
            | VK_ACCESS_TRANSFER_READ_BIT.rawValue | VK_ACCESS_TRANSFER_WRITE_BIT.rawValue
        barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED
        barrier.newLayout = VK_IMAGE_LAYOUT_GENERAL
        barrier.srcQueueFamilyIndex = cvk_queue_family_ignored()
        barrier.dstQueueFamilyIndex = cvk_queue_family_ignored()
        barrier.image = image
        barrier.subresourceRange = GPUImage.wholeImage
        vkCmdPipelineBarrier(
            handle, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT.rawValue,
            VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT.rawValue | VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue, 0, 0, nil, 0,
            nil, 1, &barrier)
    }
}
