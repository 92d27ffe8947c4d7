import Foundation

/// Geometric filters: size and orientation.
enum GeometryFilters {
    static let resize = FilterDescriptor(
        name: "resize", kind: .geometric, summary: "Scales to a new size.",
        formula: "src = (dst + 0.5) * in / out - 0.5; bilinear, bicubic (Catmull-Rom, a = -0.5), nearest or"
            + " Lanczos (a = 3, 6x6 taps of sinc(x) sinc(x/3), normalised); clamp to edge."
            + " Bicubic and Lanczos run as two separable passes (rows, then columns)."
            + " A size of -1 keeps the aspect ratio; -n keeps it and rounds to a multiple of n (FFmpeg scale's"
            + " round(other * in_w / (in_h * n)) * n). Alone on planar YUV or grey, each plane from its size to its"
            + " new size (two passes on the planes, rows then columns). fit=fit or fill keeps the input's aspect"
            + " inside or around the w x h box (FFmpeg scale's force_original_aspect_ratio: the other side"
            + " round(w * in_h / in_w), the smaller or larger pair kept), multiple rounding it down or up.",
        parameters: [
            .integer(
                "w", default: -1, range: -64...16384,
                summary: "output width (-1 keeps the aspect; -n keeps it, a multiple of n)", structural: true),
            .integer(
                "h", default: -1, range: -64...16384,
                summary: "output height (-1 keeps the aspect; -n keeps it, a multiple of n)", structural: true),
            .choice(
                "method", ["bilinear", "bicubic", "nearest", "lanczos"], default: "bicubic", summary: "interpolation"),
            .choice(
                "fit", ["stretch", "fit", "fill"], default: "stretch",
                summary: "stretch to w x h, or keep the aspect inside it (fit) or covering it (fill)",
                structural: true, numbered: true),
            .integer(
                "multiple", default: 1, range: 1...256,
                summary: "with fit or fill, both sides a multiple of this (down for fit, up for fill)",
                structural: true),
        ],
        stages: [.kernel("hb_resize", file: "kernels/resize.glsl", samples: true)],
        layout: ["method"],
        pack: { values, _ in [Float(values.choiceIndex("method"))] },
        outputSize: { values, input in try resizedSize(values, input) },
        plannedStages: { values, input in
            let output = try resizedSize(values, input)
            let method = values.text("method")
            guard method == "bicubic" || method == "lanczos" else {
                return [SizedStage(stage: resizeInOnePass, outputSize: output)]
            }
            // Separable: along the rows to the new width, then the columns
            // to the new height; an axis that keeps its size has no pass.
            let file = "kernels/resize_separable.glsl"
            let name = method == "bicubic" ? "cubic" : "lanczos"
            var stages: [SizedStage] = []
            if output.width != input.width {
                stages.append(
                    SizedStage(
                        stage: .kernel("hb_resize_\(name)_h", file: file),
                        outputSize: FrameSize(width: output.width, height: input.height)))
            }
            if output.height != input.height || stages.isEmpty {
                stages.append(SizedStage(stage: .kernel("hb_resize_\(name)_v", file: file), outputSize: output))
            }
            return stages
        })

    private static let resizeInOnePass = FilterStage.kernel("hb_resize", file: "kernels/resize.glsl", samples: true)

