import Foundation

/// What a filter does to the frame, for the graph compiler.
public enum FilterKind: String, Sendable, Hashable, CaseIterable {
    /// A function of one pixel; runs of these fuse into one pass.
    case pointwise
    /// Reads a neighbourhood of input pixels (blur, edge, sharpen).
    case neighborhood
    /// Moves pixels or changes the size (resize, crop, flip, rotate).
    case geometric
    /// Combines the frame with other images (blend, overlay, mask).
    case multiInput = "multi-input"
    /// A named preset that expands to a chain of other filters, which the
    /// graph compiler schedules and fuses like any chain.
    case look
}

/// Where a stage's GLSL comes from.
public enum ShaderCode: Sendable, Hashable {
    /// A file embedded from the package's `Shaders/` folder, by relative path.
    case embedded(String)
    /// Text supplied at run time (custom shaders), named for error messages.
    case inline(name: String, text: String)
}

/// An image a stage samples besides its input: the filter's input, or
/// what an earlier stage of the same filter wrote.
public enum StageInput: Sendable, Hashable {
    /// The image as it entered the filter.
    case filterInput
    /// The output of the filter's stage at this index (among the stages
    /// that run for the values), which must be a whole kernel.
    case stage(Int)
}

/// A whole kernel's own workgroup: its size in invocations and the pixels
/// one workgroup covers (mpv's `//!COMPUTE BW BH TW TH`).
public struct Workgroup: Sendable, Hashable {
    /// The invocations of one workgroup.
    public var threads: FrameSize
    /// The output pixels one workgroup writes.
    public var covers: FrameSize

    /// A workgroup of `threads` invocations covering `covers` pixels.
    public init(threads: FrameSize, covers: FrameSize) {
        self.threads = threads
        self.covers = covers
    }
}

/// One GPU step of a filter: a pointwise function or a kernel.
public struct FilterStage: Sendable, Hashable {
    /// How a stage's GLSL function is shaped and called.
    public enum Kind: Sendable, Hashable {
        /// `vec4 FUNCTION(vec4 color, uint base)`: fusable.
        case pointwise
        /// `vec4 FUNCTION(ivec2 pos, uint base)`: reads its input with
        /// `hb_load` (and `hb_sample` when `samples` is true).
        case kernel(samples: Bool)
        /// A complete user kernel with its own `main`, bound as documented
        /// for custom shaders.
        case wholeKernel
    }

    /// What shape of function the stage is, and so how it is called and whether it fuses.
    public let kind: Kind
    /// The GLSL function the stage calls.
    public let function: String
    /// Where the stage's GLSL comes from: an embedded file or run-time text.
    public let code: ShaderCode
    /// Number of auxiliary images the function samples (`hb_aux0`, ...).
    public let auxiliaryImages: Int
    /// True for kernels that read one or two input pixels at remapped
    /// positions (crop, flip): they can read the frame's planes directly,
    /// saving a conversion pass when they come first.
    public let readsSourceDirectly: Bool
    /// True for a kernel that reads the source's planes as coded (a
    /// deinterlacer keeps each chroma row in its field): it must be the
    /// first stage of a chain, whose pass reads the frame's planes.
    public let readsCodedPlanes: Bool
    /// The other images the stage samples, in order, after its auxiliary
    /// images: the filter's input (unsharp mask's last pass subtracts from
    /// the original) or earlier stages' outputs (an mpv shader's saved
    /// textures). A function takes each as one more `sampler2D` argument; a
    /// whole kernel sees them as the `hb_aux` samplers after the auxiliary
    /// images.
    public let reads: [StageInput]
    /// For whole kernels: the pixels one invocation writes (a strip of 8 in
    /// a row, say), so the dispatch covers the output. 1x1 otherwise.
    public let invocationBlock: FrameSize
    /// For whole kernels that choose their workgroup (mpv's `//!COMPUTE`):
    /// its size in invocations, and the pixels one workgroup covers. Nil
    /// for the usual 16x16 invocations of `invocationBlock` pixels each.
    public let workgroup: Workgroup?

    /// True for a stage that also samples the image as it entered the filter.
    public var readsFilterInput: Bool { reads.contains(.filterInput) }
    /// The stage that runs in this one's place on a CPU-class device, if
    /// any (at most one element: an array, so the type can hold itself).
    private let cpuVariants: [FilterStage]

