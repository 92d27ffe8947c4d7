/// Stacks, grids, opaque overlays and xfade transitions of videos in one
/// layout are one pass on their planes (io/planes_compose.glsl), as
/// FFmpeg's hstack, vstack, xstack, overlay and xfade work on the planes:
/// every output sample is a sample of one source's plane (or the canvas
/// colour's code value, or xfade's mix of two sources' samples), never
/// converted to RGB and back. The other nodes are not rendered into
/// 16-bit RGBA first: their frames are uploaded next to the node's own.
///
/// It applies to a node whose chain is only such filters taking nodes that
/// are plain sources or such compositions themselves (a grid is stacks of
/// stacks), all frames of the node's layout and colours, written in that
/// layout, with every placement on the chroma grid and every placed
/// rectangle at least 8 pixels wide. An overlay must be opaque (opacity
/// 1, a layout without alpha); an xfade mixes two sources. A source may
/// run single-input filters first (a resized, graded inset; the
/// background's own filters before the first composing one): its chain
/// runs as passes of the same plan, from its frame's planes to planes of
/// its own in the input buffer, where the composition reads them
/// (`Chain`), when the chain ends in the same layout and colours. Anything
/// else takes the RGB path, as does `--no-fusion`.
struct PlaneComposition {
    /// A rectangle of the canvas that one source or the canvas colour
    /// covers, in luma pixels; later layers cover earlier ones.
    struct Layer {
        var x0: Int
        var y0: Int
        var x1: Int
        var y1: Int
        /// Where the source's top-left corner lies on the canvas.
        var originX = 0
        var originY = 0
        /// The source's index; nil for the canvas colour.
        var source: Int?
        /// The canvas colour, r, g, b[, a] from 0 to 1.
        var color: [Double] = []

        var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    }

    /// A source's chain of single-input filters, run on its planes before
    /// the composition: part of the plan key.
    struct Chain: Hashable, Sendable {
        /// The source whose frame it reads.
        let source: Int
        /// Its passes, ending in the composition's layout.
        let graph: GraphPlan
        /// Its filters' identities and structural values.
        let keys: [PlanKey.FilterKey]

        /// The size of the planes it makes.
        var size: FrameSize { FrameSize(width: graph.output.width, height: graph.output.height) }
    }

    /// What decides the pass and its buffers: part of the plan key. Layer
    /// positions, colours and the transition's values are per frame.
    struct Shape: Hashable, Sendable {
        let layout: PixelLayout
        let colorimetry: Colorimetry?
        let canvas: FrameSize
        let sources: [FrameSize]
        let layers: Int
        let transitions: Bool
        /// The filters composed, for reports.
        let names: [String]
        /// The sources that run chains first, by source.
        let chains: [Chain]

        /// Where each source's planes lie in the plan's input layouts: a
        /// chain's planes after every frame's.
        func planesIndex(of source: Int) -> Int {
            chains.firstIndex { $0.source == source }.map { sources.count + $0 } ?? source
        }
    }

    /// The frames, the node's own first.
    private(set) var sources: [VideoFrame]
    private(set) var canvas: FrameSize
    private(set) var layers: [Layer]
    /// The xfade between sources 0 and 1, with this frame's values.
    private(set) var transition: Filter?
    private(set) var names: [String] = []
    /// The sources that run chains first, and each chain's filters (at its
    /// node's time), in the same order.
    private(set) var chains: [Chain] = []
    private(set) var runs: [(filters: [Filter], time: FrameTime)] = []

    var shape: Shape {
        Shape(
            layout: sources[0].layout, colorimetry: sources[0].colorimetry, canvas: canvas,
            sources: sources.map { FrameSize(width: $0.width, height: $0.height) }, layers: layers.count,
            transitions: transition != nil, names: names, chains: chains)
    }

    /// Every chain's filters, one chain after another (the plan's filters).
    var chainFilters: [Filter] { runs.flatMap(\.filters) }

    /// The time of the node each source comes from, for its chain's values.
    func time(of source: Int, otherwise time: FrameTime) -> FrameTime {
        chains.firstIndex { $0.source == source }.map { runs[$0].time } ?? time
    }

