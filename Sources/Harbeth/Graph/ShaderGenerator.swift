import Foundation
import HarbethShaders

/// Writes the GLSL of one pass from the embedded shader files: the prelude,
/// the input and output modules for the pass's ends, each filter function
/// once, and `hb_pixel`, which runs the body and the pointwise run.
///
/// Parameters reach the functions through `hb_base(slot)`: slot `i` of
/// `hb_p` holds the offset of stage `i`'s data, so the code depends only on
/// the chain's structure and a new value never recompiles anything. Each
/// filter's file is wrapped in the accessors of its parameter layout
/// (`hbp_NAME`, `ParameterField`), so the GLSL reads its values by name.
struct ShaderGenerator {
    /// The intermediate image format, e.g. rgba16f.
    let imageFormat: ImageFormat
    let filters: [Filter]
    /// Whether the frame buffers are bound as texel buffers of words
    /// (`GPUWordView`, HB_TEXEL_FRAMES) rather than storage buffers.
    let texelFrames: Bool
    /// Whether the data buffer is bound as a texel buffer of words
    /// (HB_TEXEL_DATA) rather than a storage buffer.
    let texelData: Bool
    /// Whether kernels may vote across a subgroup (HB_SUBGROUP_VOTE).
    let subgroupVotes: Bool

    /// The binding kinds of the input and output frame buffers.
    var sourceBinding: BindingKind { texelFrames ? .uniformTexelBuffer : .storageBuffer }
    var destinationBinding: BindingKind { texelFrames ? .storageTexelBuffer : .storageBuffer }
    /// The binding kind of the data buffer (binding 3, declared by the prelude).
    var dataBinding: BindingKind { texelData ? .uniformTexelBuffer : .storageBuffer }

    /// The word accessors of the frame buffers the kernel binds.
    private func frameAccess(source: Bool, destination: Bool) throws -> String {
        (source ? try Self.embeddedWithLine("io/frame_source.glsl") : "")
            + (destination ? try Self.embeddedWithLine("io/frame_destination.glsl") : "")
    }

    /// Workgroup sizes: 16x16 pixels for images; 8x8 blocks for packed output.
    static let imageWorkgroup = (x: 16, y: 16)
    static let blockWorkgroup = (x: 8, y: 8)