    /// A stage calling `function` from `code`.
    /// - Parameters:
    ///   - kind: The shape of the function: pointwise, kernel or whole kernel.
    ///   - function: The GLSL function the stage calls (`main` for a whole kernel).
    ///   - code: Where the GLSL comes from.
    ///   - auxiliaryImages: How many auxiliary images the function samples.
    ///   - readsSourceDirectly: Whether the kernel may read the frame's planes directly (crop, flip).
    ///   - readsFilterInput: Whether the stage also samples the image as it entered the filter.
    ///   - reads: Other images it samples after those (earlier stages' outputs).
    ///   - invocationBlock: For whole kernels, the pixels one invocation writes; 1x1 by default.
    ///   - workgroup: For whole kernels, a workgroup of `threads` invocations that covers `covers` pixels;
    ///     nil for the usual 16x16 invocations.
    ///   - onCPU: The stage to run instead on a CPU-class device (`DeviceCapabilities.DeviceClass.cpu`), with
    ///     the same data and output; nil runs this one everywhere.
    ///   - readsCodedPlanes: Whether the kernel reads the source's planes as coded, and so must come first.
    public init(
        _ kind: Kind, function: String, code: ShaderCode, auxiliaryImages: Int = 0, readsSourceDirectly: Bool = false,
        readsFilterInput: Bool = false, reads: [StageInput] = [],
        invocationBlock: FrameSize = FrameSize(width: 1, height: 1),
        workgroup: Workgroup? = nil, onCPU: FilterStage? = nil, readsCodedPlanes: Bool = false
    ) {
        cpuVariants = onCPU.map { [$0] } ?? []
        self.kind = kind
        self.function = function
        self.code = code
        self.auxiliaryImages = auxiliaryImages
        self.readsSourceDirectly = readsSourceDirectly || readsCodedPlanes
        self.readsCodedPlanes = readsCodedPlanes
        self.reads = (readsFilterInput ? [.filterInput] : []) + reads
        self.invocationBlock = invocationBlock
        self.workgroup = workgroup
    }

    /// A pointwise stage from an embedded file.
    public static func pointwise(_ function: String, file: String, auxiliaryImages: Int = 0) -> FilterStage {
        FilterStage(.pointwise, function: function, code: .embedded(file), auxiliaryImages: auxiliaryImages)
    }

    /// A kernel stage from an embedded file.
    public static func kernel(
        _ function: String, file: String, samples: Bool = false, auxiliaryImages: Int = 0,
        readsSourceDirectly: Bool = false, readsFilterInput: Bool = false
    ) -> FilterStage {
        FilterStage(
            .kernel(samples: samples), function: function, code: .embedded(file), auxiliaryImages: auxiliaryImages,
            readsSourceDirectly: readsSourceDirectly && !samples, readsFilterInput: readsFilterInput)
    }

    /// A built-in whole kernel (its own `main`, image in, image out) from an
    /// embedded file, each invocation writing `block` pixels.
    public static func wholeKernel(file: String, block: FrameSize) -> FilterStage {
        FilterStage(.wholeKernel, function: "main", code: .embedded(file), invocationBlock: block)
    }

    /// The stage that runs on a device of this class: the CPU variant
    /// where there is one and the class is `cpu`, else this one.
    public func variant(for deviceClass: DeviceCapabilities.DeviceClass) -> FilterStage {
        deviceClass == .cpu ? cpuVariants.first ?? self : self
    }

    /// This stage, run as `variant` on a CPU-class device.
    public func onCPU(_ variant: FilterStage) -> FilterStage {
        FilterStage(
            kind, function: function, code: code, auxiliaryImages: auxiliaryImages,
            readsSourceDirectly: readsSourceDirectly, reads: reads, invocationBlock: invocationBlock,
            workgroup: workgroup, onCPU: variant, readsCodedPlanes: readsCodedPlanes)
    }

    /// Sampled images the function takes after `base`: its auxiliary
    /// images, then the filter's input when it reads it.
    var samplerArguments: Int { auxiliaryImages + reads.count }

    var isPointwise: Bool { kind == .pointwise }
}

/// A stage with the size of the image it produces.
public struct SizedStage: Sendable, Hashable {
    /// The stage to run.
    public let stage: FilterStage
    /// The size, in pixels, of the image the stage produces.
    public let outputSize: FrameSize

    /// Pairs a stage with the size of the image it produces.
    public init(stage: FilterStage, outputSize: FrameSize) {
        self.stage = stage
        self.outputSize = outputSize
    }
}

