import CVulkan

/// Pixel formats of GPU images.
package enum ImageFormat: Sendable, Hashable {
    case rgba8Unorm
    /// 16-bit unsigned normalised channels: the bytes of `PixelLayout.rgba16`.
    case rgba16Unorm
    case rgba16Float
    case rgba32Float

    var vulkan: VkFormat {
        switch self {
        case .rgba8Unorm: return VK_FORMAT_R8G8B8A8_UNORM
        case .rgba16Unorm: return VK_FORMAT_R16G16B16A16_UNORM
        case .rgba16Float: return VK_FORMAT_R16G16B16A16_SFLOAT
        case .rgba32Float: return VK_FORMAT_R32G32B32A32_SFLOAT
        }
    }

    /// The format qualifier a GLSL storage image declaration uses.
    package var glslQualifier: String {
        switch self {
        case .rgba8Unorm: return "rgba8"
        case .rgba16Unorm: return "rgba16"
        case .rgba16Float: return "rgba16f"
        case .rgba32Float: return "rgba32f"
        }
    }

    package var bytesPerPixel: Int {
        switch self {
        case .rgba8Unorm: return 4
        case .rgba16Unorm: return 8
        case .rgba16Float: return 8
        case .rgba32Float: return 16
        }
    }
}

/// A 2D image usable as a storage image and a sampled texture, with one view.
/// It lives in `VK_IMAGE_LAYOUT_GENERAL` from creation to destruction, so no
/// pass needs to know what the previous one did to it.
package final class GPUImage: @unchecked Sendable {
    // @unchecked: handles are immutable after init; GPU access is ordered by
    // the submissions that use the image.
    package let context: GPUContext
    package let width: Int
    package let height: Int
    package let format: ImageFormat
    let handle: VkImage
    let view: VkImageView
    private let memory: VkDeviceMemory
    private let allocationSize: Int

    init(context: GPUContext, width: Int, height: Int, format: ImageFormat) throws(GPUError) {
        let limit = Int(context.limits.maxImageDimension2D)
        guard width > 0, height > 0, width <= limit, height <= limit else {
            throw .unsupported("a \(width)x\(height) image (the limit is \(limit)x\(limit))")
        }
        self.context = context
        self.width = width
        self.height = height
        self.format = format
        try context.faults.checkAllocation()

        var info = VkImageCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO
        info.imageType = VK_IMAGE_TYPE_2D
        info.format = format.vulkan
        info.extent = VkExtent3D(width: UInt32(width), height: UInt32(height), depth: 1)
        info.mipLevels = 1
        info.arrayLayers = 1
        info.samples = VK_SAMPLE_COUNT_1_BIT
        info.tiling = VK_IMAGE_TILING_OPTIMAL
        info.usage =
            VK_IMAGE_USAGE_STORAGE_BIT.rawValue | VK_IMAGE_USAGE_SAMPLED_BIT.rawValue
            | VK_IMAGE_USAGE_TRANSFER_SRC_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
        info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED
        var image: VkImage?
        try check(vkCreateImage(context.device, &info, nil, &image), "vkCreateImage")

        var requirements = VkMemoryRequirements()
        vkGetImageMemoryRequirements(context.device, image, &requirements)
        var memory: VkDeviceMemory?
        var view: VkImageView?
        do throws(GPUError) {
            guard let type = context.memoryTypes.typeIndex(for: .device, allowedTypes: requirements.memoryTypeBits)
            else { throw .noSuitableMemoryType(purpose: "an image") }
            memory = try context.allocateMemory(size: requirements.size, typeIndex: type.index)
            try check(vkBindImageMemory(context.device, image, memory, 0), "vkBindImageMemory")

            var viewInfo = VkImageViewCreateInfo()
            viewInfo.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO
            viewInfo.image = image
            viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D
            viewInfo.format = format.vulkan
            viewInfo.subresourceRange = Self.wholeImage
            try check(vkCreateImageView(context.device, &viewInfo, nil, &view), "vkCreateImageView")
            try context.oneTimeSubmit { commands in
                commands.transitionToGeneral(image!)
            }
        } catch {
            if let view { vkDestroyImageView(context.device, view, nil) }
            vkDestroyImage(context.device, image, nil)
            if let memory { context.freeMemory(memory, size: Int(requirements.size)) }
            throw error
        }
        self.handle = image!
        self.memory = memory!
        self.allocationSize = Int(requirements.size)
        self.view = view!
    }

    deinit {
        vkDestroyImageView(context.device, view, nil)
        vkDestroyImage(context.device, handle, nil)
        context.freeMemory(memory, size: allocationSize)
    }

    static let wholeImage = VkImageSubresourceRange(
        aspectMask: VK_IMAGE_ASPECT_COLOR_BIT.rawValue, baseMipLevel: 0, levelCount: 1, baseArrayLayer: 0,
        layerCount: 1)
}