    /// The size `resize` makes: w and h, one of them -n to keep the aspect
    /// rounded to a multiple of n, as FFmpeg's scale rounds it; then, with
    /// fit or fill, the pair that keeps the input's aspect inside or
    /// around that box, as FFmpeg's force_original_aspect_ratio and
    /// force_divisible_by make it.
    private static func resizedSize(_ values: FilterValues, _ input: FrameSize) throws -> FrameSize {
        let width = values.integer("w")
        let height = values.integer("h")
        guard width != 0, height != 0, !(width < 0 && height < 0) else {
            throw RenderError.invalidFilterSetup(
                filter: "resize", reason: "give w, h, or both (positive; -1 keeps the aspect, -n as a multiple of n)")
        }
        func kept(_ other: Int, _ along: Int, _ across: Int, multiple: Int) -> Int {
            let exact = Double(other) * Double(along) / (Double(across) * Double(multiple))
            return max(1, Int(exact.rounded())) * multiple
        }
        let box = FrameSize(
            width: width < 0 ? kept(height, input.width, input.height, multiple: -width) : width,
            height: height < 0 ? kept(width, input.height, input.width, multiple: -height) : height)
        let multiple = values.integer("multiple")
        let fit = values.text("fit")
        guard fit != "stretch" else {
            guard multiple == 1 else {
                throw RenderError.invalidFilterSetup(
                    filter: "resize",
                    reason: "multiple rounds the size that fit or fill make; with fit=stretch give the size itself")
            }
            return box
        }
        // The other side of each, to the nearest (halves away from zero).
        let aspectWidth = kept(box.height, input.width, input.height, multiple: 1)
        let aspectHeight = kept(box.width, input.height, input.width, multiple: 1)
        let fitting = fit == "fit"
        let rounded = { (side: Int) in
            fitting ? side / multiple * multiple : (side + multiple - 1) / multiple * multiple
        }
        let size = FrameSize(
            width: rounded(fitting ? min(aspectWidth, box.width) : max(aspectWidth, box.width)),
            height: rounded(fitting ? min(aspectHeight, box.height) : max(aspectHeight, box.height)))
        guard size.width > 0, size.height > 0 else {
            throw RenderError.invalidFilterSetup(
                filter: "resize",
                reason: "fitting \(input.width)x\(input.height) inside \(box.width)x\(box.height) as a multiple of"
                    + " \(multiple) leaves no pixel")
        }
        return size
    }

    static let crop = FilterDescriptor(
        name: "crop", kind: .geometric, summary: "Cuts out a rectangle.",
        formula:
            "out(x, y) = in(x + left, y + top); w/h of -1 take the rest of the input, x/y of -1 centre it;"
            + " a moving x/y is held inside the input on each frame",
        parameters: [
            .integer("w", default: -1, range: -1...16384, summary: "width (-1: the rest)", structural: true),
            .integer("h", default: -1, range: -1...16384, summary: "height (-1: the rest)", structural: true),
            .integer("x", default: -1, range: -1...16384, summary: "left edge (-1: centred; may move)"),
            .integer("y", default: -1, range: -1...16384, summary: "top edge (-1: centred; may move)"),
        ],
        stages: [.kernel("hb_crop", file: "kernels/crop.glsl", readsSourceDirectly: true)],
        layout: ["x", "y"],
        pack: { values, environment in
            let region = try cropRegion(values, input: environment.inputSize)
            return [Float(region.x), Float(region.y)]
        },
        outputSize: { values, input in
            let region = try cropRegion(values, input: input)
            return FrameSize(width: region.width, height: region.height)
        })

    /// The crop's rectangle in an input of `input`. A constant rectangle
    /// outside the input is an error; a corner that moves (an expression of
    /// `t` or `n`, or keyframes, evaluated for this frame) is held inside
    /// the input instead, as FFmpeg's crop holds its per-frame x and y, and
    /// its -1 is an edge, not the centre.
    static func cropRegion(_ values: FilterValues, input: FrameSize) throws -> (x: Int, y: Int, width: Int, height: Int)
    {
        let x0 = values.integer("x")
        let y0 = values.integer("y")
        let movingX = values.moving.contains("x")
        let movingY = values.moving.contains("y")
        for (corner, size) in [("x", "w"), ("y", "h")]
        where values.moving.contains(corner) && values.integer(size) == -1 {
            throw RenderError.invalidFilterSetup(
                filter: "crop",
                reason: "a moving \(corner) needs \(size): the rest of the input would change size on every frame")
        }
        let width = values.integer("w") == -1 ? input.width - max(0, x0) : values.integer("w")
        let height = values.integer("h") == -1 ? input.height - max(0, y0) : values.integer("h")
        let held = { (corner: Int, size: Int, inputSize: Int) in max(0, min(corner, inputSize - size)) }
        let x = movingX ? held(x0, width, input.width) : x0 == -1 ? (input.width - width) / 2 : x0
        let y = movingY ? held(y0, height, input.height) : y0 == -1 ? (input.height - height) / 2 : y0
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
        layout: ["horizontal", "vertical"],
        pack: { values, _ in
            let direction = values.text("direction")
            return [direction == "vertical" ? 0 : 1, direction == "horizontal" ? 0 : 1]
        })