/// A frame size.
public struct FrameSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size of `width` x `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// What a filter's closures may consult: the input size, the frame's
/// resources, and a loader for files named by parameters.
public struct FilterEnvironment: Sendable {
    /// The size of the frame entering the filter.
    public let inputSize: FrameSize
    /// Reads files named by parameters (LUTs, images).
    public let resources: any FilterResourceLoader
    /// The sizes of the images the filter takes from other nodes of a
    /// graph (instead of files); empty in a plain chain.
    public var nodeInputs: [FrameSize] = []
    /// What the colours entering the filter are: the frame's colorimetry
    /// (tagged, or what an untagged frame is taken to be) after any earlier
    /// filter that changed it; nil where no frame is known.
    public var colorimetry: Colorimetry? = nil
    /// For a deinterlacer: which field of which frame this output shows;
    /// nil when the filter was not given a field window.
    public var fieldWindow: FieldWindow? = nil

    /// The colorimetry the colours are taken in: the frame's, or for RGB
    /// frames and where none is known the renderer's conversion, BT.709
    /// limited.
    public var colorimetryOrBT709: Colorimetry { colorimetry ?? Colorimetry(matrix: .bt709, range: .limited) }

    /// The conversion between RGB and the 8-bit codes of
    /// `colorimetryOrBT709`: the codes FFmpeg's filters on YUV read (eq,
    /// hue, monochrome, chromakey, pixelize), for their RGB paths.
    public var codes8: ColorConversion { ColorConversion(colorimetry: colorimetryOrBT709, bitDepth: 8) }
}

/// Loads the files a filter's parameters name. Harbeth knows no codecs: the
/// media layer supplies a loader that decodes images.
public protocol FilterResourceLoader: Sendable {
    /// The bytes of a file.
    func data(at path: String) throws -> [UInt8]
    /// An image file decoded to an RGBA8 frame.
    func image(at path: String) throws -> VideoFrame
}

/// A loader that reads files but decodes no images (enough for `.cube`
/// LUTs and custom shaders; image parameters need the media layer's).
public struct FileResourceLoader: FilterResourceLoader {
    /// A loader that reads files from the local file system.
    public init() {}

    public func data(at path: String) throws -> [UInt8] {
        guard let handle = fopen(path, "rb") else { throw FilterResourceError.unreadable(path: path) }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, handle)
            if count > 0 { bytes += chunk[0..<count] }
            if count < chunk.count { break }
        }
        if ferror(handle) != 0 { throw FilterResourceError.unreadable(path: path) }
        return bytes
    }

    public func image(at path: String) throws -> VideoFrame {
        throw FilterResourceError.noImageDecoder(path: path)
    }
}

/// Why a filter's resource could not be loaded.
public enum FilterResourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file at `path` could not be opened or read.
    case unreadable(path: String)
    /// `path` names an image, but this loader has no image decoder (the media layer supplies one).
    case noImageDecoder(path: String)
    /// The file was read but is invalid, for `reason`; `line` is 1-based, nil when no one line is at fault.
    case malformed(path: String, line: Int?, reason: String)

    /// One line: control characters in paths and in quoted file text are
    /// escaped.
    public var description: String {
        message.escapingControlCharacters
    }

    private var message: String {
        switch self {
        case .unreadable(let path):
            return "cannot read \(path)"
        case .noImageDecoder(let path):
            return "cannot decode the image \(path): no image decoder is available here"
        case .malformed(let path, let line, let reason):
            return "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)"
        }
    }
}

/// A filter type: its name, kind, parameters, formula, GPU stages and the
/// closures that turn parameter values into shader data and output sizes.
/// Immutable and shared; equal when their identities are equal.
public final class FilterDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// snake_case name used in the text form.
    public let name: String
    /// What the filter does to the frame, which decides how the graph compiler schedules and fuses it.
    public let kind: FilterKind
    /// One line saying what it does.
    public let summary: String
    /// The formula, with the source it follows (Harbeth's where one exists).
    public let formula: String
    /// The parameters the filter takes, in positional order for the text form.
    public let parameters: [FilterParameter]
    /// The filter's GPU stages in the order they run, unless `plannedStages` chooses others for the values.
    public let stages: [FilterStage]
    /// Distinguishes descriptors of the same name (custom shaders).
    public let identity: String
    /// True when the stages read their data from the data buffer
    /// (`hb_data_at`), not `hb_p`.
    public let dataInBuffer: Bool
    /// The file a custom shader was read from. The text form names it
    /// first (`shader=PATH:amount=0.5`), so the chain parses back; nil for
    /// built-in filters.
    public let sourcePath: String?
    /// The named fields the packed floats fill, in order, which the GLSL
    /// reads by name (see `ParameterField`); nil for a filter whose shaders
    /// read `hb_p[base + i]` by position.
    public let layout: [ParameterField]?
    let pack: @Sendable (FilterValues, FilterEnvironment) throws -> [Float]
    let outputSize: @Sendable (FilterValues, FrameSize) throws -> FrameSize
    /// True when the filter makes a frame of its input's size whatever its
    /// values (it declares no size of its own).
    let keepsSize: Bool
    /// Refuses values that fit their parameters but not each other.
    let checkValues: (@Sendable (FilterValues) throws(FilterChainError) -> Void)?
    let auxiliary: @Sendable (FilterValues, FilterEnvironment) throws -> [VideoFrame]
    let plannedStages: (@Sendable (FilterValues, FrameSize) throws -> [SizedStage])?
    /// For filters that combine the frame with other nodes of a graph: how
    /// many such inputs they take (their images replace `auxiliary`'s), and
    /// whether a file may stand in for them.
    public let nodeInputs: NodeInputs
    let combinedSize: (@Sendable (FilterValues, FrameSize, [FrameSize]) throws -> FrameSize)?
    let expansion: (@Sendable (FilterValues) -> [Filter])?
    /// For filters that change what the colours are (tonemap: BT.2020 PQ
    /// to BT.709): the colorimetry of the frame after them, which the
    /// conversion back to YUV and the output's tags use.
    let colorimetryAfter: (@Sendable (FilterValues, Colorimetry) -> Colorimetry)?

    /// How a multi-input filter gets its other images.
    public enum NodeInputs: Sendable, Hashable {
        /// From files only (LUT images, a mask): not a graph input.
        case none
        /// From `count` other nodes, or from the files its text values
        /// name when it is used in a plain chain (`blend`, `overlay`).
        case optional(count: Int)
        /// From `count` other nodes only (`xfade`, `hstack`): in a plain
        /// chain it is an error.
        case required(count: Int)

        /// The number of node inputs the filter takes in a graph.
        public var count: Int {
            switch self {
            case .none: return 0
            case .optional(let count), .required(let count): return count
            }
        }
    }

    /// Describes a filter type (see docs/ADDING_FILTERS.md for a walk-through).
    ///
    /// - Parameters:
    ///   - name: the snake_case name of the text form.
    ///   - kind: what the filter does to the frame (pointwise, neighbourhood,
    ///     geometry), which decides how it is scheduled and fused.
    ///   - summary: one line saying what it does.
    ///   - formula: the formula, with the source it follows.
    ///   - parameters: the parameters, in positional order.
    ///   - stages: the GPU stages, in the order they run.
    ///   - identity: tells descriptors of one name apart (custom shaders);
    ///     by default the name.
    ///   - sourcePath: the file a custom shader was read from; nil for a
    ///     built-in filter.
    ///   - dataInBuffer: the packed floats are large (a LUT, curve tables) and
    ///     the GLSL reads them with `hb_data_at(base + i)` from a buffer of
    ///     any size instead of the 16 KiB uniform block `hb_p`.
    ///   - layout: the names of the packed floats, in the order `pack`
    ///     writes them, for the GLSL to read them by (`hbp_NAME`); by default,
    ///     with the default `pack`, each parameter's name
    ///     (`ParameterField.inOrder`). Each frame's floats must fill it.
    ///   - pack: the floats the stages read at `hb_p[base...]`; by default each
    ///     parameter in order (numbers, list elements, choice indices).
    ///   - outputSize: the size after the filter; by default unchanged.
    ///   - auxiliary: RGBA images the stages sample as `hb_aux0`, ... They
    ///     may depend only on the filter's text values (the files they
    ///     name): the renderer loads them once per plan for each set of
    ///     those, and other values change per frame without reloading.
    ///   - plannedStages: the stages and their output sizes for given values
    ///     and input size, for filters whose passes depend on their values
    ///     (a large blur runs on a smaller image); by default `stages`, each
    ///     keeping the size except the last, which makes `outputSize`.
    ///   - nodeInputs: how many other nodes of a graph the filter combines
    ///     with the frame, and whether files may stand in for them.
    ///   - combinedSize: the size after a multi-input filter from the
    ///     frame's size and its node inputs' sizes (empty in a plain chain);
    ///     it throws when they do not fit together.
    ///   - colorimetryAfter: for a filter that changes what the colours are
    ///     (tonemap, colorspace), the colorimetry after it for its values
    ///     and the colorimetry before it.
    ///   - checkValues: refuses values that each fit their parameter but
    ///     not each other (unsharp's even or too large matrices), when a
    ///     filter is made from checked values.
    public convenience init(
        name: String, kind: FilterKind, summary: String, formula: String, parameters: [FilterParameter],
        stages: [FilterStage], identity: String? = nil, sourcePath: String? = nil, dataInBuffer: Bool = false,
        layout: [ParameterField]? = nil,
        pack: (@Sendable (FilterValues, FilterEnvironment) throws -> [Float])? = nil,
        outputSize: (@Sendable (FilterValues, FrameSize) throws -> FrameSize)? = nil,
        auxiliary: (@Sendable (FilterValues, FilterEnvironment) throws -> [VideoFrame])? = nil,
        plannedStages: (@Sendable (FilterValues, FrameSize) throws -> [SizedStage])? = nil,
        nodeInputs: NodeInputs = .none,
        combinedSize: (@Sendable (FilterValues, FrameSize, [FrameSize]) throws -> FrameSize)? = nil,
        colorimetryAfter: (@Sendable (FilterValues, Colorimetry) -> Colorimetry)? = nil,
        checkValues: (@Sendable (FilterValues) throws(FilterChainError) -> Void)? = nil
    ) {
        self.init(
            name: name, kind: kind, summary: summary, formula: formula, parameters: parameters, stages: stages,
            identity: identity, sourcePath: sourcePath, dataInBuffer: dataInBuffer, layout: layout, pack: pack,
            outputSize: outputSize, auxiliary: auxiliary, plannedStages: plannedStages, nodeInputs: nodeInputs,
            combinedSize: combinedSize, expansion: nil, colorimetryAfter: colorimetryAfter, checkValues: checkValues)
    }

    /// Describes a look: a preset with no stages of its own that expands,
    /// for each frame's values, to a chain of other filters.
    ///
    /// - Parameters:
    ///   - name: the snake_case name of the text form.
    ///   - summary: one line saying what it does.
    ///   - formula: the chain it expands to, in terms of its parameters.
    ///   - parameters: the parameters, in positional order.
    ///   - expansion: the filters for constant values of the parameters;
    ///     it must not return another look.
    public convenience init(
        look name: String, summary: String, formula: String, parameters: [FilterParameter],
        expansion: @escaping @Sendable (FilterValues) -> [Filter]
    ) {
        self.init(
            name: name, kind: .look, summary: summary, formula: formula, parameters: parameters, stages: [],
            identity: nil, sourcePath: nil, dataInBuffer: false, layout: [], pack: nil, outputSize: nil,
            auxiliary: nil,
            plannedStages: nil, nodeInputs: .none, combinedSize: nil, expansion: expansion, colorimetryAfter: nil)
    }

    private init(
        name: String, kind: FilterKind, summary: String, formula: String, parameters: [FilterParameter],
        stages: [FilterStage], identity: String?, sourcePath: String?, dataInBuffer: Bool,
        layout: [ParameterField]?,
        pack: (@Sendable (FilterValues, FilterEnvironment) throws -> [Float])?,
        outputSize: (@Sendable (FilterValues, FrameSize) throws -> FrameSize)?,
        auxiliary: (@Sendable (FilterValues, FilterEnvironment) throws -> [VideoFrame])?,
        plannedStages: (@Sendable (FilterValues, FrameSize) throws -> [SizedStage])?,
        nodeInputs: NodeInputs,
        combinedSize: (@Sendable (FilterValues, FrameSize, [FrameSize]) throws -> FrameSize)?,
        expansion: (@Sendable (FilterValues) -> [Filter])?,
        colorimetryAfter: (@Sendable (FilterValues, Colorimetry) -> Colorimetry)?,
        checkValues: (@Sendable (FilterValues) throws(FilterChainError) -> Void)? = nil
    ) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.formula = formula
        self.parameters = parameters
        self.stages = stages
        self.identity = identity ?? name
        self.dataInBuffer = dataInBuffer
        self.sourcePath = sourcePath
        self.pack = pack ?? { values, _ in values.packedInOrder() }
        self.layout = layout ?? (pack == nil ? ParameterField.inOrder(parameters) : nil)
        self.outputSize = outputSize ?? { _, size in size }
        self.keepsSize = outputSize == nil && combinedSize == nil
        self.auxiliary = auxiliary ?? { _, _ in [] }
        self.plannedStages = plannedStages
        self.nodeInputs = nodeInputs
        self.combinedSize = combinedSize
        self.expansion = expansion
        self.colorimetryAfter = colorimetryAfter
        self.checkValues = checkValues
    }

    /// The stages that run for these values on an input of this size, each
    /// with the size it produces.
    public func stages(for values: FilterValues, input: FrameSize) throws -> [SizedStage] {
        try stages(for: values, input: input, nodeInputs: [])
    }

    /// The stages for these values, an input of this size and node inputs
    /// of these sizes (`combinedSize` decides the output of a filter that
    /// has one).
    func stages(for values: FilterValues, input: FrameSize, nodeInputs: [FrameSize]) throws -> [SizedStage] {
        if let plannedStages { return try plannedStages(values, input) }
        let output = try combinedSize.map { try $0(values, input, nodeInputs) } ?? outputSize(values, input)
        return stages.enumerated().map { index, stage in
            SizedStage(stage: stage, outputSize: index == stages.count - 1 ? output : input)
        }
    }

    public static func == (lhs: FilterDescriptor, rhs: FilterDescriptor) -> Bool { lhs.identity == rhs.identity }
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    public var description: String { name }

    /// The parameter of this name.
    public func parameter(named name: String) -> FilterParameter? {
        parameters.first { $0.name == name }
    }

    /// True when every stage is pointwise.
    var isPointwise: Bool { stages.allSatisfy(\.isPointwise) }

    /// True for a look: a preset that expands to other filters.
    public var isLook: Bool { expansion != nil }
}

/// A filter's complete parameter values (defaults filled in), with typed
/// accessors for the descriptor's closures.
public struct FilterValues: Sendable, Hashable {
    /// The descriptor's parameters, in order.
    public let parameters: [FilterParameter]
    /// Each parameter's value by name, defaults filled in.
    public let values: [String: FilterValue]
    /// The parameters whose values came from an animation this frame (a
    /// filter that would plan differently for every value of one, as a
    /// blur's radius would, plans for a range of them instead).
    public let animated: Set<String>
    /// Those of `animated` whose values change over time (keyframes, or an
    /// expression of `t` or `n`), not with the size alone.
    public let moving: Set<String>

    init(
        parameters: [FilterParameter], values: [String: FilterValue], animated: Set<String> = [],
        moving: Set<String> = []
    ) {
        self.parameters = parameters
        self.values = values
        self.animated = animated
        self.moving = moving
    }

    /// The number parameter `name` (also an integer or boolean's stored value); 0 when it is not a number.
    public func number(_ name: String) -> Double { values[name]?.number ?? 0 }
    /// The parameter `name` as a whole number, truncated toward zero; 0 when it is not a number.
    public func integer(_ name: String) -> Int { Int(number(name)) }
    /// The boolean parameter `name`: true when its stored number is 0.5 or more.
    public func bool(_ name: String) -> Bool { number(name) >= 0.5 }
    /// The list parameter `name`; empty when it is not a list.
    public func list(_ name: String) -> [Double] { values[name]?.list ?? [] }
    /// The text or choice parameter `name`; empty when it is neither.
    public func text(_ name: String) -> String { values[name]?.text ?? "" }

    /// The index of a choice parameter's value among its names.
    public func choiceIndex(_ name: String) -> Int {
        guard let parameter = parameters.first(where: { $0.name == name }),
            case .choice(let names) = parameter.type, let value = values[name]?.text
        else { return 0 }
        return names.firstIndex(of: value) ?? 0
    }

    /// Each parameter in order as floats: numbers, list elements, choice
    /// indices; text parameters contribute nothing.
    public func packedInOrder() -> [Float] {
        var packed: [Float] = []
        for parameter in parameters {
            switch parameter.type {
            case .number, .integer, .boolean: packed.append(Float(number(parameter.name)))
            case .choice: packed.append(Float(choiceIndex(parameter.name)))
            case .list: packed += list(parameter.name).map(Float.init)
            case .text, .expression: break
            }
        }
        return packed
    }
}
