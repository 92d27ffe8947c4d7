import CVulkan

/// A resource bound at one binding of a descriptor set.
package enum BoundResource: @unchecked Sendable {
    // @unchecked: holds only Sendable final classes.
    case buffer(GPUBuffer)
    case storageImage(GPUImage)
    case sampledImage(GPUImage, SamplerFilter)
    /// A buffer's words, at a uniform or storage texel buffer binding.
    case words(GPUWordView)
}

/// How a sampled image filters between texels (borders clamp to edge).
package enum SamplerFilter: Sendable, Hashable {
    case nearest
    case linear
}

/// One descriptor set with its own small pool, made for one pipeline and
/// rewritten with `update` when its resources change. Frame slots make their
/// sets once and reuse them, so nothing is allocated per frame.
package final class DescriptorSet: @unchecked Sendable {
    // @unchecked: updated only by its owner while no GPU work uses it.
    package let pipeline: ComputePipeline
    private let pool: VkDescriptorPool
    let handle: VkDescriptorSet
    /// Keeps the bound resources alive as long as the set refers to them.
    private var bound: [BoundResource] = []

    init(pipeline: ComputePipeline) throws(GPUError) {
        self.pipeline = pipeline
        let device = pipeline.context.device
        var counts: [UInt32: UInt32] = [:]
        for kind in pipeline.descriptor.bindings { counts[kind.descriptorType.rawValue, default: 0] += 1 }
        var sizes = counts.map {
            VkDescriptorPoolSize(type: VkDescriptorType(rawValue: $0.key), descriptorCount: $0.value)
        }
        if sizes.isEmpty { sizes = [VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptorCount: 1)] }
        var poolInfo = VkDescriptorPoolCreateInfo()
        poolInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO
        poolInfo.maxSets = 1
        poolInfo.poolSizeCount = UInt32(sizes.count)
        var pool: VkDescriptorPool?
        let poolResult = sizes.withUnsafeBufferPointer { sizesPointer in
            poolInfo.pPoolSizes = sizesPointer.baseAddress
            return vkCreateDescriptorPool(device, &poolInfo, nil, &pool)
        }
        try check(poolResult, "vkCreateDescriptorPool")

        var layout: VkDescriptorSetLayout? = pipeline.setLayout
        var set: VkDescriptorSet?
        let allocateResult = withUnsafePointer(to: &layout) { layoutPointer in
            var info = VkDescriptorSetAllocateInfo()
            info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO
            info.descriptorPool = pool
            info.descriptorSetCount = 1
            info.pSetLayouts = layoutPointer
            return vkAllocateDescriptorSets(device, &info, &set)
        }
        guard allocateResult == VK_SUCCESS, let set else {
            vkDestroyDescriptorPool(device, pool, nil)
            throw GPUError(call: "vkAllocateDescriptorSets", result: VulkanResult(allocateResult))
        }
        self.pool = pool!
        self.handle = set
    }

    deinit {
        // The pool owns the set; destroying it frees both.
        vkDestroyDescriptorPool(pipeline.context.device, pool, nil)
    }

    /// Points every binding at a resource, in binding order. The kinds must
    /// match the pipeline's `bindings`.
    package func update(_ resources: [BoundResource]) {
        let kinds = pipeline.descriptor.bindings
        precondition(
            resources.count == kinds.count,
            "DescriptorSet.update: \(resources.count) resources for \(kinds.count) bindings")
        var bufferInfos: [VkDescriptorBufferInfo] = []
        var imageInfos: [VkDescriptorImageInfo] = []
        var texelViews: [VkBufferView?] = []
        bufferInfos.reserveCapacity(resources.count)
        imageInfos.reserveCapacity(resources.count)
        texelViews.reserveCapacity(resources.count)
        enum Info { case buffer, image, texel }
        var references: [(binding: Int, info: Info, index: Int)] = []
        for (binding, resource) in resources.enumerated() {
            switch (resource, kinds[binding]) {
            case (.buffer(let buffer), .storageBuffer), (.buffer(let buffer), .uniformBuffer):
                bufferInfos.append(VkDescriptorBufferInfo(buffer: buffer.handle, offset: 0, range: cvk_whole_size()))
                references.append((binding, .buffer, bufferInfos.count - 1))
            case (.storageImage(let image), .storageImage):
                imageInfos.append(
                    VkDescriptorImageInfo(sampler: nil, imageView: image.view, imageLayout: VK_IMAGE_LAYOUT_GENERAL))
                references.append((binding, .image, imageInfos.count - 1))
            case (.sampledImage(let image, let filter), .sampledImage):
                imageInfos.append(
                    VkDescriptorImageInfo(
                        sampler: pipeline.context.sampler(filter), imageView: image.view,
                        imageLayout: VK_IMAGE_LAYOUT_GENERAL))
                references.append((binding, .image, imageInfos.count - 1))
            case (.words(let view), .uniformTexelBuffer), (.words(let view), .storageTexelBuffer):
                texelViews.append(view.handle)
                references.append((binding, .texel, texelViews.count - 1))
            default:
                preconditionFailure("DescriptorSet.update: binding \(binding) expects \(kinds[binding])")
            }
        }
        bufferInfos.withUnsafeBufferPointer { buffers in
            imageInfos.withUnsafeBufferPointer { images in
                texelViews.withUnsafeBufferPointer { texels in
                    var writes = references.map { reference -> VkWriteDescriptorSet in
                        var write = VkWriteDescriptorSet()
                        write.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
                        write.dstSet = handle
                        write.dstBinding = UInt32(reference.binding)
                        write.descriptorCount = 1
                        write.descriptorType = kinds[reference.binding].descriptorType
                        switch reference.info {
                        case .buffer: write.pBufferInfo = buffers.baseAddress! + reference.index
                        case .image: write.pImageInfo = images.baseAddress! + reference.index
                        case .texel: write.pTexelBufferView = texels.baseAddress! + reference.index
                        }
                        return write
                    }
                    vkUpdateDescriptorSets(pipeline.context.device, UInt32(writes.count), &writes, 0, nil)
                }
            }
        }
        bound = resources
    }
}
