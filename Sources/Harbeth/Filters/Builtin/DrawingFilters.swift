/// Shapes drawn on the frame: a box, outlined or filled (FFmpeg's
/// drawbox, whose `drawbox=...` is translated to it).
enum DrawingFilters {
    static let drawBox = FilterDescriptor(
        name: "draw_box", kind: .pointwise, summary: "A box, outlined or filled, in a colour (FFmpeg drawbox).",
        formula: "X, Y, W, H = trunc(x, y, width, height) (W, H 0: the frame's); a pixel (px, py) with X <= px < X + W"
            + " and Y <= py < Y + H is drawn when py - Y < T or Y + H - 1 - py < T or px - X < T or"
            + " X + W - 1 - px < T, T = trunc(thickness) (every such pixel with fill); drawn: rgb = mix(rgb, color,"
            + " color alpha), alpha kept; replace: rgba = color (FFmpeg's replace, which it applies to frames with"
            + " alpha only). On 8- to 12-bit planar YUV without alpha written back as is, it runs on the planes, as"
            + " FFmpeg's does: Y, U, V = floor((1 - a) code + a colour code), the colour's codes in the frame's"
            + " matrix and range; a chroma sample is drawn when one of its luma pixels is (FFmpeg 5.1 blends a"
            + " chroma sample again for each of its luma pixels, so its translucent boxes' chroma is stronger than"
            + " their alpha; here it is blended once)",
        parameters: [
            .number("x", default: 0, range: -100_000...100_000, summary: "left edge, in pixels"),
            .number("y", default: 0, range: -100_000...100_000, summary: "top edge, in pixels"),
            .number("width", default: 0, range: 0...100_000, summary: "width in pixels (0: the frame's)"),
            .number("height", default: 0, range: 0...100_000, summary: "height in pixels (0: the frame's)"),
            .list(
                "color", count: 3...4, default: [0, 0, 0, 1], range: 0...1, summary: "r/g/b[/a], #rrggbb[aa] or red@0.5"
            ),
            .number("thickness", default: 3, range: 0...100_000, summary: "the edges' thickness in pixels"),
            .boolean("fill", default: false, summary: "fill the box (thickness no longer counts)"),
            .boolean("replace", default: false, summary: "write the colour and its alpha instead of blending"),
        ],
        stages: [.pointwise("hb_draw_box", file: "pointwise/draw_box.glsl")],
        layout: ["x", "y", "width", "height", "thickness", "replace", .init("color", count: 4)],
        pack: { values, environment in packed(values, input: environment.inputSize).map(Float.init) })

    /// The box for frames of `input`: its left and top edges and size,
    /// whole pixels (a size of 0 the frame's), its thickness (a filled
    /// box's past any frame), replace, then the colour with its alpha.
    static func packed(_ values: FilterValues, input: FrameSize) -> [Double] {
        let whole = { (name: String) -> Double in values.number(name).rounded(.towardZero) }
        let width: Double = whole("width") > 0 ? whole("width") : Double(input.width)
        let height: Double = whole("height") > 0 ? whole("height") : Double(input.height)
        let thickness: Double = values.number("fill") != 0 ? Double(1 << 30) : whole("thickness")
        let replace: Double = values.number("replace") != 0 ? 1 : 0
        let color = values.list("color")
        let alpha: [Double] = color.count == 3 ? [1] : []
        return [whole("x"), whole("y"), width, height, thickness, replace] + color + alpha
    }

    static let all: [FilterDescriptor] = [drawBox]
}

extension Filter {
    /// `draw_box`: a box at (`x`, `y`) of `width` x `height` pixels (0:
    /// the frame's), its edges `thickness` pixels thick or `filled`, in
    /// `color` (r, g, b and an optional alpha, 0...1) blended by its
    /// alpha, or written as it is with `replace`.
    public static func drawBox(
        x: Double, y: Double, width: Double, height: Double, color: [Double] = [0, 0, 0, 1], thickness: Double = 3,
        filled: Bool = false, replace: Bool = false
    ) -> Filter {
        Filter(
            clamping: DrawingFilters.drawBox,
            values: [
                "x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height),
                "color": .list(color), "thickness": .number(thickness), "fill": .number(filled ? 1 : 0),
                "replace": .number(replace ? 1 : 0),
            ])
    }
}
