import CVulkan

/// A buffer seen as 32-bit words through a texel buffer view (R32_UINT):
/// what kernels bind to read a frame's planes as a uniform texel buffer or
/// write them as a storage texel buffer. On lavapipe a texel fetch is a
/// vector gather, where every storage-buffer access is a loop over the
/// SIMD lanes with a branch per lane, so a kernel that moves words reads
/// and writes them several times faster this way; GPUs fetch both through
/// their caches alike. Keeps its buffer alive. One owner; destroyed in
/// `deinit`.
package final class GPUWordView: @unchecked Sendable {
    // @unchecked: the handles never change after init.
    package let buffer: GPUBuffer
    /// The words the view covers: the buffer's whole 4-byte words.
    package let words: Int
    let handle: VkBufferView

    init(buffer: GPUBuffer) throws(GPUError) {
        let context = buffer.context
        let words = buffer.size / 4
        let limit = context.capabilities.maxTexelBufferWords
        guard words > 0, words <= limit else {
            throw .unsupported("a texel buffer view of \(words) words (the device's limit is \(limit))")
        }
        var info = VkBufferViewCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO
        info.buffer = buffer.handle
        info.format = VK_FORMAT_R32_UINT
        info.offset = 0
        info.range = VkDeviceSize(words * 4)
        var view: VkBufferView?
        try check(vkCreateBufferView(context.device, &info, nil, &view), "vkCreateBufferView")
        self.buffer = buffer
        self.words = words
        self.handle = view!
    }

    deinit {
        vkDestroyBufferView(buffer.context.device, handle, nil)
    }
}
