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
/// 1, a layout without alpha); an xfade mixes two plain sources. Anything
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
    }

    /// The frames, the node's own first.
    private(set) var sources: [VideoFrame]
    private(set) var canvas: FrameSize
    private(set) var layers: [Layer]
    /// The xfade between sources 0 and 1, with this frame's values.
    private(set) var transition: Filter?
    private(set) var names: [String] = []

    var shape: Shape {
        Shape(
            layout: sources[0].layout, colorimetry: sources[0].colorimetry, canvas: canvas,
            sources: sources.map { FrameSize(width: $0.width, height: $0.height) }, layers: layers.count,
            transitions: transition != nil, names: names)
    }

    /// The composition that renders `node` into `outputLayout`, or nil
    /// when it takes the RGB path.
    static func make(_ node: ImageNode, outputLayout: PixelLayout, fusion: Bool) -> PlaneComposition? {
        let layout = node.source.layout
        guard fusion, !node.inputs.isEmpty, outputLayout == layout, PlaneRemap.layouts.contains(layout),
            let made = build(node, layout: layout, colorimetry: node.source.colorimetry)
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
    private static func build(_ node: ImageNode, layout: PixelLayout, colorimetry: Colorimetry?)
        -> PlaneComposition?
    {
        let frame = node.source
        guard node.base == nil, frame.layout == layout, frame.colorimetry == colorimetry else { return nil }
        var result = PlaneComposition(
            sources: [frame], canvas: FrameSize(width: frame.width, height: frame.height),
            layers: [Layer(x0: 0, y0: 0, x1: frame.width, y1: frame.height, source: 0)])
        guard !node.chain.filters.isEmpty else { return result }
        var others: [Int: PlaneComposition] = [:]
        for (index, nodes) in node.inputs {
            guard nodes.count == 1, let other = build(nodes[0], layout: layout, colorimetry: colorimetry) else {
                return nil
            }
            others[index] = other
        }
        guard
            let (filters, origins) = try? node.resolvedFiltersWithOrigins(
                inputSizes: others.mapValues { [$0.canvas] }, input: frame.format),
            origins == Array(node.chain.filters.indices)
        else { return nil }
        for (index, filter) in filters.enumerated() {
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
                guard filters.count == 1, other.sources.count == 1, other.canvas == result.canvas else { return nil }
                result.sources += other.sources
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
        let first = sources.count
        sources += other.sources
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

    /// The pass's data (see io/planes_compose.glsl): the header, each
    /// source's size and plane offsets in the input buffer, each layer.
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
        for (frame, planes) in zip(sources, inputs) {
            var entry = [int(frame.width), int(frame.height)]
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
