/// Shapes drawn on the frame: a box, outlined or filled, and a grid
/// (FFmpeg's drawbox and drawgrid, whose `drawbox=...` and `drawgrid=...`
/// are translated to them). Both run one stage, and on the planes one
/// pass (`PlaneBox`), told apart by their data's last field.
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
        stages: [stage], layout: layout,
        pack: { values, environment in packed(values, input: environment.inputSize, grid: false).map(Float.init) })

    static let drawGrid = FilterDescriptor(
        name: "draw_grid", kind: .pointwise, summary: "A grid of lines in a colour (FFmpeg drawgrid).",
        formula: "X, Y, W, H, T = trunc(x, y, width, height, thickness) (W, H 0: the frame's); a pixel (px, py) is"
            + " drawn when (px - X) mod W < T or (py - Y) mod H < T (mod: the remainder made positive), as draw_box"
            + " draws: mix(rgb, color, color alpha), alpha kept, replace: rgba = color; on 8- to 12-bit planar YUV"
            + " without alpha written back as is, on the planes as draw_box is (FFmpeg 5.1 blends a chroma sample"
            + " once per luma pixel of it drawn; here once)",
        parameters: [
            .number("x", default: 0, range: -100_000...100_000, summary: "where a vertical line starts, in pixels"),
            .number("y", default: 0, range: -100_000...100_000, summary: "where a horizontal line starts, in pixels"),
            .number("width", default: 0, range: 0...100_000, summary: "a cell's width in pixels (0: the frame's)"),
            .number("height", default: 0, range: 0...100_000, summary: "a cell's height in pixels (0: the frame's)"),
            .list(
                "color", count: 3...4, default: [0, 0, 0, 1], range: 0...1, summary: "r/g/b[/a], #rrggbb[aa] or red@0.5"
            ),
            .number("thickness", default: 1, range: 0...100_000, summary: "the lines' thickness in pixels"),
            .boolean("replace", default: false, summary: "write the colour and its alpha instead of blending"),
        ],
        stages: [stage], layout: layout,
        pack: { values, environment in packed(values, input: environment.inputSize, grid: true).map(Float.init) })

    /// The stage both run: a box's edges or a grid's lines.
    private static let stage = FilterStage.pointwise("hb_draw_box", file: "pointwise/draw_box.glsl")
    private static let layout: [ParameterField] = [
        "x", "y", "width", "height", "thickness", "replace", .init("color", count: 4), "grid",
    ]

    /// The box or grid for frames of `input`: its left and top edges (a
    /// grid's first lines) and size (a cell's), whole pixels (a size of 0
    /// the frame's), its thickness (a filled box's past any frame),
    /// replace, the colour with its alpha, then 1 for a grid.
    static func packed(_ values: FilterValues, input: FrameSize, grid: Bool) -> [Double] {
        let whole = { (name: String) -> Double in values.number(name).rounded(.towardZero) }
        let width: Double = whole("width") > 0 ? whole("width") : Double(input.width)
        let height: Double = whole("height") > 0 ? whole("height") : Double(input.height)
        let thickness: Double = values.number("fill") != 0 ? Double(1 << 30) : whole("thickness")
        let replace: Double = values.number("replace") != 0 ? 1 : 0
        let color = values.list("color")
        let alpha: [Double] = color.count == 3 ? [1] : []
        return [whole("x"), whole("y"), width, height, thickness, replace] + color + alpha + [grid ? 1 : 0]
    }

    static let all: [FilterDescriptor] = [drawBox, drawGrid]
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

    /// `draw_grid`: lines every `width` x `height` pixels (0: the frame's)
    /// from (`x`, `y`), `thickness` pixels thick, in `color` (r, g, b and
    /// an optional alpha, 0...1) blended by its alpha, or written as it is
    /// with `replace`.
    public static func drawGrid(
        x: Double = 0, y: Double = 0, width: Double, height: Double, color: [Double] = [0, 0, 0, 1],
        thickness: Double = 1, replace: Bool = false
    ) -> Filter {
        Filter(
            clamping: DrawingFilters.drawGrid,
            values: [
                "x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height),
                "color": .list(color), "thickness": .number(thickness), "replace": .number(replace ? 1 : 0),
            ])
    }
}