    /// The composition that renders `node` into `outputLayout`, or nil
    /// when it takes the RGB path.
    static func make(
        _ node: ImageNode, outputLayout: PixelLayout, fusion: Bool, deviceClass: DeviceCapabilities.DeviceClass
    ) -> PlaneComposition? {
        let layout = node.source.layout
        guard fusion, !node.inputs.isEmpty, outputLayout == layout, PlaneRemap.layouts.contains(layout),
            let made = build(node, layout: layout, colorimetry: node.source.colorimetry, deviceClass: deviceClass)
        else { return nil }
        // The data fits the parameter block (io/planes_compose.glsl).
        guard 8 + 12 * made.sources.count + 16 * made.layers.count < RenderPlan.uniformParameterFloats else {
            return nil
        }
        let shift = layout.chromaShift
        func onGrid(_ value: Int, _ shift: Int) -> Bool { value & ((1 << shift) - 1) == 0 }
        for layer in made.layers where !layer.isEmpty {
            guard layer.x1 - layer.x0 >= 8, onGrid(layer.x0, shift.x), onGrid(layer.y0, shift.y),
                onGrid(layer.originX, shift.x), onGrid(layer.originY, shift.y),
                layer.x1 == made.canvas.width || onGrid(layer.x1, shift.x),
                layer.y1 == made.canvas.height || onGrid(layer.y1, shift.y)
            else { return nil }
        }
        return made
    }

    /// A plain source, or the composition its chain makes.
    private static func build(
        _ node: ImageNode, layout: PixelLayout, colorimetry: Colorimetry?, deviceClass: DeviceCapabilities.DeviceClass
    ) -> PlaneComposition? {
        let frame = node.source
        guard node.base == nil, frame.layout == layout, frame.colorimetry == colorimetry else { return nil }
        var result = PlaneComposition(
            sources: [frame], canvas: FrameSize(width: frame.width, height: frame.height),
            layers: [Layer(x0: 0, y0: 0, x1: frame.width, y1: frame.height, source: 0)])
        guard !node.chain.filters.isEmpty else { return result }
        var others: [Int: PlaneComposition] = [:]
        for (index, nodes) in node.inputs {
            guard nodes.count == 1,
                let other = build(nodes[0], layout: layout, colorimetry: colorimetry, deviceClass: deviceClass)
            else {
                return nil
            }
            others[index] = other
        }
        guard
            let (filters, origins) = try? node.resolvedFiltersWithOrigins(
                inputSizes: others.mapValues { [$0.canvas] }, input: frame.format),
            origins == node.chain.filters.indices.map({ $0 })
        else { return nil }
        // Single-input filters before the first composing one run on the
        // frame's planes first.
        let first = filters.indices.first { others[$0] != nil } ?? filters.count
        if first > 0 {
            guard result.runFirst(Array(filters[..<first]), time: node.time, deviceClass: deviceClass) else {
                return nil
            }
        }
        for (index, filter) in filters.enumerated().dropFirst(first) {
            guard let other = others[index], other.transition == nil, result.transition == nil else { return nil }
            switch filter.descriptor {
            case CompositionFilters.hstack, CompositionFilters.vstack:
                result.stack(other, vertical: filter.descriptor == CompositionFilters.vstack, values: filter.values)
            case BlendFilters.overlay:
                guard filter.values.text("file").isEmpty, filter.values.number("opacity") == 1, !layout.hasAlpha else {
                    return nil
                }
                result.place(other, x: filter.values.integer("x"), y: filter.values.integer("y"))
            case CompositionFilters.xfade:
                guard filters.count - first == 1, other.sources.count == 1, other.canvas == result.canvas else {
                    return nil
                }
                _ = result.absorb(other)
                result.layers = []
                result.transition = filter
            default:
                return nil
            }
            if !result.names.contains(filter.name) { result.names.append(filter.name) }
        }
        return result
    }

    /// `other` beside or below, `padding` apart, on a canvas as tall or
    /// wide as the larger, the rest the colour.
    private mutating func stack(_ other: PlaneComposition, vertical: Bool, values: FilterValues) {
        let gap = values.integer("padding")
        let before = canvas
        canvas =
            vertical
            ? FrameSize(width: max(before.width, other.canvas.width), height: before.height + gap + other.canvas.height)
            : FrameSize(width: before.width + gap + other.canvas.width, height: max(before.height, other.canvas.height))
        let covered =
            gap == 0 && (vertical ? before.width == other.canvas.width : before.height == other.canvas.height)
        if !covered {
            layers.insert(
                Layer(x0: 0, y0: 0, x1: canvas.width, y1: canvas.height, color: values.list("color")), at: 0)
        }
        place(other, x: vertical ? 0 : before.width + gap, y: vertical ? before.height + gap : 0)
    }