    static let pad = FilterDescriptor(
        name: "pad", kind: .geometric, summary: "Places the frame on a larger canvas of a colour.",
        formula: "out(p) = in(p - (x, y)) inside the input's rectangle, else the colour; w/h of 0 or -1 keep"
            + " the input's, a negative x/y centres it; x and y may read the canvas size ow/oh (FFmpeg pad)",
        parameters: [
            .integer(
                "w", default: 0, range: -1...16384, summary: "canvas width (0 or -1: the input's)", structural: true),
            .integer(
                "h", default: 0, range: -1...16384, summary: "canvas height (0 or -1: the input's)", structural: true),
            .integer(
                "x", default: 0, range: -16384...16384,
                summary: "left edge of the input (negative: centred); (ow-iw)/2 centres it too"),
            .integer(
                "y", default: 0, range: -16384...16384,
                summary: "top edge of the input (negative: centred); (oh-ih)/2 centres it too"),
            .list(
                "color", count: 3...4, default: [0, 0, 0, 1], range: 0...1,
                summary: "canvas colour, r/g/b[/a] or #rrggbb[aa]"),
        ],
        stages: [.kernel("hb_pad", file: "kernels/pad.glsl", readsSourceDirectly: true)],
        layout: ["x", "y", .init("color", count: 4)],
        pack: { values, environment in
            let region = try padRegion(values, input: environment.inputSize)
            return [Float(region.x), Float(region.y)] + rgba(values.list("color"))
        },
        outputSize: { values, input in
            let region = try padRegion(values, input: input)
            return FrameSize(width: region.width, height: region.height)
        })

    static func padRegion(_ values: FilterValues, input: FrameSize) throws -> (x: Int, y: Int, width: Int, height: Int)
    {
        let width = values.integer("w") <= 0 ? input.width : values.integer("w")
        let height = values.integer("h") <= 0 ? input.height : values.integer("h")
        guard width >= input.width, height >= input.height else {
            throw RenderError.invalidFilterSetup(
                filter: "pad", reason: "the \(width)x\(height) canvas is smaller than the \(input) input")
        }
        let x = values.integer("x") < 0 ? (width - input.width) / 2 : values.integer("x")
        let y = values.integer("y") < 0 ? (height - input.height) / 2 : values.integer("y")
        guard x + input.width <= width, y + input.height <= height else {
            throw RenderError.invalidFilterSetup(
                filter: "pad",
                reason: "the \(input) input at \(x),\(y) does not fit on the \(width)x\(height) canvas")
        }
        return (x, y, width, height)
    }

    static let transpose = FilterDescriptor(
        name: "transpose", kind: .geometric,
        summary: "Mirrors the frame across its main diagonal, or turns it a quarter, as FFmpeg's transpose.",
        formula: "cclock_flip: out(x, y) = in(y, x); clock: in(y, h-1-x); cclock: in(w-1-y, x); clock_flip:"
            + " in(w-1-y, h-1-x); the output is h x w (FFmpeg transpose, whose numbers 0...3 name the same)",
        parameters: [
            .choice(
                "dir", ["cclock_flip", "clock", "cclock", "clock_flip"], default: "cclock_flip",
                summary: "the turn: a mirror across the main diagonal (cclock_flip, 0), a quarter clockwise"
                    + " (clock, 1) or counter-clockwise (cclock, 2), or across the other diagonal (clock_flip, 3)",
                numbered: true)
        ],
        stages: [.kernel("hb_transpose", file: "kernels/transpose.glsl", readsSourceDirectly: true)],
        layout: ["dir"],
        pack: { values, _ in [Float(values.choiceIndex("dir"))] },
        outputSize: { _, input in FrameSize(width: input.height, height: input.width) })

