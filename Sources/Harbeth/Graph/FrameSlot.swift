import Foundation

/// The GPU resources one frame in flight uses: its input planes, the
/// parameter block of each pass, the intermediate images, the output planes,
/// a descriptor set per pass and a command buffer recorded once and
/// submitted again for every frame it carries. Owned by one plan's pool;
/// used by one frame at a time.
final class FrameSlot: @unchecked Sendable {
    // @unchecked: a slot is handed to one frame at a time by SlotPool
    // (acquire/release under its lock), and the GPU touches it only between
    // that frame's submission and completion.
    let input: GPUBuffer
    /// Where the kernels read the input: `input` itself on unified memory,
    /// else a device-local copy made at the start of the commands.
    let inputDevice: GPUBuffer
    let output: GPUBuffer
    let outputDevice: GPUBuffer
    /// `inputDevice` and `outputDevice` as words, where the plan binds
    /// them so (`RenderPlan.texelFrames`).
    let inputWords: GPUWordView?
    let outputWords: GPUWordView?
    /// The intermediate planes one pass writes for the next, device-local,
    /// where the plan has them (`RenderPlan.intermediatePlanes`), and
    /// their words.
    let planes: GPUBuffer?
    let planesWords: GPUWordView?
    /// Each pass's uniform parameter block (16 KiB).
    let uniforms: [GPUBuffer]
    /// Each pass's large parameter data (`hb_data_at`), grown when needed.
    private(set) var data: [GPUBuffer]
    /// `data` as words, where the plan binds it so (`RenderPlan.texelData`).
    private(set) var dataWords: [GPUWordView?]
    let images: [GPUImage?]
    let sets: [DescriptorSet]
    let commands: CommandBuffer
    var isRecorded = false
    /// The filters whose parameter data the blocks hold now.
    var writtenFilters: [Filter]?
    /// The auxiliary images bound now, per pass.
    var boundAuxiliary: [[ObjectIdentifier]]
    /// For each multi-input filter fed by other nodes (by its index in the
    /// chain): an image per node input, which the commands fill.
    let nodeImages: [Int: [GPUImage]]
    /// Host-visible buffers for node frames that no slot rendered, made
    /// when one first comes (the renderer's own never need one).
    private var nodeUploads: [Int: [Int: GPUBuffer]] = [:]

    init(plan: RenderPlan) throws {
        let context = plan.context
        input = try context.makeBuffer(size: plan.inputBytes, location: .upload)
        inputDevice =
            plan.staging ? try context.makeBuffer(size: plan.inputBytes, location: .device) : input
        output = try context.makeBuffer(size: plan.outputLayout.totalBytes, location: .readback)
        outputDevice =
            plan.staging ? try context.makeBuffer(size: plan.outputLayout.totalBytes, location: .device) : output
        inputWords = plan.texelFrames ? try context.makeWordView(of: inputDevice) : nil
        outputWords = plan.texelFrames ? try context.makeWordView(of: outputDevice) : nil
        planes =
            plan.intermediatePlanesBytes > 0
            ? try context.makeBuffer(size: plan.intermediatePlanesBytes, location: .device) : nil
        planesWords = try planes.flatMap { plan.texelFrames ? try context.makeWordView(of: $0) : nil }
        uniforms = try plan.graph.passes.map { _ in
            try context.makeBuffer(size: RenderPlan.uniformBytes, location: .upload)
        }
        data = try plan.graph.passes.map { _ in try context.makeBuffer(size: 256, location: .upload) }
        dataWords = try data.map { plan.texelData ? try context.makeWordView(of: $0) : nil }
        // One image per intermediate the plan needs, shared by passes whose
        // images are never read at the same time.
        let physical = try plan.intermediates.sizes.map { size in
            try context.makeImage(width: size.width, height: size.height, format: plan.imageFormat)
        }
        images = plan.intermediates.assignment.map { $0.map { physical[$0] } }
        sets = try plan.pipelines.map { try $0.makeDescriptorSet() }
        commands = try context.makeCommandBuffer()
        boundAuxiliary = plan.graph.passes.map { _ in [] }
        var nodeImages: [Int: [GPUImage]] = [:]
        // Node inputs the plan renders itself are its passes' images.
        let rendered = Set(plan.graph.passes.flatMap { $0.stages.filter { !$0.nodeInputs.isEmpty }.map(\.filterIndex) })
        for (index, filter) in plan.filters.enumerated()
        where !filter.nodeInputSizes.isEmpty && !rendered.contains(index) {
            nodeImages[index] = try filter.nodeInputSizes.map { size in
                try context.makeImage(width: size.width, height: size.height, format: .rgba16Unorm)
            }
        }
        self.nodeImages = nodeImages
    }