    /// The pass's kernel: source, bindings and workgroup size.
    func kernel(for pass: PassPlan) throws -> KernelDescriptor {
        var defines: [String: String] = [:]
        var text = try Self.embedded("common/prelude.glsl")
        text += "\n#define hb_base(slot) floatBitsToUint(hb_p[slot])\n"
        if texelFrames { defines["HB_TEXEL_FRAMES"] = "1" }
        if texelData { defines["HB_TEXEL_DATA"] = "1" }
        if subgroupVotes { defines["HB_SUBGROUP_VOTE"] = "1" }
        if let composition = pass.composition {
            return try composeKernel(
                for: composition, name: pass.name(in: filters), prelude: text, defines: defines)
        }
        if let samples = pass.samples {
            return try samplesKernel(for: pass, samples: samples, prelude: text, defines: defines)
        }
        if pass.foldsPlanes || pass.remapsPlanes, case .source(let layout) = pass.input {
            return try planesKernel(for: pass, layout: layout, prelude: text, defines: defines)
        }
        switch pass.input {
        case .source(let layout):
            defines["HB_IN_LAYOUT"] = "\(PlaneLayout.shaderCode(for: layout))"
            defines["HB_IN_MAX"] = "\((1 << layout.bitDepth) - 1).0"
            if pass.readsWholeBlocks { defines["HB_BLOCK_INPUT"] = "1" }
            text += try frameAccess(source: true, destination: false)
            text += try Self.embeddedWithLine("io/load_buffer.glsl")
            if pass.readsWholeBlocks { text += try Self.embeddedWithLine("io/load_block.glsl") }
            for index in pass.loaders.indices {
                text += try Self.loaderInput(pass.loaders[index], index: index, slot: pass.loaderSlot(index))
            }
        case .image:
            text += try Self.embeddedWithLine("io/load_image.glsl")
        case .planes:
            throw RenderError.shaderCompile("only a pass on the planes' samples reads intermediate planes")
        }
        var bindings: [BindingKind] = [
            .uniformBuffer,
            pass.input == .image ? .sampledImage : sourceBinding,
        ]
        switch pass.output {
        case .image: bindings.append(.storageImage)
        case .buffer, .planes: bindings.append(destinationBinding)
        }
        bindings.append(dataBinding)
        // Samplers bind from 4 on, in the order of the stages' arguments.
        // A pointwise stage takes its auxiliary images as numbers of the
        // pass's auxiliary inputs (hb_aux_size, hb_aux_texel,
        // hb_aux_bilinear), each a sampler or a loaded node input.
        var samplers = 0
        var channels: [AuxiliaryInput] = []
        var auxiliaryNames: [[String]] = []
        func sampler() -> String {
            text += "layout(set = 0, binding = \(4 + samplers)) uniform sampler2D hb_aux\(samplers);\n"
            bindings.append(.sampledImage)
            samplers += 1
            return "hb_aux\(samplers - 1)"
        }
        for planned in pass.stages {
            var names: [String] = []
            if planned.stage.isPointwise && planned.stage.auxiliaryImages > 0 {
                let inputs =
                    planned.nodeInputs.isEmpty
                    ? (0..<planned.stage.auxiliaryImages).map { _ in AuxiliaryInput.sampler(sampler()) }
                    : planned.nodeInputs.map { input in
                        switch input {
                        case .pass: return AuxiliaryInput.sampler(sampler())
                        case .loader(let index): return .loader(index)
                        }
                    }
                for input in inputs {
                    names.append("\(channels.count)")
                    channels.append(input)
                }
                for _ in planned.stage.reads { names.append(sampler()) }
            } else {
                for _ in 0..<planned.stage.samplerArguments { names.append(sampler()) }
            }
            auxiliaryNames.append(names)
        }

        let workgroup: (x: Int, y: Int)
        if pass.isWholeKernel {
            defines["HB_OUT_IMAGE_FORMAT"] = imageFormat.glslQualifier
            text += "layout(set = 0, binding = 2, \(imageFormat.glslQualifier)) uniform writeonly image2D hb_output;\n"
            text += try functionCode(for: pass.body!, slot: 0)
            let threads = pass.body!.stage.workgroup?.threads
            workgroup = threads.map { ($0.width, $0.height) } ?? Self.imageWorkgroup
        } else {
            switch pass.output {
            case .image:
                defines["HB_OUT_IMAGE_FORMAT"] = imageFormat.glslQualifier
                if pass.clampsOutput { defines["HB_CLAMP_OUTPUT"] = "1" }
                text += try Self.embeddedWithLine("io/store_image.glsl")
                workgroup = Self.imageWorkgroup
            case .planes:
                throw RenderError.shaderCompile("only a pass on the planes' samples writes intermediate planes")
            case .buffer(let layout):
                defines["HB_OUT_LAYOUT"] = "\(PlaneLayout.shaderCode(for: layout))"
                defines["HB_OUT_MAX"] = "\((1 << layout.bitDepth) - 1).0"
                let block = PlaneLayout.outputBlock(for: layout)
                defines["HB_BLOCK_W"] = "\(block.x)"
                defines["HB_BLOCK_H"] = "\(block.y)"
                text += try frameAccess(source: false, destination: true)
                text += try Self.embeddedWithLine("io/store_buffer.glsl")
                workgroup = Self.blockWorkgroup
            }
            if !channels.isEmpty { text += Self.auxiliaryPrototypes }
            var included: Set<String> = []
            var slotted = Array(pass.stages.enumerated())
            for (index, loader) in pass.loaders.enumerated() {
                let first = pass.loaderSlot(index) + 1
                slotted += loader.stages.enumerated().map { (first + $0, $1) }
            }
            for (slot, planned) in slotted {
                text += try functionCode(for: planned, slot: slot, included: &included)
            }
            for (index, loader) in pass.loaders.enumerated() {
                text += loaderFunctions(loader, index: index, slot: pass.loaderSlot(index))
            }
            if !channels.isEmpty { text += Self.auxiliaryInputs(channels) }
            text += "#line 1 \"generated\"\n"
            text += "vec4 hb_pixel(ivec2 p, ivec2 local) {\n    hb_pos = p;\n"
            if let body = pass.body {
                text +=
                    "    vec4 c = \(callName(body, slot: 0))(p, hb_base(0)\(auxiliaryArguments(auxiliaryNames[0])));\n"
            } else if pass.readsWholeBlocks {
                text += "    vec4 c = hb_block_texel(local);\n"
            } else {
                text += "    vec4 c = hb_load(p);\n"
            }
            let firstPointwiseSlot = pass.body == nil ? 0 : 1
            for (offset, planned) in pass.pointwise.enumerated() {
                let slot = firstPointwiseSlot + offset
                text +=
                    "    c = \(callName(planned, slot: slot))(c, hb_base(\(slot))\(auxiliaryArguments(auxiliaryNames[slot])));\n"
            }
            text += "    return c;\n}\n"
            text += try Self.embeddedWithLine("common/main.glsl")
        }
        let name = "pass " + pass.name(in: filters)
        return KernelDescriptor(
            source: ShaderSource(name: name, text: text, defines: defines), bindings: bindings,
            workgroupSize: (workgroup.x, workgroup.y, 1))
    }

