import CVulkan
import Foundation

/// The device's compute queue, a timeline semaphore that counts finished
/// submissions, and one completion thread that waits on that semaphore and
/// runs each submission's completion exactly once, in submission order.
///
/// Nothing waits on the GPU except the completion thread, and it only does
/// so while some submission is outstanding.
final class GPUQueue: @unchecked Sendable {
    // @unchecked: `handle` is used only under `submitLock` (vkQueueSubmit
    // needs external synchronisation); everything mutable is in `state`.
    let familyIndex: UInt32
    private let device: VkDevice
    private let handle: VkQueue
    private let timeline: VkSemaphore
    private let faults: FaultInjector
    private let submitLock = NSLock()
    private let state = Locked(State())
    private let wakeup = NSCondition()

    typealias Completion = @Sendable (Result<Void, GPUError>) -> Void

    private struct Pending: Sendable {
        let value: UInt64
        let completion: Completion
        /// Objects the GPU work uses; released only after it finished.
        let retained: KeepAlive
    }

    /// @unchecked: the objects are only held, never touched, until the GPU
    /// is done with them; then they are released on the completion thread.
    struct KeepAlive: @unchecked Sendable {
        let objects: [AnyObject]
    }

    private struct State {
        var nextValue: UInt64 = 1
        var pending: [Pending] = []
        var shuttingDown = false
        var lostError: GPUError?
        /// The completion thread waits for work, with nothing pending.
        var parked = false
        /// Signalled when the completion thread parks (`waitUntilIdle`).
        var idleWaiters: [DispatchSemaphore] = []
    }

    init(device: VkDevice, familyIndex: UInt32, faults: FaultInjector) throws(GPUError) {
        self.device = device
        self.familyIndex = familyIndex
        self.faults = faults
        var queue: VkQueue?
        vkGetDeviceQueue(device, familyIndex, 0, &queue)
        guard let queue else { throw .noComputeDevice }
        handle = queue

        var typeInfo = VkSemaphoreTypeCreateInfo()
        typeInfo.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO
        typeInfo.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE
        typeInfo.initialValue = 0
        var semaphore: VkSemaphore?
        let result = withUnsafePointer(to: &typeInfo) { typePointer in
            var info = VkSemaphoreCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO
            info.pNext = UnsafeRawPointer(typePointer)
            return vkCreateSemaphore(device, &info, nil, &semaphore)
        }
        try check(result, "vkCreateSemaphore")
        timeline = semaphore!

        let thread = Thread { [unowned self] in self.completionLoop() }
        thread.name = "harbeth.gpu-completion"
        thread.start()
        ExitDrain.process.add(self)
    }

    /// Blocks until nothing is pending, the completion thread waits for
    /// work and what it let go has been released, or `deadline`. Returns
    /// whether it was idle in time.
    func waitUntilIdle(until deadline: DispatchTime) -> Bool {
        let parked = DispatchSemaphore(value: 0)
        let idle = state.withLock { state -> Bool in
            if state.parked && state.pending.isEmpty { return true }
            state.idleWaiters.append(parked)
            return false
        }
        guard idle || parked.wait(timeout: deadline) == .success else { return false }
        let released = DispatchSemaphore(value: 0)
        Self.releaseQueue.async { released.signal() }
        return released.wait(timeout: deadline) == .success
    }

    /// Waits for the GPU to go idle, lets every pending completion run,
    /// then stops the completion thread. The owner calls this once, before
    /// destroying the device.
    func shutdown() {
        _ = vkDeviceWaitIdle(device)
        state.withLock { $0.shuttingDown = true }
        wake()
        exited.wait()
        vkDestroySemaphore(device, timeline, nil)
    }

    private let exited = DispatchSemaphore(value: 0)

    /// Where finished submissions are let go. Their completions and
    /// command buffers may hold the last references to the context, whose
    /// teardown waits for the completion thread to exit; released on that
    /// thread, the teardown would wait for itself.
    private static let releaseQueue = DispatchQueue(label: "harbeth.gpu-release")

    /// Finished submissions on their way to the release queue. The
    /// completion thread moves them in and keeps no reference of its own,
    /// so the last release is always the release queue's.
    private final class Finished: @unchecked Sendable {
        // @unchecked: written by the completion thread before `async`,
        // then only by the release queue.
        var items: [Pending]
        init(_ items: [Pending]) { self.items = items }
    }

    /// Moves `finished` out (leaving it empty) and lets it go on the release queue.
    private static func release(_ finished: inout [Pending]) {
        guard !finished.isEmpty else { return }
        let box = Finished([])
        swap(&box.items, &finished)
        releaseQueue.async { box.items.removeAll() }
    }

    private func wake() {
        wakeup.lock()
        wakeup.broadcast()
        wakeup.unlock()
    }

