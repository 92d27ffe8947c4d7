import CVulkan

/// Where a resource's memory lives, by what touches it.
package enum MemoryLocation: Sendable, Hashable {
    /// Only the GPU reads and writes it.
    case device
    /// The host writes it and the GPU reads it. Device-local when the device
    /// offers host-visible device memory (then no staging copy is needed).
    case upload
    /// The GPU writes it and the host reads it; cached host memory preferred.
    case readback
}

/// The physical device's memory types, and the choice among them.
struct MemoryTypes {
    private let properties: VkPhysicalDeviceMemoryProperties

    init(_ device: VkPhysicalDevice) {
        var properties = VkPhysicalDeviceMemoryProperties()
        vkGetPhysicalDeviceMemoryProperties(device, &properties)
        self.properties = properties
    }

    private var types: [VkMemoryType] {
        withUnsafeBytes(of: properties.memoryTypes) { raw in
            Array(raw.bindMemory(to: VkMemoryType.self).prefix(Int(properties.memoryTypeCount)))
        }
    }

    private var heaps: [VkMemoryHeap] {
        withUnsafeBytes(of: properties.memoryHeaps) { raw in
            Array(raw.bindMemory(to: VkMemoryHeap.self).prefix(Int(properties.memoryHeapCount)))
        }
    }

    private static let deviceLocal = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT.rawValue
    private static let hostVisible = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.rawValue
    private static let hostCoherent = VK_MEMORY_PROPERTY_HOST_COHERENT_BIT.rawValue
    private static let hostCached = VK_MEMORY_PROPERTY_HOST_CACHED_BIT.rawValue

    /// One type is device-local and host-visible on a heap at least half the
    /// size of the largest device-local heap: lavapipe, integrated GPUs and
    /// discrete GPUs with resizable BAR. A 256 MiB BAR window does not count.
    var hasUnifiedMemory: Bool {
        let heaps = self.heaps
        let largestDeviceHeap =
            heaps.filter { $0.flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT.rawValue != 0 }
            .map(\.size).max() ?? 0
        return types.contains { type in
            let wanted = Self.deviceLocal | Self.hostVisible | Self.hostCoherent
            return type.propertyFlags & wanted == wanted && heaps[Int(type.heapIndex)].size * 2 >= largestDeviceHeap
        }
    }

    /// The best memory type for `location` among those `allowedTypes` permits.
    func typeIndex(for location: MemoryLocation, allowedTypes: UInt32) -> (index: UInt32, hostVisible: Bool)? {
        let preferences: [(required: UInt32, preferred: UInt32)]
        switch location {
        case .device:
            preferences = [(Self.deviceLocal, 0), (0, 0)]
        case .upload:
            preferences = [(Self.hostVisible | Self.hostCoherent, Self.deviceLocal)]
        case .readback:
            preferences = [
                (Self.hostVisible | Self.hostCoherent, Self.hostCached),
                (Self.hostVisible | Self.hostCoherent, 0),
            ]
        }
        let types = self.types
        for preference in preferences {
            var best: (index: UInt32, score: Int)?
            for (index, type) in types.enumerated() where allowedTypes & (1 << UInt32(index)) != 0 {
                let flags = type.propertyFlags
                guard flags & preference.required == preference.required else { continue }
                let score =
                    (flags & preference.preferred == preference.preferred ? 2 : 0)
                    + (flags & Self.deviceLocal != 0 ? 1 : 0)
                if best == nil || score > best!.score { best = (UInt32(index), score) }
            }
            if let best {
                return (best.index, types[Int(best.index)].propertyFlags & Self.hostVisible != 0)
            }
        }
        return nil
    }
}