    /// A pass on the planes: folded colour maths (`ColorFold`), one matrix
    /// between the layout's own reads and writes, or moved samples
    /// (`PlaneRemap`); with the blocks and dispatch of any pass that writes
    /// the layout.
    private func planesKernel(
        for pass: PassPlan, layout: PixelLayout, prelude: String, defines given: [String: String]
    ) throws -> KernelDescriptor {
        let block = PlaneLayout.outputBlock(for: layout)
        var defines = given.merging([
            "HB_IN_LAYOUT": "\(PlaneLayout.shaderCode(for: layout))", "HB_BLOCK_W": "\(block.x)",
            "HB_BLOCK_H": "\(block.y)", "HB_OUT_MAX": "\((1 << layout.bitDepth) - 1).0",
        ]) { $1 }
        if pass.remapsPlanes {
            defines["HB_PLANES"] = "\(layout.planeCount)"
            defines["HB_SAMPLE_BYTES"] = layout == .rgba8 ? "4" : layout.bitDepth > 8 ? "2" : "1"
            defines["HB_SHIFT_X"] = "\(layout.chromaShift.x)"
            defines["HB_SHIFT_Y"] = "\(layout.chromaShift.y)"
            let moves = pass.body?.combined.map { filters[$0] } ?? []
            if PlaneRemap.fills(moves) { defines["HB_FILL"] = "1" }
            if PlaneRemap.keepsRows(moves) { defines["HB_ROWS"] = "1" }
        }
        let module = pass.remapsPlanes ? "io/planes_remap.glsl" : "io/planes_affine.glsl"
        var text = prelude + (try frameAccess(source: true, destination: true))
        if pass.foldsPlanes, let fold = pass.body ?? pass.pointwise.first,
            ColorFold.endsInVignette(fold.combined, filters: filters)
        {
            // The vignette's function, between its accessors.
            let filter = filters[fold.combined.last!]
            defines["HB_VIGNETTE"] = "1"
            text += try functionCode(
                for: PlannedStage(filterIndex: fold.combined.last!, stage: filter.descriptor.stages[0]), slot: 0)
        }
        text += try Self.embeddedWithLine(module) + Self.embeddedWithLine("common/main.glsl")
        return KernelDescriptor(
            source: ShaderSource(name: "pass " + pass.name(in: filters), text: text, defines: defines),
            bindings: [.uniformBuffer, sourceBinding, destinationBinding, dataBinding],
            workgroupSize: (Self.blockWorkgroup.x, Self.blockWorkgroup.y, 1))
    }

