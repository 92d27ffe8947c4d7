/// Geometric filters: size and orientation.
enum GeometryFilters {
    static let resize = FilterDescriptor(
        name: "resize", kind: .geometric, summary: "Scales to a new size.",
        formula: "src = (dst + 0.5) * in / out - 0.5; bilinear, bicubic (Catmull-Rom, a = -0.5) or nearest;"
            + " clamp to edge. A size of -1 keeps the aspect ratio.",
        parameters: [
            .integer(
                "w", default: -1, range: -1...16384, summary: "output width (-1 keeps the aspect)", structural: true),
            .integer(
                "h", default: -1, range: -1...16384, summary: "output height (-1 keeps the aspect)", structural: true),
            .choice("method", ["bilinear", "bicubic", "nearest"], default: "bicubic", summary: "interpolation"),
        ],
        stages: [.kernel("hb_resize", file: "kernels/resize.glsl", samples: true)],
        pack: { values, _ in [Float(values.choiceIndex("method"))] },
        outputSize: { values, input in
            var width = values.integer("w")
            var height = values.integer("h")
            guard width != 0, height != 0, !(width == -1 && height == -1) else {
                throw RenderError.invalidFilterSetup(
                    filter: "resize", reason: "give w, h, or both (positive; -1 keeps the aspect)")
            }
            if width == -1 {
                width = max(1, Int((Double(height) * Double(input.width) / Double(input.height)).rounded()))
            }
            if height == -1 {
                height = max(1, Int((Double(width) * Double(input.height) / Double(input.width)).rounded()))
            }
            return FrameSize(width: width, height: height)
        })

    static let crop = FilterDescriptor(
        name: "crop", kind: .geometric, summary: "Cuts out a rectangle.",
        formula: "out(x, y) = in(x + left, y + top); w/h of -1 take the rest of the input, x/y of -1 centre it",
        parameters: [
            .integer("w", default: -1, range: -1...16384, summary: "width (-1: the rest)", structural: true),
            .integer("h", default: -1, range: -1...16384, summary: "height (-1: the rest)", structural: true),
            .integer("x", default: -1, range: -1...16384, summary: "left edge (-1: centred)", structural: true),
            .integer("y", default: -1, range: -1...16384, summary: "top edge (-1: centred)", structural: true),
        ],
        stages: [.kernel("hb_crop", file: "kernels/crop.glsl", readsSourceDirectly: true)],
        pack: { values, environment in
            let region = try cropRegion(values, input: environment.inputSize)
            return [Float(region.x), Float(region.y)]
        },
        outputSize: { values, input in
            let region = try cropRegion(values, input: input)
            return FrameSize(width: region.width, height: region.height)
        })

    static func cropRegion(_ values: FilterValues, input: FrameSize) throws -> (x: Int, y: Int, width: Int, height: Int)
    {
        let x0 = values.integer("x")
        let y0 = values.integer("y")
        let width = values.integer("w") == -1 ? input.width - max(0, x0) : values.integer("w")
        let height = values.integer("h") == -1 ? input.height - max(0, y0) : values.integer("h")
        let x = x0 == -1 ? (input.width - width) / 2 : x0
        let y = y0 == -1 ? (input.height - height) / 2 : y0
        guard width > 0, height > 0, x >= 0, y >= 0, x + width <= input.width, y + height <= input.height else {
            throw RenderError.invalidFilterSetup(
                filter: "crop",
                reason: "the region \(width)x\(height) at \(x),\(y) is not inside the \(input) input")
        }
        return (x, y, width, height)
    }

    static let flip = FilterDescriptor(
        name: "flip", kind: .geometric, summary: "Mirrors the image.",
        formula: "horizontal: out(x, y) = in(w - 1 - x, y); vertical: out(x, y) = in(x, h - 1 - y); both: both",
        parameters: [
            .choice("direction", ["horizontal", "vertical", "both"], default: "horizontal", summary: "which axis")
        ],
        stages: [.kernel("hb_flip", file: "kernels/flip.glsl", readsSourceDirectly: true)],
        pack: { values, _ in
            let direction = values.text("direction")
            return [direction == "vertical" ? 0 : 1, direction == "horizontal" ? 0 : 1]
        })

    static let all: [FilterDescriptor] = [resize, crop, flip]
}

extension Filter {
    /// Interpolation for `resize`.
    public enum ResizeMethod: String, Sendable { case bilinear, bicubic, nearest }

    /// `resize` to `width` x `height` (-1 for one of them keeps the aspect).
    public static func resize(width: Int, height: Int, method: ResizeMethod = .bicubic) -> Filter {
        Filter(
            clamping: GeometryFilters.resize,
            values: ["w": .number(Double(width)), "h": .number(Double(height)), "method": .choice(method.rawValue)])
    }

    /// `crop` to a rectangle.
    public static func crop(x: Int, y: Int, width: Int, height: Int) -> Filter {
        Filter(
            clamping: GeometryFilters.crop,
            values: [
                "x": .number(Double(x)), "y": .number(Double(y)), "w": .number(Double(width)),
                "h": .number(Double(height)),
            ])
    }

    /// Axis for `flip`.
    public enum FlipDirection: String, Sendable { case horizontal, vertical, both }

    /// `flip`.
    public static func flip(_ direction: FlipDirection = .horizontal) -> Filter {
        Filter(clamping: GeometryFilters.flip, values: ["direction": .choice(direction.rawValue)])
    }
}