    /// Where each node image is filled from this frame, by filter index:
    /// the buffer the node rendered into (read on the GPU, no copy on the
    /// host), or an upload buffer for a frame made elsewhere.
    private(set) var nodeSources: [Int: [(buffer: GPUBuffer, offset: Int, bytesPerRow: Int)]] = [:]
    /// The node sources the recorded commands copy from.
    var boundNodeSources: [ObjectIdentifier] = []

    /// This frame's node inputs of filter `index` (16-bit RGBA frames).
    /// The frames must live until the frame's GPU work is done.
    func setNodeFrames(_ frames: [VideoFrame], filter index: Int, context: GPUContext) throws {
        var sources: [(buffer: GPUBuffer, offset: Int, bytesPerRow: Int)] = []
        for (position, frame) in frames.enumerated() {
            let plane = frame.planes[0]
            // A flipped view (rows going up) is copied on the host: a
            // buffer-to-image copy takes rows going down only.
            if let lease = plane.storage as? SlotLease, plane.bytesPerRow > 0 {
                sources.append((lease.deviceBuffer, plane.offset, plane.bytesPerRow))
                continue
            }
            let rowBytes = frame.width * ImageFormat.rgba16Unorm.bytesPerPixel
            let upload: GPUBuffer
            if let made = nodeUploads[index]?[position] {
                upload = made
            } else {
                upload = try context.makeBuffer(size: rowBytes * frame.height, location: .upload)
                nodeUploads[index, default: [:]][position] = upload
            }
            upload.withUnsafeMutableBytes { destination in
                plane.storage.withUnsafeBytes { source in
                    for row in 0..<frame.height {
                        (destination.baseAddress! + row * rowBytes).copyMemory(
                            from: source.baseAddress! + plane.offset + row * plane.bytesPerRow, byteCount: rowBytes)
                    }
                }
            }
            sources.append((upload, 0, rowBytes))
        }
        nodeSources[index] = sources
    }

    /// Makes pass `index`'s data buffer at least `bytes` long. A new buffer
    /// means the descriptor sets and commands must be made again.
    func ensureDataCapacity(pass index: Int, bytes: Int, context: GPUContext) throws {
        guard data[index].size < bytes else { return }
        var capacity = data[index].size
        while capacity < bytes { capacity *= 2 }
        if dataWords[index] != nil {
            // Read through a view: no larger than the device's views.
            let limit = context.capabilities.maxTexelBufferWords * 4
            guard bytes <= limit else {
                throw RenderError.bufferTooLarge(what: "the parameter data of one pass", bytes: bytes, limit: limit)
            }
            capacity = min(capacity, limit)
        }
        let buffer = try context.makeBuffer(size: capacity, location: .upload)
        dataWords[index] = dataWords[index] == nil ? nil : try context.makeWordView(of: buffer)
        data[index] = buffer
        isRecorded = false
    }
}

/// The slots of one plan. `framesInFlight` slots are made up front; more
/// are made only while every slot's output is still held by a consumer,
/// up to `limit`, after which `acquire` waits for one to come back.
///
/// It waits on an NSCondition. NSConditionLock's `lock(whenCondition:)`
/// waits with a deadline of `Date.distantFuture`, which swift-corelibs-
/// foundation (Swift 6.3) turns into Int64 nanoseconds and traps on, so
/// every wait for a slot crashed the process.
final class SlotPool: @unchecked Sendable {
    // @unchecked: `free`, `made` and `onWait` are only touched with
    // `condition` locked.
    private let condition = NSCondition()
    private var free: [FrameSlot] = []
    private var made = 0
    private var waitHook: (@Sendable () -> Void)?
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func acquire(make: () throws -> FrameSlot) throws -> FrameSlot {
        condition.lock()
        while free.isEmpty && made >= limit {
            waitHook?()
            condition.wait()
        }
        if let slot = free.popLast() {
            condition.unlock()
            return slot
        }
        made += 1
        condition.unlock()
        do {
            return try make()
        } catch {
            // Its place is free again, for a waiter to make.
            condition.lock()
            made -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    func release(_ slot: FrameSlot) {
        condition.lock()
        free.append(slot)
        condition.signal()
        condition.unlock()
    }

    /// Slots made so far.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return made
    }

    /// Test hook: runs, under the pool's lock, each time `acquire` is about
    /// to wait for a slot to come back (a `release` cannot come between).
    var onWait: (@Sendable () -> Void)? {
        get {
            condition.lock()
            defer { condition.unlock() }
            return waitHook
        }
        set {
            condition.lock()
            waitHook = newValue
            condition.unlock()
        }
    }
}