    /// One of the two passes of a blur (`PlaneBlur`, with its window walks
    /// generated for the compiled radius) or a resize (`PlaneResize`) on
    /// the planes.
    private func samplesKernel(
        for pass: PassPlan, samples: SamplesPass, prelude: String, defines given: [String: String]
    ) throws -> KernelDescriptor {
        guard let layout = Self.samplesLayout(of: pass) else {
            throw RenderError.shaderCompile(
                "a pass on the planes' samples goes from the source to planes to the output")
        }
        let bytes = layout.bitDepth > 8 ? 2 : 1
        var defines = given.merging([
            "HB_PLANES": "\(layout.planeCount)", "HB_SHIFT_X": "\(layout.chromaShift.x)",
            "HB_SHIFT_Y": "\(layout.chromaShift.y)", "HB_IN_BYTES": "\(bytes)", "HB_OUT_BYTES": "\(bytes)",
            "HB_OUT_MAX": "\((1 << layout.bitDepth) - 1).0",
        ]) { $1 }
        var bindings: [BindingKind] = [.uniformBuffer, sourceBinding, destinationBinding, dataBinding]
        var text = prelude + (try frameAccess(source: true, destination: true))
        // Passes that map each group on its own share planes_samples' walk.
        switch samples {
        case .eq, .box, .naturalVignette, .codeFilter: defines["HB_MAPS_GROUPS"] = "1"
        default: break
        }
        text += try Self.embeddedWithLine("io/planes_samples.glsl")
        let block = Self.samplesBlock(of: samples, layout: layout)
        defines["HB_BLOCK_W"] = "\(block.x)"
        defines["HB_BLOCK_H"] = "\(block.y)"
        switch samples {
        case .blur(let blur):
            defines["HB_DIRECTION"] = "\(blur.direction.rawValue)"
            defines["HB_RADIUS"] = "\(blur.shape.radius)"
            defines["HB_PLANE_FLOATS"] = "\(PlaneBlur.planeFloats(blur.shape))"
            defines["HB_SCALE"] = "\(1 << (16 - layout.bitDepth)).0"
            defines["HB_OFFSET"] = "0.0"
            if blur.direction == .columns && blur.shape.sharpens {
                defines["HB_SHARPEN"] = "1"
                bindings.append(sourceBinding)
            }
            if blur.shape.walk != nil {
                // Walks along rows lie along the grid's x.
                if blur.direction == .rows { defines["HB_GRID_SWAPPED"] = "1" }
            }
            if blur.shape.walk == .runningSum {
                defines["HB_RUNNING"] = "1"
            }
            if blur.shape.walk == .recursive {
                // Rows read back their forward sums from the output
                // planes, columns from the scratch planes at the next
                // binding (4, or 5 after an unsharp mask's source).
                defines["HB_RECURSIVE"] = "1"
                if blur.direction == .rows {
                    defines["HB_DST_READ"] = "1"
                } else {
                    defines["HB_SCRATCH_BINDING"] = "\(bindings.count)"
                    bindings.append(destinationBinding)
                }
            }
            text += try Self.embeddedWithLine("io/planes_blur.glsl")
            if blur.shape.walk == nil {
                text += "#line 1 \"generated\"\n" + PlaneBlur.taps(blur)
            }
        case .resize(let resize):
            // Room for the taps' overshoot: a quarter of the range below
            // 0, three quarters above the largest code.
            defines["HB_DIRECTION"] = "\(resize.direction.rawValue)"
            defines["HB_METHOD"] = "\(resize.shape.method)"
            defines["HB_WORDS"] = "\(resize.shape.words)"
            defines["HB_SCALE"] = "\(1 << (15 - layout.bitDepth)).0"
            defines["HB_OFFSET"] = "\(1 << (layout.bitDepth - 2)).0"
            text += try Self.embeddedWithLine("common/resize_taps.glsl")
            text += try Self.embeddedWithLine("io/planes_resize.glsl")
        case .neighbours(let kind):
            // No intermediate planes.
            defines["HB_SCALE"] = "1.0"
            defines["HB_OFFSET"] = "0.0"
            defines["HB_NEIGHBOURS"] = "\(kind.rawValue)"
            text += try Self.embeddedWithLine("io/planes_neighbours.glsl")
        case .denoise(let shape):
            defines["HB_SCALE"] = "1.0"
            defines["HB_OFFSET"] = "0.0"
            defines["HB_PATCH"] = "\(shape.patch)"
            defines["HB_RESEARCH"] = "\(shape.research)"
            text += try Self.embeddedWithLine("io/planes_denoise.glsl")
        case .boxblur(let direction), .gblur(let direction), .avgblur(let direction):
            // Rows read back the lines they wrote through the destination
            // (avgblur's only write); columns that rewrite the planes read
            // and write them at the next binding.
            defines["HB_DIRECTION"] = "\(direction.rawValue)"
            defines["HB_SCALE"] = "1.0"
            defines["HB_OFFSET"] = "0.0"
            defines["HB_WALKS_LINES"] = "1"
            let planeFloats =
                switch samples {
                case .gblur: PlaneGblur.planeFloats
                case .avgblur: PlaneAvgblur.planeFloats
                default: PlaneBoxblur.planeFloats
                }
            defines["HB_PLANE_DATA"] = "\(planeFloats)"
            if direction == .rows {
                defines["HB_GRID_SWAPPED"] = "1"
                if samples != .avgblur(.rows) { defines["HB_DST_READ"] = "1" }
            } else if samples.rewritesPlanes {
                defines["HB_SCRATCH_BINDING"] = "\(bindings.count)"
                bindings.append(destinationBinding)
            }
            let file =
                switch samples {
                case .gblur: "planes_gblur"
                case .avgblur: "planes_avgblur"
                default: "planes_boxblur"
                }
            text += try Self.embeddedWithLine("io/\(file).glsl")
        case .deband, .eq, .box, .unsharp, .naturalVignette, .codeFilter:
            // No intermediate planes: source to output, each its own file.
            defines["HB_SCALE"] = "1.0"
            defines["HB_OFFSET"] = "0.0"
            if case .codeFilter(let operation) = samples { defines["HB_CODE_FILTER"] = "\(operation.rawValue)" }
            if samples == .naturalVignette, let body = pass.body {
                // The factor's function, between its accessors.
                text += try functionCode(
                    for: PlannedStage(filterIndex: body.filterIndex, stage: NaturalVignetteFilter.descriptor.stages[0]),
                    slot: 0)
            }
            let file =
                switch samples {
                case .deband: "planes_deband"
                case .eq: "planes_eq"
                case .box: "planes_box"
                case .naturalVignette: "planes_natural_vignette"
                case .codeFilter: "planes_code_filters"
                default: "planes_unsharp"
                }
            text += try Self.embeddedWithLine("io/\(file).glsl")
        }
        text += try Self.embeddedWithLine("common/main.glsl")
        let workgroup = Self.samplesWorkgroup(of: samples)
        return KernelDescriptor(
            source: ShaderSource(name: "pass " + pass.name(in: filters), text: text, defines: defines),
            bindings: bindings, workgroupSize: (workgroup.x, workgroup.y, 1))
    }