    static let rotate = FilterDescriptor(
        name: "rotate", kind: .geometric, summary: "Turns the frame clockwise by an angle.",
        formula: "quarter turns remap exactly (90: out(x, y) = in(y, h-1-x)); other angles (and quarter turns"
            + " into another size) sample bilinearly at R(-a)(p - out/2) + in/2, the fill colour outside; the output"
            + " keeps the input's size, or with expand the rotated frame's bounding box, or is w x h where given"
            + " (after Harbeth C7Rotate). FFmpeg's rotate, written its way (radians with PI, or its options a, c,"
            + " ow, oh, out_w, out_h, fillcolor, bilinear), is this one with w=iw:h=ih unless ow/oh say otherwise"
            + " (rotw(a) = |iw cos a| + |ih sin a|, roth(a) = |iw sin a| + |ih cos a|) and edge=ffmpeg: a pixel"
            + " index i = src - 0.5 with floor(i) in -1...size is sampled, its corner clamped into the frame and"
            + " its fraction kept, as vf_rotate interpolates",
        parameters: [
            .number(
                "angle", default: 90, range: -360...360,
                summary: "degrees clockwise; changes the plan, unless w and h are given: then it may move",
                structural: true, movesWhenGiven: ["w", "h"]),
            .list("fill", count: 3...4, default: [0, 0, 0, 1], range: 0...1, summary: "colour outside the image"),
            .boolean(
                "expand", default: false, summary: "grow the frame to hold the rotated image (other angles)",
                structural: true),
            .integer(
                "w", default: 0, range: 0...16384,
                summary: "output width (0: the input's, turned or expanded; may read iw, ih)", structural: true),
            .integer(
                "h", default: 0, range: 0...16384,
                summary: "output height (0: the input's, turned or expanded; may read iw, ih)", structural: true),
            .choice(
                "edge", ["exact", "ffmpeg"], default: "exact",
                summary: "where the turned picture ends: its pixels' outer edges, or as far as FFmpeg's rotate"
                    + " takes it (a pixel more, its edge samples repeated)"),
        ],
        stages: [.kernel("hb_rotate", file: "kernels/rotate.glsl", samples: true)],
        layout: ["turns", "cos", "sin", .init("fill", count: 4), "edge"],
        pack: { values, environment in
            let angle = values.number("angle")
            let radians = angle * Double.pi / 180
            // A quarter turn remaps only into the turned frame's own size.
            let turns = quarterTurns(angle).flatMap { turns in
                rotatedSize(values, environment.inputSize) == turnedSize(turns, environment.inputSize) ? turns : nil
            }
            return [Float(turns ?? 4), Float(cos(radians)), Float(sin(radians))] + rgba(values.list("fill"))
                + [Float(values.choiceIndex("edge"))]
        },
        outputSize: { values, input in rotatedSize(values, input) })

    /// The size `rotate` makes: w x h where given; else a quarter turn's
    /// turned frame, the bounding box with expand, or the input's size.
    private static func rotatedSize(_ values: FilterValues, _ input: FrameSize) -> FrameSize {
        let angle = values.number("angle")
        var size = input
        if let turns = quarterTurns(angle) {
            size = turnedSize(turns, input)
        } else if values.bool("expand") {
            let radians = angle * Double.pi / 180
            let (c, s) = (abs(cos(radians)), abs(sin(radians)))
            let w = Double(input.width)
            let h = Double(input.height)
            // A hair below whole numbers so float noise does not add a pixel.
            size = FrameSize(
                width: Int((w * c + h * s - 1e-6).rounded(.up)), height: Int((w * s + h * c - 1e-6).rounded(.up)))
        }
        let width = values.integer("w")
        let height = values.integer("h")
        return FrameSize(width: width > 0 ? width : size.width, height: height > 0 ? height : size.height)
    }

    /// The input's size after `turns` quarter turns.
    private static func turnedSize(_ turns: Int, _ input: FrameSize) -> FrameSize {
        turns % 2 == 1 ? FrameSize(width: input.height, height: input.width) : input
    }

    /// 0...3 when the angle is a whole number of quarter turns clockwise.
    static func quarterTurns(_ degrees: Double) -> Int? {
        let turns = degrees / 90
        guard turns == turns.rounded() else { return nil }
        return ((Int(turns) % 4) + 4) % 4
    }

    /// A colour list of 3 or 4 numbers as RGBA (alpha 1 when missing).
    static func rgba(_ colour: [Double]) -> [Float] {
        let values = colour.map(Float.init)
        return values.count >= 4 ? Array(values.prefix(4)) : values + [Float](repeating: 1, count: 4 - values.count)
    }

    static let all: [FilterDescriptor] = [resize, crop, flip, pad, transpose, rotate]
}

extension Filter {
    /// Interpolation for `resize`.
    public enum ResizeMethod: String, Sendable {
        /// Linear interpolation between the 2x2 nearest pixels.
        case bilinear
        /// Cubic interpolation over 4x4 pixels (Catmull-Rom, a = -0.5); the default.
        case bicubic
        /// The nearest pixel, no interpolation: hard edges, blocky when enlarging.
        case nearest
        /// Lanczos windowed sinc (a = 3, 6x6 taps): the sharpest, most costly.
        case lanczos
    }

