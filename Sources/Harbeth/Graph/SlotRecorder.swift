/// A slot's bindings and recorded commands: which images each pass
/// samples, the descriptor sets that bind them, and the command buffer the
/// slot submits again for every frame. Made again only when the images
/// or buffers they name change (a new data buffer, other files for a
/// blend); a frame whose values alone changed reuses them.
enum SlotRecorder {
    /// Per pass, in the order the generator declared them: each stage's
    /// auxiliary images (the node images of a multi-input filter, or the
    /// images of the passes that rendered its node inputs, or the files its
    /// values name), then its filter's input image if it reads it.
    static func auxiliaryImages(
        slot: FrameSlot, plan: RenderPlan, filters: [Filter], resources: any FilterResourceLoader
    ) throws -> [[GPUImage]] {
        var auxiliary: [[GPUImage]] = []
        for pass in plan.graph.passes {
            var images: [GPUImage] = []
            for planned in pass.stages {
                if !planned.nodeInputs.isEmpty {
                    // Loaded inputs (`NodeLoader`) bind no image.
                    images += planned.nodePasses.map { slot.images[$0]! }
                } else if let nodeImages = slot.nodeImages[planned.filterIndex] {
                    images += nodeImages
                } else if planned.stage.auxiliaryImages > 0 {
                    let filter = filters[planned.filterIndex]
                    let environment = FilterEnvironment(
                        inputSize: plan.graph.filterInputSizes[planned.filterIndex], resources: resources)
                    images += try plan.auxiliaryImages(for: filter, environment: environment)
                }
                for inputPass in planned.inputPasses {
                    images.append(slot.images[inputPass]!)
                }
            }
            auxiliary.append(images)
        }
        return auxiliary

    }

    /// Binds the passes' resources and records the commands, unless the
    /// slot's recording already names exactly these.
    static func bindAndRecord(_ slot: FrameSlot, plan: RenderPlan, auxiliary: [[GPUImage]]) throws {
        let identities = auxiliary.map { $0.map(ObjectIdentifier.init) }
        if identities != slot.boundAuxiliary { slot.isRecorded = false }
        // Node frames come from other slots' buffers, which change from
        // frame to frame: the copies are recorded again when they do.
        let sources = slot.nodeSources.sorted { $0.key < $1.key }.flatMap(\.value)
        let sourceIdentities = sources.map { ObjectIdentifier($0.buffer) }
        if sourceIdentities != slot.boundNodeSources { slot.isRecorded = false }
        guard !slot.isRecorded else { return }
        for (passIndex, pass) in plan.graph.passes.enumerated() {
            var resources: [BoundResource] = [.buffer(slot.uniforms[passIndex])]
            switch pass.input {
            case .source: resources.append(slot.inputWords.map { .words($0) } ?? .buffer(slot.inputDevice))
            case .image: resources.append(.sampledImage(slot.images[passIndex - 1]!, .linear))
            case .planes: resources.append(slot.planesWords.map { .words($0) } ?? .buffer(slot.planes!))
            }
            switch pass.output {
            case .image: resources.append(.storageImage(slot.images[passIndex]!))
            case .buffer where pass.writesInput != nil:
                // A composition's source chain writes its planes beside the frames'.
                resources.append(slot.inputWords.map { .words($0) } ?? .buffer(slot.inputDevice))
            case .buffer: resources.append(slot.outputWords.map { .words($0) } ?? .buffer(slot.outputDevice))
            case .planes: resources.append(slot.planesWords.map { .words($0) } ?? .buffer(slot.planes!))
            }
            resources.append(slot.dataWords[passIndex].map { .words($0) } ?? .buffer(slot.data[passIndex]))
            if case .blur(let blur) = pass.samples, blur.direction == .columns, blur.shape.sharpens {
                // The unsharp mask's columns read the source frame too.
                resources.append(slot.inputWords.map { .words($0) } ?? .buffer(slot.inputDevice))
            }
            if pass.samples?.rewritesPlanes == true {
                // Columns that write and read the planes buffer (a
                // recursive blur's, boxblur's, gblur's) bind it again.
                resources.append(slot.planesWords.map { .words($0) } ?? .buffer(slot.planes!))
            }
            resources += auxiliary[passIndex].map { .sampledImage($0, .linear) }
            slot.sets[passIndex].update(resources)
        }
        slot.boundAuxiliary = identities
        slot.boundNodeSources = sourceIdentities
        let nodeImages = slot.nodeImages.sorted { $0.key < $1.key }.flatMap(\.value)
        try slot.commands.record { recorder in
            if !sources.isEmpty {
                // The nodes rendered in earlier submissions on this queue:
                // their writes become visible to these copies.
                recorder.computeBarrier()
                for (source, image) in zip(sources, nodeImages) {
                    recorder.copy(
                        from: source.buffer, offset: source.offset, bytesPerRow: source.bytesPerRow, to: image)
                }
            }
            if plan.staging {
                recorder.copy(from: slot.input, to: slot.inputDevice, bytes: plan.inputBytes)
            }
            if plan.staging || !nodeImages.isEmpty { recorder.computeBarrier() }
            for passIndex in plan.graph.passes.indices {
                recorder.bind(plan.pipelines[passIndex], slot.sets[passIndex])
                recorder.dispatch(plan.groups[passIndex].x, plan.groups[passIndex].y)
                if passIndex < plan.graph.passes.count - 1 { recorder.computeBarrier() }
            }
            if plan.staging {
                recorder.computeBarrier()
                recorder.copy(from: slot.outputDevice, to: slot.output, bytes: plan.outputLayout.totalBytes)
            }
            recorder.hostReadBarrier()
        }
        slot.isRecorded = true
    }
}