    /// `other`'s layers with its corner at (x, y), cut to its canvas and
    /// this one's. A layer cut away stays, empty, so the count of layers
    /// depends on the structure alone.
    private mutating func place(_ other: PlaneComposition, x: Int, y: Int) {
        let first = absorb(other)
        for var layer in other.layers {
            layer.x0 = max(layer.x0 + x, x, 0)
            layer.y0 = max(layer.y0 + y, y, 0)
            layer.x1 = min(layer.x1 + x, x + other.canvas.width, canvas.width)
            layer.y1 = min(layer.y1 + y, y + other.canvas.height, canvas.height)
            if layer.isEmpty { (layer.x0, layer.y0, layer.x1, layer.y1) = (0, 0, 0, 0) }
            layer.originX += x
            layer.originY += y
            layer.source = layer.source.map { $0 + first }
            layers.append(layer)
        }
    }

    /// `other`'s sources and their chains after this one's; returns the
    /// index its first source takes.
    private mutating func absorb(_ other: PlaneComposition) -> Int {
        let first = sources.count
        sources += other.sources
        chains += other.chains.map { Chain(source: $0.source + first, graph: $0.graph, keys: $0.keys) }
        runs += other.runs
        return first
    }

    /// The frame's chain of single-input filters, run on its planes before
    /// the composition: the canvas becomes the chain's output. False when
    /// the chain leaves the layout or changes the colours.
    private mutating func runFirst(
        _ filters: [Filter], time: FrameTime, deviceClass: DeviceCapabilities.DeviceClass
    ) -> Bool {
        let frame = sources[0]
        guard
            let graph = try? GraphCompiler.plan(
                input: frame.format, filters: filters, outputLayout: frame.layout, fusion: true,
                deviceClass: deviceClass),
            graph.convertedColorimetry == nil, graph.output.layout == frame.layout,
            let keys = try? PlanKey.filterKeys(filters, input: FrameSize(width: frame.width, height: frame.height))
        else { return false }
        let chain = Chain(source: 0, graph: graph, keys: keys)
        chains = [chain]
        runs = [(filters, time)]
        canvas = chain.size
        layers = [Layer(x0: 0, y0: 0, x1: canvas.width, y1: canvas.height, source: 0)]
        return true
    }

    /// The pass's data (see io/planes_compose.glsl): the header, each
    /// source's size and plane offsets in the input buffer (a chain's
    /// planes for a source that runs one), each layer.
    func packed(inputs: [PlaneLayout], conversion: ColorConversion) -> [Float] {
        func int(_ value: Int) -> Float { Float(bitPattern: UInt32(bitPattern: Int32(truncatingIfNeeded: value))) }
        let layout = sources[0].layout
        var data: [Float] = [int(layers.count), int(sources.count)]
        if let transition {
            let offset = transition.values.number("offset")
            data += [
                int(transition.values.choiceIndex("transition")), Float(transition.values.number("duration")),
                Float(offset), Float(offset - Double(Float(offset))),
            ]
        } else {
            data += [int(-1), 0, 0, 0]
        }
        data += [0, 0]
        let shape = shape
        for (index, frame) in sources.enumerated() {
            let planes = inputs[shape.planesIndex(of: index)]
            let size =
                chains.first { $0.source == index }?.size ?? FrameSize(width: frame.width, height: frame.height)
            var entry = [int(size.width), int(size.height)]
            for index in 0..<4 {
                let plane = index < planes.planes.count ? planes.planes[index] : nil
                entry += [int(plane?.offset ?? 0), int(plane?.bytesPerRow ?? 0)]
            }
            data += entry + [0, 0]
        }
        for layer in layers {
            data += [layer.x0, layer.y0, layer.x1, layer.y1, layer.originX, layer.originY, layer.source ?? -1, 0].map(
                int)
            let codes =
                layer.source == nil
                ? PlaneRemap.fillCodes(color: layer.color, layout: layout, conversion: conversion)
                : Array(repeating: 0, count: layout.planeCount)
            for index in 0..<4 {
                let code = index < codes.count ? codes[index] : 0
                data += [Float(code & 0xFFFF), Float(code >> 16)]
            }
        }
        return data
    }
}
