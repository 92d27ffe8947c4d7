import CVulkan
import Foundation

/// The device's `VkPipelineCache`, loaded from and saved to the cache folder
/// under a name keyed by the device's `pipelineCacheUUID`. The saved file is
/// self-checking (`CacheFile`); one that fails the check is discarded.
final class PipelineCache: @unchecked Sendable {
    // @unchecked: the handle is immutable; Vulkan synchronises pipeline
    // cache access internally; `dirty` is atomic under a mutex.
    let handle: VkPipelineCache
    private let device: VkDevice
    private let directory: CacheDirectory?
    private let fileName: String
    private let keyText: String
    private let dirty = Locked(false)
    private let saves = Locked(0)
    /// What the file holds: the data loaded, then the data last written.
    private let persisted: Locked<[UInt8]>
    let loadedFromDisk: Bool

    private static let magic = "HARBETH-PIPELINES-1"

    init(device: VkDevice, info: DeviceInfo, directory: CacheDirectory?) throws(GPUError) {
        self.device = device
        self.directory = directory
        self.fileName = "pipelines-\(info.pipelineCacheUUID).bin"
        self.keyText = "\(info.vendorID):\(info.deviceID):\(info.pipelineCacheUUID):\(info.driverInfo)"

        var initial: [UInt8] = []
        if let directory, let file = directory.read(fileName) {
            if let payload = CacheFile.decode(file, magic: Self.magic, keyText: keyText) {
                initial = payload
            } else {
                directory.remove(fileName)
            }
        }
        var cache: VkPipelineCache?
        var result = Self.create(device: device, initial: initial, into: &cache)
        if result != VK_SUCCESS && !initial.isEmpty {
            // The driver refused the data: start empty rather than fail.
            initial = []
            result = Self.create(device: device, initial: [], into: &cache)
        }
        try check(result, "vkCreatePipelineCache")
        handle = cache!
        loadedFromDisk = !initial.isEmpty
        persisted = Locked(initial)
    }

    private static func create(device: VkDevice, initial: [UInt8], into cache: inout VkPipelineCache?) -> VkResult {
        initial.withUnsafeBytes { bytes in
            var info = VkPipelineCacheCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO
            info.initialDataSize = bytes.count
            info.pInitialData = bytes.baseAddress
            return vkCreatePipelineCache(device, &info, nil, &cache)
        }
    }

    func markDirty() { dirty.withLock { $0 = true } }

    /// Calls of `save()` so far.
    var saveCount: Int { saves.withLock { $0 } }

    /// Writes the cache to disk if pipelines were created since the last
    /// save and the driver's data is not what the file already holds (a
    /// warm start, whose pipelines all came from the file, writes nothing).
    func save() {
        saves.withLock { $0 += 1 }
        guard let directory,
            dirty.withLock({
                let was = $0
                $0 = false
                return was
            })
        else { return }
        var size = 0
        guard vkGetPipelineCacheData(device, handle, &size, nil) == VK_SUCCESS, size > 0 else { return }
        var data = [UInt8](repeating: 0, count: size)
        guard vkGetPipelineCacheData(device, handle, &size, &data) == VK_SUCCESS else { return }
        let payload = Array(data.prefix(size))
        guard persisted.withLock({ $0 }) != payload else { return }
        directory.write(fileName, CacheFile.encode(magic: Self.magic, keyText: keyText, payload: payload))
        persisted.withLock { $0 = payload }
    }

    func destroy() {
        vkDestroyPipelineCache(device, handle, nil)
    }
}
