/// Frames made from parameters alone: a solid colour and gradients, of the
/// input's size or their own, as sources for a graph (`[0]solid=...[bg]`).
enum GeneratorFilters {
    private static let size: [FilterParameter] = [
        .integer("w", default: -1, range: -1...16384, summary: "width (-1: the input's)", structural: true),
        .integer("h", default: -1, range: -1...16384, summary: "height (-1: the input's)", structural: true),
    ]

    private static func generatedSize(_ values: FilterValues, _ input: FrameSize) throws -> FrameSize {
        let width = values.integer("w")
        let height = values.integer("h")
        guard width != 0, height != 0 else {
            throw RenderError.invalidFilterSetup(filter: "generator", reason: "a size of 0 makes an empty frame")
        }
        return FrameSize(width: width < 0 ? input.width : width, height: height < 0 ? input.height : height)
    }

    static let solid = FilterDescriptor(
        name: "solid", kind: .geometric, summary: "A frame of one colour (Harbeth C7SolidColor).",
        formula: "every pixel = color; the input is not read",
        parameters: [
            .list("color", count: 3...4, default: [0, 0, 0, 1], range: 0...1, summary: "r/g/b[/a] or #rrggbb[aa]")
        ] + size,
        stages: [.kernel("hb_solid", file: "kernels/solid.glsl")],
        layout: [.init("color", count: 4)],
        pack: { values, _ in
            let color = values.list("color")
            return (color + (color.count == 3 ? [1] : [])).map(Float.init)
        },
        outputSize: generatedSize)

    static let gradient = FilterDescriptor(
        name: "gradient", kind: .geometric, summary: "A linear or radial gradient between two colours.",
        formula: "uv = (pos + 0.5) / size; linear: t = clamp(dot(uv - 0.5, (cos a, sin a)) / (|cos a| + |sin a|)"
            + " + 0.5, 0, 1), a clockwise from the x axis; radial: t = clamp(|uv - center| / radius, 0, 1) in"
            + " widths; mix(from, to, t); the input is not read (Harbeth C7ColorGradient's radial and UV ramps,"
            + " generalised)",
        parameters: [
            .list("from", count: 3...4, default: [0, 0, 0, 1], range: 0...1, summary: "colour at t = 0"),
            .list("to", count: 3...4, default: [1, 1, 1, 1], range: 0...1, summary: "colour at t = 1"),
            .choice("mode", ["linear", "radial"], default: "linear", summary: "a ramp or circles"),
            .number("angle", default: 0, range: -360...360, summary: "linear: direction in degrees, clockwise"),
            .list("center", count: 2...2, default: [0.5, 0.5], range: 0...1, summary: "radial: the centre"),
            .number("radius", default: 0.5, range: 0.001...4, summary: "radial: where it reaches `to`, in widths"),
        ] + size,
        stages: [.kernel("hb_gradient", file: "kernels/gradient.glsl")],
        layout: [
            .init("from", count: 4), .init("to", count: 4), "radial", "angle", .init("center", count: 2), "radius",
        ],
        pack: { values, _ in
            func rgba(_ name: String) -> [Float] {
                let color = values.list(name)
                return (color + (color.count == 3 ? [1] : [])).map(Float.init)
            }
            return rgba("from") + rgba("to") + [
                values.text("mode") == "radial" ? 1 : 0, Float(values.number("angle") * .pi / 180),
            ] + values.list("center").map(Float.init) + [Float(values.number("radius"))]
        },
        outputSize: generatedSize)

    static let all: [FilterDescriptor] = [solid, gradient]
}

extension Filter {
    /// `solid`: a frame of `color` (r, g, b, a in 0...1), of `size` or
    /// the input's; values clamped.
    public static func solid(_ color: [Double], size: FrameSize? = nil) -> Filter {
        Filter(
            clamping: GeneratorFilters.solid,
            values: [
                "color": .list(color), "w": .number(Double(size?.width ?? -1)),
                "h": .number(Double(size?.height ?? -1)),
            ])
    }

    /// `gradient` from `from` to `to` (r, g, b, a) along `angle` degrees,
    /// or radial about `center` out to `radius` widths when `radial`.
    public static func gradient(
        from: [Double] = [0, 0, 0, 1], to: [Double] = [1, 1, 1, 1], angle: Double = 0, radial: Bool = false,
        center: (x: Double, y: Double) = (0.5, 0.5), radius: Double = 0.5
    ) -> Filter {
        Filter(
            clamping: GeneratorFilters.gradient,
            values: [
                "from": .list(from), "to": .list(to), "angle": .number(angle),
                "mode": .choice(radial ? "radial" : "linear"), "center": .list([center.x, center.y]),
                "radius": .number(radius),
            ])
    }
}
