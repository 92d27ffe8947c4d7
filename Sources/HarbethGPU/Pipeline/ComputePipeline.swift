import CVulkan

/// What a kernel binds at each binding of descriptor set 0, in order.
package enum BindingKind: Sendable, Hashable {
    case storageBuffer
    case uniformBuffer
    case storageImage
    /// A combined image sampler (linear or nearest filtering, clamp to edge).
    case sampledImage
    /// 32-bit words read through a texel buffer view (`GPUWordView`;
    /// `usamplerBuffer` in GLSL).
    case uniformTexelBuffer
    /// 32-bit words written through a texel buffer view (`GPUWordView`;
    /// `uimageBuffer` with the `r32ui` format in GLSL).
    case storageTexelBuffer

    var descriptorType: VkDescriptorType {
        switch self {
        case .storageBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
        case .uniformBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
        case .storageImage: return VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
        case .sampledImage: return VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
        case .uniformTexelBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
        case .storageTexelBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER
        }
    }
}

/// Everything that identifies a compute kernel: its source, its binding
/// layout, its push-constant size and its workgroup size.
package struct KernelDescriptor: Hashable, Sendable {
    package var source: ShaderSource
    package var bindings: [BindingKind]
    /// Bytes of push constants (at most the device's limit, 128 on most).
    package var pushConstantSize: Int
    /// Workgroup size, passed as specialization constants 0, 1 and 2
    /// (`layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;`).
    package var workgroupSize: (x: Int, y: Int, z: Int) {
        get { (workgroup[0], workgroup[1], workgroup[2]) }
        set { workgroup = [newValue.x, newValue.y, newValue.z] }
    }
    private var workgroup: [Int]

    package init(
        source: ShaderSource, bindings: [BindingKind], pushConstantSize: Int = 0,
        workgroupSize: (x: Int, y: Int, z: Int) = (16, 16, 1)
    ) {
        self.source = source
        self.bindings = bindings
        self.pushConstantSize = pushConstantSize
        self.workgroup = [workgroupSize.x, workgroupSize.y, workgroupSize.z]
    }
}

/// A compiled compute pipeline with its descriptor set layout and pipeline
/// layout (Kompute's "algorithm"). One owner; destroyed in `deinit`.
package final class ComputePipeline: @unchecked Sendable {
    // @unchecked: immutable after init; Vulkan allows concurrent use of a
    // pipeline from several command buffers.
    package let context: GPUContext
    package let descriptor: KernelDescriptor
    let setLayout: VkDescriptorSetLayout
    let layout: VkPipelineLayout
    let handle: VkPipeline

    init(context: GPUContext, descriptor: KernelDescriptor, spirv: [UInt32]) throws(GPUError) {
        self.context = context
        self.descriptor = descriptor
        let device = context.device

        var layoutBindings = descriptor.bindings.enumerated().map { index, kind in
            VkDescriptorSetLayoutBinding(
                binding: UInt32(index), descriptorType: kind.descriptorType, descriptorCount: 1,
                stageFlags: VK_SHADER_STAGE_COMPUTE_BIT.rawValue, pImmutableSamplers: nil)
        }
        var setLayoutInfo = VkDescriptorSetLayoutCreateInfo()
        setLayoutInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO
        setLayoutInfo.bindingCount = UInt32(layoutBindings.count)
        var setLayout: VkDescriptorSetLayout?
        let setLayoutResult = layoutBindings.withUnsafeMutableBufferPointer { bindings in
            setLayoutInfo.pBindings = UnsafePointer(bindings.baseAddress)
            return vkCreateDescriptorSetLayout(device, &setLayoutInfo, nil, &setLayout)
        }
        try check(setLayoutResult, "vkCreateDescriptorSetLayout")

        var pipelineLayout: VkPipelineLayout?
        var shaderModule: VkShaderModule?
        do {
            var range = VkPushConstantRange(
                stageFlags: VK_SHADER_STAGE_COMPUTE_BIT.rawValue, offset: 0, size: UInt32(descriptor.pushConstantSize))
            var layoutInfo = VkPipelineLayoutCreateInfo()
            layoutInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO
            var setLayouts: VkDescriptorSetLayout? = setLayout
            let layoutResult = withUnsafePointer(to: &setLayouts) { setLayoutsPointer in
                withUnsafePointer(to: &range) { rangePointer in
                    layoutInfo.setLayoutCount = 1
                    layoutInfo.pSetLayouts = setLayoutsPointer
                    layoutInfo.pushConstantRangeCount = descriptor.pushConstantSize > 0 ? 1 : 0
                    layoutInfo.pPushConstantRanges = rangePointer
                    return vkCreatePipelineLayout(device, &layoutInfo, nil, &pipelineLayout)
                }
            }
            try check(layoutResult, "vkCreatePipelineLayout")

            var moduleInfo = VkShaderModuleCreateInfo()
            moduleInfo.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO
            moduleInfo.codeSize = spirv.count * 4
            let moduleResult = spirv.withUnsafeBufferPointer { words in
                moduleInfo.pCode = words.baseAddress
                return vkCreateShaderModule(device, &moduleInfo, nil, &shaderModule)
            }
            try check(moduleResult, "vkCreateShaderModule")
            defer { vkDestroyShaderModule(device, shaderModule, nil) }
            try context.faults.checkPipelineCreation()

            var specialization: [UInt32] = [
                UInt32(descriptor.workgroupSize.x), UInt32(descriptor.workgroupSize.y),
                UInt32(descriptor.workgroupSize.z),
            ]
            var entries = (0..<3).map { index in
                VkSpecializationMapEntry(constantID: UInt32(index), offset: UInt32(index * 4), size: 4)
            }
            var pipeline: VkPipeline?
            let pipelineResult = "main".withCString { entryName in
                specialization.withUnsafeMutableBytes { specializationBytes in
                    entries.withUnsafeMutableBufferPointer { entriesPointer in
                        var specializationInfo = VkSpecializationInfo(
                            mapEntryCount: 3, pMapEntries: entriesPointer.baseAddress, dataSize: 12,
                            pData: specializationBytes.baseAddress)
                        return withUnsafePointer(to: &specializationInfo) { specializationPointer in
                            var stage = VkPipelineShaderStageCreateInfo()
                            stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO
                            stage.stage = VK_SHADER_STAGE_COMPUTE_BIT
                            stage.module = shaderModule
                            stage.pName = entryName
                            stage.pSpecializationInfo = specializationPointer
                            var info = VkComputePipelineCreateInfo()
                            info.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO
                            info.stage = stage
                            info.layout = pipelineLayout
                            return vkCreateComputePipelines(
                                device, context.pipelineCache.handle, 1, &info, nil, &pipeline)
                        }
                    }
                }
            }
            try check(pipelineResult, "vkCreateComputePipelines")
            self.handle = pipeline!
        } catch {
            if let pipelineLayout { vkDestroyPipelineLayout(device, pipelineLayout, nil) }
            vkDestroyDescriptorSetLayout(device, setLayout, nil)
            throw error
        }
        self.setLayout = setLayout!
        self.layout = pipelineLayout!
        context.compiler.recordPipelineCreated()
        context.pipelineCache.markDirty()
    }

    deinit {
        vkDestroyPipeline(context.device, handle, nil)
        vkDestroyPipelineLayout(context.device, layout, nil)
        vkDestroyDescriptorSetLayout(context.device, setLayout, nil)
    }

    /// A descriptor set laid out for this pipeline.
    package func makeDescriptorSet() throws(GPUError) -> DescriptorSet {
        try DescriptorSet(pipeline: self)
    }
}
