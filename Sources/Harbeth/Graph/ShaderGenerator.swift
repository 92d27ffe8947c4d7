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
        var auxiliaryIndex = 0
        var auxiliaryNames: [[String]] = []
        for planned in pass.stages {
            var names: [String] = []
            for _ in 0..<planned.stage.samplerArguments {
                text += "layout(set = 0, binding = \(4 + auxiliaryIndex)) uniform sampler2D hb_aux\(auxiliaryIndex);\n"
                names.append("hb_aux\(auxiliaryIndex)")
                bindings.append(.sampledImage)
                auxiliaryIndex += 1
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
            var included: Set<String> = []
            for (slot, planned) in pass.stages.enumerated() {
                if case .embedded(let path) = planned.stage.code {
                    guard included.insert(path).inserted else { continue }
                }
                text += try functionCode(for: planned, slot: slot)
            }
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
        case .sharpen:
            // No intermediate planes.
            defines["HB_SCALE"] = "1.0"
            defines["HB_OFFSET"] = "0.0"
            text += try Self.embeddedWithLine("io/planes_sharpen.glsl")
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
        samples.walk != nil ? (32, 1) : blockWorkgroup
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
        case .sharpen: return PlaneSharpen.block(layout: layout)
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
        if case .blur(let blur) = pass.samples, blur.shape.walk != nil, blur.direction == .rows {
            // The grid is swapped (HB_GRID_SWAPPED): x counts blocks of rows.
            return ((pass.outputSize.height + block.y * workgroup.x - 1) / (block.y * workgroup.x), 1)
        }
        let perGroupX = block.x * workgroup.x
        let perGroupY = block.y * workgroup.y
        return (
            (pass.outputSize.width + perGroupX - 1) / perGroupX, (pass.outputSize.height + perGroupY - 1) / perGroupY
        )
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
    /// filters make together, by position.
    private func functionCode(for planned: PlannedStage, slot: Int) throws -> String {
        let code: String
        switch planned.stage.code {
        case .embedded(let path):
            code = try (Self.requires[path] ?? []).map(Self.embeddedWithLine).joined() + Self.embeddedWithLine(path)
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