    /// How `resize` treats its size as a box.
    public enum ResizeFit: String, Sendable {
        /// To the size given, the aspect ratio not kept; the default.
        case stretch
        /// The largest size of the input's aspect inside the box (FFmpeg's
        /// force_original_aspect_ratio=decrease): pad it to letterbox.
        case fit
        /// The smallest size of the input's aspect that covers the box
        /// (force_original_aspect_ratio=increase): crop it to fill.
        case fill
    }

    /// `resize` to `width` x `height` (-1 for one of them keeps the aspect;
    /// -n keeps it as a multiple of n); with `fit` other than stretch, the
    /// input's aspect inside or around that box, both sides a `multiple`.
    public static func resize(
        width: Int, height: Int, method: ResizeMethod = .bicubic, fit: ResizeFit = .stretch, multiple: Int = 1
    ) -> Filter {
        Filter(
            clamping: GeometryFilters.resize,
            values: [
                "w": .number(Double(width)), "h": .number(Double(height)), "method": .choice(method.rawValue),
                "fit": .choice(fit.rawValue), "multiple": .number(Double(multiple)),
            ])
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
    public enum FlipDirection: String, Sendable {
        /// Mirrors left to right: out(x, y) = in(w - 1 - x, y).
        case horizontal
        /// Mirrors top to bottom: out(x, y) = in(x, h - 1 - y).
        case vertical
        /// Mirrors both ways, which is a 180-degree rotation.
        case both
    }

    /// `flip`.
    public static func flip(_ direction: FlipDirection = .horizontal) -> Filter {
        Filter(clamping: GeometryFilters.flip, values: ["direction": .choice(direction.rawValue)])
    }

    /// `pad` onto a `width` x `height` canvas (0: the input's) with the
    /// input's top-left corner at `x`, `y` (negative: centred), filled with
    /// an RGBA `color` in 0...1, as FFmpeg's pad.
    public static func pad(
        width: Int, height: Int, x: Int = 0, y: Int = 0, color: [Double] = [0, 0, 0, 1]
    ) -> Filter {
        Filter(
            clamping: GeometryFilters.pad,
            values: [
                "w": .number(Double(width)), "h": .number(Double(height)), "x": .number(Double(x)),
                "y": .number(Double(y)), "color": .list(color),
            ])
    }

    /// `transpose`: out(x, y) = in(y, x).
    public static var transpose: Filter { Filter(clamping: GeometryFilters.transpose) }

    /// The turn `transpose` makes, as FFmpeg's transpose names (and
    /// numbers, 0...3) them; the output is always h x w.
    public enum TransposeDirection: String, Sendable {
        /// Mirrors across the main diagonal: out(x, y) = in(y, x); the default.
        case cclockFlip = "cclock_flip"
        /// A quarter turn clockwise: out(x, y) = in(y, h - 1 - x).
        case clock
        /// A quarter turn counter-clockwise: out(x, y) = in(w - 1 - y, x).
        case cclock
        /// Mirrors across the other diagonal: out(x, y) = in(w - 1 - y, h - 1 - x).
        case clockFlip = "clock_flip"
    }

    /// `transpose` in a `direction`.
    public static func transpose(_ direction: TransposeDirection) -> Filter {
        Filter(clamping: GeometryFilters.transpose, values: ["dir": .choice(direction.rawValue)])
    }

    /// `rotate` clockwise by `degrees` (-360...360, clamped); quarter turns
    /// are exact. Other angles fill uncovered pixels with an RGBA `fill`
    /// and keep the frame's size unless `expand`; a `size` is the output's
    /// whatever the angle (FFmpeg's rotate keeps the input's).
    public static func rotate(
        degrees: Double, fill: [Double] = [0, 0, 0, 1], expand: Bool = false, size: FrameSize? = nil
    ) -> Filter {
        Filter(
            clamping: GeometryFilters.rotate,
            values: [
                "angle": .number(degrees), "fill": .list(fill), "expand": .number(expand ? 1 : 0),
                "w": .number(Double(size?.width ?? 0)), "h": .number(Double(size?.height ?? 0)),
            ])
    }
}
