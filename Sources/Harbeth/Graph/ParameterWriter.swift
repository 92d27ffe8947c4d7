/// Writes one frame's values into a slot's parameter blocks: the header
/// (sizes, plane offsets, time, the colour matrices) of every pass, and,
/// when the filters' values changed, each stage's packed parameters with
/// the table of where they start (`hb_base(slot)` in the shaders). The only
/// per-frame GPU data besides the planes; it never touches the bindings or
/// the commands, except to grow a data buffer (which makes the slot record
/// again).
struct ParameterWriter {
    let plan: RenderPlan
    let context: GPUContext

    /// Another source of the plan's passes (`PassPlan.sourceIndex`): a
    /// node input the plan renders itself, with its own time and colours.
    struct Source {
        let time: FrameTime
        let colorimetry: Colorimetry
        let bitDepth: Int
    }

    /// Writes the values of `filters` (packed in `data`, one array per
    /// filter) for a frame at `time` whose pixels use `colorimetry`. A
    /// composition's pass (`PlaneComposition`) takes `composition` as its
    /// data instead, written every frame. The passes of source k (k > 0)
    /// take `others[k - 1]`'s time and colours.
    func write(
        into slot: FrameSlot, filters: [Filter], data: [[Float]], time: FrameTime, colorimetry: Colorimetry,
        inputBitDepth: Int, others: [Source] = [], composition: [Float]? = nil
    ) throws {
        let conversion = ColorConversion(colorimetry: colorimetry, bitDepth: inputBitDepth)
        let sources =
            [(time, conversion)]
            + others.map { ($0.time, ColorConversion(colorimetry: $0.colorimetry, bitDepth: $0.bitDepth)) }
        let outputConversion = ColorConversion(
            colorimetry: plan.graph.convertedColorimetry ?? colorimetry, bitDepth: plan.outputLayout.layout.bitDepth)
        let rewriteData = slot.writtenFilters != filters || !slot.isRecorded
        for (passIndex, pass) in plan.graph.passes.enumerated() {
            let (passTime, passConversion) = sources[pass.sourceIndex]
            let header = self.header(
                pass: pass, index: passIndex, time: passTime.seconds, frameIndex: passTime.index, input: passConversion,
                output: outputConversion)
            // Each stage's base: in hb_p after the table of bases, or in
            // the data buffer (hb_data_at) for filters that declare large data.
            var table: [Float] = []
            var uniform: [Float] = []
            var buffer: [Float] = []
            let composition = pass.composition == nil ? nil : composition
            // Loaders describe their sources' colours, which may change
            // from frame to frame without the filters changing.
            let rewritesValues = rewriteData || composition != nil || !pass.loaders.isEmpty
            if let composition {
                table = [Float(bitPattern: 1)]
                uniform = composition
            } else if rewritesValues {
                let slots = pass.loaderSlot(pass.loaders.count)
                func place(_ packed: [Float], inBuffer: Bool) {
                    if inBuffer {
                        table.append(Float(bitPattern: UInt32(buffer.count)))
                        buffer += packed
                    } else {
                        table.append(Float(bitPattern: UInt32(slots + uniform.count)))
                        uniform += packed
                    }
                }
                func place(_ planned: PlannedStage, input: ColorConversion) {
                    let packed =
                        combinedData(
                            planned, in: pass, data: data, filters: filters, input: input, output: outputConversion)
                        ?? data[planned.filterIndex]
                    place(packed, inBuffer: filters[planned.filterIndex].descriptor.dataInBuffer)
                }
                for planned in pass.stages { place(planned, input: passConversion) }
                for loader in pass.loaders {
                    let conversion = sources[loader.source].1
                    place(description(of: loader, conversion: conversion), inBuffer: false)
                    for planned in loader.stages { place(planned, input: conversion) }
                }
            }
            if rewritesValues {
                guard table.count + uniform.count <= RenderPlan.uniformParameterFloats else {
                    throw RenderError.invalidFilterSetup(
                        filter: pass.name(in: filters),
                        reason: "\(table.count + uniform.count) parameter values in one pass; at most "
                            + "\(RenderPlan.uniformParameterFloats) fit (split the chain with --no-fusion)")
                }
                try slot.ensureDataCapacity(pass: passIndex, bytes: max(4, buffer.count * 4), context: context)
            }
            slot.uniforms[passIndex].withUnsafeMutableBytes { raw in
                header.withUnsafeBytes { raw.copyMemory(from: $0) }
                if rewritesValues {
                    let start = raw.baseAddress! + RenderPlan.headerFloats * 4
                    (table + uniform).withUnsafeBytes { start.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                }
            }
            if rewriteData && !buffer.isEmpty {
                slot.data[passIndex].withUnsafeMutableBytes { raw in
                    buffer.withUnsafeBytes { raw.copyMemory(from: $0) }
                }
            }
        }
        slot.writtenFilters = filters
    }

    /// A combined stage's floats: the map its filters make together for this
    /// frame's values, on the code values when the pass folds the planes;
    /// for a remap of the planes, each plane's map.
    private func combinedData(
        _ planned: PlannedStage, in pass: PassPlan, data: [[Float]], filters: [Filter], input: ColorConversion,
        output: ColorConversion
    ) -> [Float]? {
        guard !planned.combined.isEmpty else { return nil }
        switch pass.samples {
        case .blur(let blur):
            let format = FrameFormat(
                width: pass.inputSize.width, height: pass.inputSize.height, layout: plan.inputLayout.layout)
            return PlaneBlur.packed(
                filters[planned.filterIndex], direction: blur.direction, input: format, shape: blur.shape)
        case .neighbours(let kind):
            return PlaneNeighbours.packed(filters[planned.filterIndex], kind: kind, layout: plan.inputLayout.layout)
        case .denoise:
            return PlaneDenoise.packed(filters[planned.filterIndex], layout: plan.inputLayout.layout)
        case .deband:
            return PlaneDeband.packed(filters[planned.filterIndex])
        case .eq:
            // The filter's own data: the tables, then the RGB path's matrices.
            return data[planned.filterIndex]
        case .box, .unsharp, .naturalVignette:
            // The filter's own data: the box and its colour, the masks, or
            // the vignette's values and its dither's jumps.
            return data[planned.filterIndex]
        case .boxblur:
            let format = FrameFormat(
                width: pass.inputSize.width, height: pass.inputSize.height, layout: plan.inputLayout.layout)
            return PlaneBoxblur.packed(filters[planned.filterIndex], input: format)
        case .codeFilter:
            return PlaneCodeFilters.packed(filters[planned.filterIndex], layout: plan.inputLayout.layout)
        case .avgblur(let direction):
            // The frame's size: the rows' input, the columns' output.
            let size = direction == .rows ? pass.inputSize : pass.outputSize
            let format = FrameFormat(width: size.width, height: size.height, layout: plan.inputLayout.layout)
            return PlaneAvgblur.packed(filters[planned.filterIndex], input: format)
        case .gblur:
            return PlaneGblur.packed(filters[planned.filterIndex], layout: plan.inputLayout.layout)
        case .resize, nil:
            break
        }
        if pass.remapsPlanes, case .source(let layout) = pass.input {
            let format = FrameFormat(width: pass.inputSize.width, height: pass.inputSize.height, layout: layout)
            return PlaneRemap.packed(planned.combined.map { filters[$0] }, input: format, conversion: output)
        }
        // Only a fold on the planes may end in a vignette: its values
        // follow the map's.
        let vignette = pass.foldsPlanes && ColorFold.endsInVignette(planned.combined, filters: filters)
        let affine = vignette ? planned.combined.dropLast() : planned.combined[...]
        let map = ColorFold.composed(affine.map { (filters[$0].descriptor, data[$0]) })
        guard pass.foldsPlanes else { return planned.stage == ColorFold.rgbStage ? map.packedRGB : map.packed }
        let planes = ColorFold.planes(map, toRGB: input.yuvToRGB, toYUV: output.rgbToYUV)
        return vignette ? planes + data[planned.combined.last!] : planes
    }

    /// What a loader reads its frame by (`ShaderGenerator.loaderInput`):
    /// the frame's size, each plane's offset and bytes per row in the
    /// input buffer, and its YUV to RGB matrix.
    private func description(of loader: NodeLoader, conversion: ColorConversion) -> [Float] {
        func int(_ value: Int) -> Float { Float(bitPattern: UInt32(bitPattern: Int32(truncatingIfNeeded: value))) }
        let planes = plan.inputLayouts[loader.source].planes
        let placed: [Float] = (0..<4).flatMap { index -> [Float] in
            index < planes.count ? [int(planes[index].offset), int(planes[index].bytesPerRow)] : [0, 0]
        }
        return [int(loader.size.width), int(loader.size.height)] + placed + conversion.yuvToRGB
    }

    /// The 72 floats before `hb_p` (see Shaders/common/prelude.glsl).
    private func header(
        pass: PassPlan, index passIndex: Int, time: Double, frameIndex: Int, input: ColorConversion,
        output: ColorConversion
    ) -> [Float] {
        func int(_ value: Int) -> Float { Float(bitPattern: UInt32(bitPattern: Int32(truncatingIfNeeded: value))) }
        var header: [Float] = [
            int(pass.inputSize.width), int(pass.inputSize.height), int(pass.outputSize.width),
            int(pass.outputSize.height),
        ]
        // Intermediate planes are read with the source's beside them
        // (z, w: an unsharp mask's columns read both).
        let inputPlanes: [PlaneLayout.Plane]
        var besidePlanes: [PlaneLayout.Plane] = []
        switch pass.input {
        case .source: inputPlanes = plan.inputLayouts[pass.readsInput ?? pass.sourceIndex].planes
        case .image: inputPlanes = []
        case .planes:
            inputPlanes = plan.intermediatePlanes[passIndex]?.planes ?? []
            besidePlanes = plan.inputLayouts[pass.readsInput ?? pass.sourceIndex].planes
        }
        let outputPlanes: [PlaneLayout.Plane]
        switch pass.output {
        case .buffer: outputPlanes = pass.writesInput.map { plan.inputLayouts[$0].planes } ?? plan.outputLayout.planes
        case .image: outputPlanes = []
        case .planes: outputPlanes = plan.intermediatePlanes[passIndex]?.planes ?? []
        }
        for index in 0..<4 {
            let plane = index < inputPlanes.count ? inputPlanes[index] : nil
            let beside = index < besidePlanes.count ? besidePlanes[index] : nil
            header += [
                int(plane?.offset ?? 0), int(plane?.bytesPerRow ?? 0), int(beside?.offset ?? 0),
                int(beside?.bytesPerRow ?? 0),
            ]
        }
        // A recursive blur's columns keep their forward sums in the
        // scratch planes, beside the output's (z, w).
        let scratchPlanes = plan.scratchPlanes[passIndex]?.planes ?? []
        for index in 0..<4 {
            let plane = index < outputPlanes.count ? outputPlanes[index] : nil
            let scratch = index < scratchPlanes.count ? scratchPlanes[index] : nil
            header += [
                int(plane?.offset ?? 0), int(plane?.bytesPerRow ?? 0), int(scratch?.offset ?? 0),
                int(scratch?.bytesPerRow ?? 0),
            ]
        }
        header += [Float(time), Float(frameIndex), Float(time - Double(Float(time))), 0]
        header += input.yuvToRGB
        header += output.rgbToYUV
        return header
    }
}