    /// Submits recorded commands. `completion` runs once on the completion
    /// thread when the GPU has finished them (or failed). Returns the
    /// timeline value the submission signals.
    @discardableResult
    func submit(_ commands: CommandBuffer, retaining retained: [AnyObject] = [], completion: @escaping Completion)
        throws(GPUError) -> UInt64
    {
        if let lost = state.withLock({ $0.lostError }) { throw lost }
        try faults.checkSubmit()
        submitLock.lock()
        defer { submitLock.unlock() }
        let value = state.withLock { state -> UInt64 in
            let value = state.nextValue
            state.nextValue += 1
            return value
        }
        var signalValue = value
        var commandBuffer: VkCommandBuffer? = commands.handle
        var signalSemaphore: VkSemaphore? = timeline
        let result = withUnsafePointer(to: &signalValue) { signalValuePointer in
            var timelineInfo = VkTimelineSemaphoreSubmitInfo()
            timelineInfo.sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO
            timelineInfo.signalSemaphoreValueCount = 1
            timelineInfo.pSignalSemaphoreValues = signalValuePointer
            return withUnsafePointer(to: &timelineInfo) { timelinePointer in
                withUnsafePointer(to: &commandBuffer) { commandPointer in
                    withUnsafePointer(to: &signalSemaphore) { semaphorePointer in
                        var info = VkSubmitInfo()
                        info.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
                        info.pNext = UnsafeRawPointer(timelinePointer)
                        info.commandBufferCount = 1
                        info.pCommandBuffers = commandPointer
                        info.signalSemaphoreCount = 1
                        info.pSignalSemaphores = semaphorePointer
                        return vkQueueSubmit(handle, 1, &info, nil)
                    }
                }
            }
        }
        guard result == VK_SUCCESS else {
            // The value is never signalled and never pending: the next
            // submission signals a higher one, which a timeline allows.
            let error = GPUError(call: "vkQueueSubmit", result: VulkanResult(result))
            if error.isDeviceLost { markLost(error) }
            throw error
        }
        state.withLock { state in
            state.pending.append(
                Pending(value: value, completion: completion, retained: KeepAlive(objects: [commands] + retained)))
        }
        wake()
        return value
    }

    /// Submits and blocks until the GPU has finished (for one-time setup work).
    func submitAndWait(_ commands: CommandBuffer) throws(GPUError) {
        let done = Locked<Result<Void, GPUError>?>(nil)
        let condition = NSCondition()
        try submit(commands) { result in
            condition.lock()
            done.withLock { $0 = result }
            condition.signal()
            condition.unlock()
        }
        condition.lock()
        while done.withLock({ $0 }) == nil { condition.wait() }
        condition.unlock()
        try done.withLock { $0! }.get()
    }

    private func markLost(_ error: GPUError) {
        state.withLock { if $0.lostError == nil { $0.lostError = error } }
    }

    /// Called by the fault injector and by waits that see VK_ERROR_DEVICE_LOST.
    func simulateDeviceLost() {
        markLost(.deviceLost(call: "injected fault"))
        wake()
    }

    private func completionLoop() {
        defer { exited.signal() }
        while true {
            wakeup.lock()
            var snapshot = state.withLock { ($0.pending.first?.value, $0.shuttingDown, $0.lostError) }
            while snapshot.0 == nil && !snapshot.1 && snapshot.2 == nil {
                park()
                wakeup.wait()
                snapshot = state.withLock { ($0.pending.first?.value, $0.shuttingDown, $0.lostError) }
            }
            state.withLock { $0.parked = false }
            wakeup.unlock()
            let (oldest, stopping, lost) = snapshot

            if let lost {
                // Nothing completes on a lost device: fail what is pending
                // now and whatever is submitted until shutdown.
                failAll(with: lost)
                if stopping { return }
                wakeup.lock()
                while state.withLock({ $0.pending.isEmpty && !$0.shuttingDown }) {
                    park()
                    wakeup.wait()
                }
                state.withLock { $0.parked = false }
                wakeup.unlock()
                continue
            }
            guard let oldest else { return }  // shutting down with nothing pending

            // Bounded, so an injected device loss is noticed.
            let result = waitForTimeline(reaching: oldest, timeout: 100_000_000)
            if result == VK_TIMEOUT { continue }
            guard result == VK_SUCCESS else {
                markLost(GPUError(call: "vkWaitSemaphores", result: VulkanResult(result)))
                continue
            }
            var reached: UInt64 = 0
            if vkGetSemaphoreCounterValue(device, timeline, &reached) != VK_SUCCESS { reached = oldest }
            var done = state.withLock { state -> [Pending] in
                let split = state.pending.firstIndex { $0.value > reached } ?? state.pending.count
                let done = Array(state.pending[..<split])
                state.pending.removeFirst(split)
                return done
            }
            for item in done { item.completion(.success(())) }
            Self.release(&done)
        }
    }

    /// Marks the thread as waiting with nothing pending and wakes whoever
    /// waits for that.
    private func park() {
        let waiters = state.withLock { state -> [DispatchSemaphore] in
            state.parked = true
            defer { state.idleWaiters.removeAll() }
            return state.idleWaiters
        }
        for waiter in waiters { waiter.signal() }
    }

    @discardableResult
    private func waitForTimeline(reaching value: UInt64, timeout: UInt64) -> VkResult {
        var waitValue = value
        var semaphore: VkSemaphore? = timeline
        return withUnsafePointer(to: &waitValue) { valuePointer in
            withUnsafePointer(to: &semaphore) { semaphorePointer in
                var info = VkSemaphoreWaitInfo()
                info.sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO
                info.semaphoreCount = 1
                info.pSemaphores = semaphorePointer
                info.pValues = valuePointer
                return vkWaitSemaphores(device, &info, timeout)
            }
        }
    }

    private func failAll(with error: GPUError) {
        var failed = state.withLock { state -> [Pending] in
            let failed = state.pending
            state.pending.removeAll()
            return failed
        }
        // A failure tells the owner its resources are free again, so the GPU
        // must really be done with them. On a lost device this wait returns
        // at once with VK_ERROR_DEVICE_LOST; after an injected loss the
        // device is healthy and finishes the work first. Either way nothing
        // a discarded submission used is destroyed while still executing.
        if let last = failed.last?.value { waitForTimeline(reaching: last, timeout: UInt64.max) }
        for item in failed { item.completion(.failure(error)) }
        Self.release(&failed)
    }
}