    /// The workgroup of a pass on the planes' samples: 32 walks side by
    /// side for a walking blur (each invocation walks a whole row or
    /// column; a rows pass swaps its grid, HB_GRID_SWAPPED, so they lie
    /// along x, where lavapipe runs invocations as SIMD lanes: along y it
    /// ran one lane at a time, 5 times slower); else `blockWorkgroup`.
    static func samplesWorkgroup(of samples: SamplesPass) -> (x: Int, y: Int) {
        samples.walksLines ? (32, 1) : blockWorkgroup
    }

    /// The frame's layout of a pass on the planes' samples: its source's
    /// where it reads the source, else its output's.
    static func samplesLayout(of pass: PassPlan) -> PixelLayout? {
        switch (pass.input, pass.output) {
        case (.source(let source), .planes), (.source(let source), .buffer): return source
        case (.planes, .buffer(let output)): return output
        default: return nil
        }
    }

    /// The luma pixels an invocation of a pass on the planes' samples covers.
    static func samplesBlock(of samples: SamplesPass, layout: PixelLayout) -> (x: Int, y: Int) {
        switch samples {
        case .blur(let blur): return PlaneBlur.block(blur, layout: layout)
        case .resize: return PlaneResize.block(layout: layout)
        case .neighbours: return PlaneNeighbours.block(layout: layout)
        case .denoise: return PlaneDenoise.block(layout: layout)
        case .deband: return PlaneDeband.block(layout: layout)
        case .eq: return PlaneEq.block(layout: layout)
        case .box: return PlaneBox.block(layout: layout)
        case .unsharp: return PlaneUnsharp.block(layout: layout)
        case .naturalVignette, .codeFilter: return PlaneEq.block(layout: layout)
        case .boxblur(let direction), .gblur(let direction), .avgblur(let direction):
            return PlaneBlur.walkBlock(direction, layout: layout)
        }
    }

