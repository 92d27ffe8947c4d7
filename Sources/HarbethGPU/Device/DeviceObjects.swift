import CVulkan

/// The device and the objects a context makes on it directly (its queue,
/// pipeline cache and samplers), with their one destroy site.
///
/// The context adopts each object as its set-up makes it; `destroy()`
/// releases whatever was adopted, in reverse order, and then the device,
/// exactly once. The context's `deinit` and its initialiser's error path
/// both call it, so a set-up that fails halfway leaves nothing alive (the
/// habit of libplacebo's `vk_destroy`, whose constructors' error paths run
/// the same destroy as the normal teardown).
final class DeviceObjects: @unchecked Sendable {
    // @unchecked: filled in by the context's initialiser on one thread,
    // then only `destroy()` touches it, once, under `lock`.
    let device: VkDevice
    private let lock = Locked(false)
    private var queue: GPUQueue?
    private var pipelineCache: PipelineCache?
    private var samplers: [VkSampler] = []

    init(device: VkDevice) { self.device = device }

    func adopt(_ queue: GPUQueue) -> GPUQueue {
        self.queue = queue
        return queue
    }

    func adopt(_ cache: PipelineCache) -> PipelineCache {
        pipelineCache = cache
        return cache
    }

    func adopt(sampler: VkSampler) -> VkSampler {
        samplers.append(sampler)
        return sampler
    }

    /// Shuts the queue down (waiting for the GPU work it has), destroys
    /// the samplers and the pipeline cache, then the device. Idempotent.
    func destroy() {
        let first = lock.withLock { destroyed -> Bool in
            defer { destroyed = true }
            return !destroyed
        }
        guard first else { return }
        queue?.shutdown()
        for sampler in samplers.reversed() { vkDestroySampler(device, sampler, nil) }
        pipelineCache?.destroy()
        vkDestroyDevice(device, nil)
    }
}