    /// A composition of several sources' planes (`PlaneComposition`), with
    /// the blocks and dispatch of any pass that writes the layout.
    private func composeKernel(
        for shape: PlaneComposition.Shape, name: String, prelude: String, defines given: [String: String]
    ) throws -> KernelDescriptor {
        let layout = shape.layout
        let block = Self.compositionSpan(for: layout)
        var defines = given.merging([
            "HB_BLOCK_W": "\(block.x)", "HB_BLOCK_H": "\(block.y)", "HB_PLANES": "\(layout.planeCount)",
            "HB_SAMPLE_BYTES": layout == .rgba8 ? "4" : layout.bitDepth > 8 ? "2" : "1",
            "HB_SHIFT_X": "\(layout.chromaShift.x)", "HB_SHIFT_Y": "\(layout.chromaShift.y)",
        ]) { $1 }
        var text = prelude + (try frameAccess(source: true, destination: true))
        if shape.transitions {
            defines["HB_TRANSITION"] = "1"
            text += try Self.embeddedWithLine("common/xfade_transition.glsl")
        }
        text += try Self.embeddedWithLine("io/planes_compose.glsl") + Self.embeddedWithLine("common/main.glsl")
        return KernelDescriptor(
            source: ShaderSource(name: "pass " + name, text: text, defines: defines),
            bindings: [.uniformBuffer, sourceBinding, destinationBinding, dataBinding],
            workgroupSize: (Self.blockWorkgroup.x, Self.blockWorkgroup.y, 1))
    }

    /// The pixels one invocation of a composition writes: four of the
    /// layout's blocks along a row, so that the choice of layer, made once
    /// per span, is shared by more words (io/planes_compose.glsl).
    static func compositionSpan(for layout: PixelLayout) -> (x: Int, y: Int) {
        let block = PlaneLayout.outputBlock(for: layout)
        return (block.x * 4, block.y)
    }

    /// The dispatch size for a pass's output.
    static func groups(for pass: PassPlan) -> (x: Int, y: Int) {
        let block: (x: Int, y: Int)
        let workgroup: (x: Int, y: Int)
        switch pass.output {
        case _ where pass.samples != nil && Self.samplesLayout(of: pass) != nil:
            block = samplesBlock(of: pass.samples!, layout: samplesLayout(of: pass)!)
            workgroup = samplesWorkgroup(of: pass.samples!)
        case .buffer(let layout) where pass.composition != nil:
            block = compositionSpan(for: layout)
            workgroup = blockWorkgroup
        case .buffer(let layout) where !pass.isWholeKernel:
            block = PlaneLayout.outputBlock(for: layout)
            workgroup = blockWorkgroup
        default:
            if let covers = pass.body?.stage.workgroup?.covers {
                return (
                    (pass.outputSize.width + covers.width - 1) / covers.width,
                    (pass.outputSize.height + covers.height - 1) / covers.height
                )
            }
            let stageBlock = pass.body?.stage.invocationBlock ?? FrameSize(width: 1, height: 1)
            block = (stageBlock.width, stageBlock.height)
            workgroup = imageWorkgroup
        }
        if let samples = pass.samples, samples.walksLines, samples.walksRows {
            // The grid is swapped (HB_GRID_SWAPPED): x counts blocks of rows.
            return ((pass.outputSize.height + block.y * workgroup.x - 1) / (block.y * workgroup.x), 1)
        }
        let perGroupX = block.x * workgroup.x
        let perGroupY = block.y * workgroup.y
        return (
            (pass.outputSize.width + perGroupX - 1) / perGroupX, (pass.outputSize.height + perGroupY - 1) / perGroupY
        )
    }

    /// One auxiliary input of a pass's pointwise stages.
    private enum AuxiliaryInput {
        /// A sampled image, by its sampler's name.
        case sampler(String)
        /// A node input the pass loads itself, by its loader's index.
        case loader(Int)
    }

    /// Declared before the stages' functions, defined after them.
    private static let auxiliaryPrototypes = """
        #line 1 "generated auxiliary inputs"
        ivec2 hb_aux_size(int image);
        vec4 hb_aux_texel(int image, ivec2 p);
        vec4 hb_aux_bilinear(int image, vec2 source);

        """

    /// The pass's auxiliary inputs by number: the size, a texel (in
    /// bounds) and a bilinear sample (in pixels, centres at +0.5, clamped
    /// to the edge) of each. Stages call them with constant numbers, which
    /// the compilers fold.
    private static func auxiliaryInputs(_ channels: [AuxiliaryInput]) -> String {
        var size = "ivec2 hb_aux_size(int image) {\n"
        var texel = "vec4 hb_aux_texel(int image, ivec2 p) {\n"
        var bilinear = "vec4 hb_aux_bilinear(int image, vec2 source) {\n"
        for (number, channel) in channels.enumerated() {
            let test = "    if (image == \(number)) return "
            switch channel {
            case .sampler(let name):
                size += test + "textureSize(\(name), 0);\n"
                texel += test + "texelFetch(\(name), p, 0);\n"
                bilinear += test + "hb_bilinear(\(name), source);\n"
            case .loader(let index):
                size += test + "hb_node\(index)_size();\n"
                texel += test + "hb_node\(index)(p);\n"
                bilinear += test + "hb_node\(index)_bilinear(source);\n"
            }
        }
        return size + "    return ivec2(1);\n}\n" + texel + "    return vec4(0.0);\n}\n" + bilinear
            + "    return vec4(0.0);\n}\n"
    }

    /// Loader `index`'s access to its frame (`NodeLoader`): its
    /// description at `hb_base(slot)` (size, each plane's offset and bytes
    /// per row, its own YUV to RGB matrix; `ParameterWriter`), and
    /// io/load_buffer.glsl again with the pass's input names changed to
    /// those, as `hb_node<index>_load`.
    static func loaderInput(_ loader: NodeLoader, index: Int, slot: Int) throws -> String {
        let prefix = "hb_node\(index)"
        var file = try embedded("io/load_buffer.glsl")
        let renames: [(pattern: String, replacement: String)] = [
            (#"\bhb_in_planes\[([^\]]+)\]"#, "\(prefix)_plane($1)"),
            (#"\bhb_in_size\b"#, "\(prefix)_size()"),
            (#"\bhb_yuv_to_rgb\b"#, "\(prefix)_yuv_to_rgb()"),
            (#"\bhb_load\b"#, "\(prefix)_load"),
            (#"\bhb_src_(byte|short)\b"#, "\(prefix)_$1"),
            (#"\bHB_IN_(LAYOUT|SHIFT|MAX)\b"#, "HB_NODE\(index)_$1"),
        ]
        for rename in renames {
            file = file.replacingOccurrences(of: rename.pattern, with: rename.replacement, options: .regularExpression)
        }
        if let left = file.range(of: #"\b(hb_in_|HB_IN_|HB_BLOCK)\w*"#, options: .regularExpression) {
            throw RenderError.shaderCompile(
                "io/load_buffer.glsl uses \(file[left]), which a node loader does not rename")
        }
        let base = "hb_base(\(slot))"
        return """
            #line 1 "generated node \(index)"
            #define HB_NODE\(index)_LAYOUT \(PlaneLayout.shaderCode(for: loader.layout))
            #define HB_NODE\(index)_MAX \((1 << loader.layout.bitDepth) - 1).0
            ivec2 \(prefix)_size() {
                uint b = \(base);
                return ivec2(floatBitsToInt(hb_p[b]), floatBitsToInt(hb_p[b + 1u]));
            }
            ivec2 \(prefix)_plane(int i) {
                uint b = \(base) + 2u + 2u * uint(i);
                return ivec2(floatBitsToInt(hb_p[b]), floatBitsToInt(hb_p[b + 1u]));
            }
            mat4 \(prefix)_yuv_to_rgb() {
                uint b = \(base) + 10u;
                return mat4(
                    hb_p[b], hb_p[b + 1u], hb_p[b + 2u], hb_p[b + 3u], hb_p[b + 4u], hb_p[b + 5u], hb_p[b + 6u],
                    hb_p[b + 7u], hb_p[b + 8u], hb_p[b + 9u], hb_p[b + 10u], hb_p[b + 11u], hb_p[b + 12u],
                    hb_p[b + 13u], hb_p[b + 14u], hb_p[b + 15u]);
            }
            #line 1 "io/load_buffer.glsl (node \(index))"

            """ + file
    }

    /// Loader `index`'s pixel at `p` (clamped to its frame) through its
    /// chain, clamped to 0...1 as the image of a rendered node input is,
    /// with `hb_pos` its own while the chain runs; and its bilinear sample,
    /// a single pixel at pixel centres (where a whole-frame blend samples).
    private func loaderFunctions(_ loader: NodeLoader, index: Int, slot: Int) -> String {
        let prefix = "hb_node\(index)"
        var chain = ""
        for (offset, planned) in loader.stages.enumerated() {
            let stageSlot = slot + 1 + offset
            chain += "    c = \(callName(planned, slot: stageSlot))(c, hb_base(\(stageSlot)));\n"
        }
        return """
            #line 1 "generated node \(index) chain"
            vec4 \(prefix)(ivec2 p) {
                ivec2 outer = hb_pos;
                hb_pos = clamp(p, ivec2(0), \(prefix)_size() - 1);
                vec4 c = \(prefix)_load(hb_pos);
            \(chain)    hb_pos = outer;
                return clamp(c, 0.0, 1.0);
            }
            vec4 \(prefix)_bilinear(vec2 source) {
                vec2 t = source - 0.5;
                ivec2 t0 = ivec2(floor(t));
                vec2 f = t - vec2(t0);
                vec4 a = \(prefix)(t0);
                if (f == vec2(0.0)) return a;
                vec4 b = \(prefix)(t0 + ivec2(1, 0));
                vec4 c = \(prefix)(t0 + ivec2(0, 1));
                vec4 d = \(prefix)(t0 + ivec2(1, 1));
                return mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
            }

            """
    }

    /// True when a stage's code reads the pass's header beyond its own
    /// values and `hb_pos`: sizes, time, plane offsets, colour matrices,
    /// or the pass's input. Such a stage runs on its node input's own
    /// pass, whose header is that input's, never inside another's
    /// (`NodeLoader`).
    static func readsPassHeader(_ stage: FilterStage) -> Bool {
        let texts: [String]
        switch stage.code {
        case .embedded(let path):
            texts = ((requires[path] ?? []) + [path]).map { ShaderLibrary.source($0) ?? "hb_io" }
        case .inline(_, let text): texts = [text]
        }
        let header =
            #"\b(hb_io|hb_in_\w+|hb_out_\w+|hb_frame\w*|hb_time\w*|hb_yuv_to_rgb|hb_rgb_to_yuv|hb_load|hb_sample)\b"#
        return texts.contains { $0.range(of: header, options: .regularExpression) != nil }
    }

    private func auxiliaryArguments(_ names: [String]) -> String {
        names.map { ", " + $0 }.joined()
    }

    /// Inline (custom) code is included once per use, under its own name.
    private func callName(_ planned: PlannedStage, slot: Int) -> String {
        if case .inline = planned.stage.code { return "hb_custom_\(slot)" }
        return planned.stage.function
    }

    /// A stage's function, between the accessors that name its filter's
    /// packed fields (`ParameterField`); a combined stage reads the map its
    /// filters make together, by position. An embedded file, and each file
    /// it requires, is emitted once per shader: `included` holds those
    /// already emitted, so two stages sharing a file do not define its
    /// functions twice.
    private func functionCode(for planned: PlannedStage, slot: Int) throws -> String {
        var included: Set<String> = []
        return try functionCode(for: planned, slot: slot, included: &included)
    }

    private func functionCode(for planned: PlannedStage, slot: Int, included: inout Set<String>) throws -> String {
        let code: String
        switch planned.stage.code {
        case .embedded(let path):
            guard included.insert(path).inserted else { return "" }
            let required = (Self.requires[path] ?? []).filter { included.insert($0).inserted }
            code = try required.map(Self.embeddedWithLine).joined() + Self.embeddedWithLine(path)
        case .inline(_, let text):
            code =
                text
                .replacingOccurrences(of: "HB_FN", with: "hb_custom_\(slot)")
                .replacingOccurrences(of: "HB_BASE", with: "hb_base(\(slot))") + "\n"
        }
        let descriptor = filters[planned.filterIndex].descriptor
        guard planned.combined.isEmpty, let layout = descriptor.layout, !layout.isEmpty else { return code }
        let names = layout.accessors(inBuffer: descriptor.dataInBuffer)
        return names.define + code + names.undefine
    }

    /// Files a stage's file needs before it, shared with other kernels.
    static let requires = [
        "kernels/xfade.glsl": ["common/xfade_transition.glsl"], "kernels/resize.glsl": ["common/resize_taps.glsl"],
        "kernels/resize_separable.glsl": ["common/resize_taps.glsl"],
        "pointwise/curves.glsl": ["common/table_lookup.glsl"],
        "pointwise/colorlevels.glsl": ["common/table_lookup.glsl"],
        "pointwise/lookup_1d.glsl": ["common/table_lookup.glsl"],
    ]

    static func embedded(_ path: String) throws -> String {
        guard let text = ShaderLibrary.source(path) else {
            throw RenderError.shaderCompile("the shader file \(path) is not embedded in this build")
        }
        return text + "\n"
    }

    /// An embedded file preceded by a `#line` directive naming it, so
    /// compile errors point into Shaders/.
    static func embeddedWithLine(_ path: String) throws -> String {
        "#line 1 \"\(path)\"\n" + (try embedded(path))
    }
}
