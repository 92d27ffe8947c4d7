/// Stylising filters: painterly, cartoon, line-art, morphology and
/// screen-pattern effects. Borders clamp to the edge.
enum StylizeFilters {
    static let kuwahara = FilterDescriptor(
        name: "kuwahara", kind: .neighborhood, summary: "Oil-paint look: flat regions with sharp edges.",
        formula: "mean of the least-variance (sum over RGB) of the four (r+1)x(r+1) squares cornered at the pixel,"
            + " top-left first on ties (Harbeth C7Kuwahara)",
        parameters: [.integer("radius", default: 3, range: 1...8, summary: "side of each square minus one")],
        stages: [.kernel("hb_kuwahara", file: "kernels/kuwahara.glsl")])

    static let toon = FilterDescriptor(
        name: "toon", kind: .neighborhood, summary: "Cartoon: posterised colour with black outlines.",
        formula: "floor(rgb levels + 0.5) / levels, black where the 3x3 Sobel magnitude of luma >= threshold"
            + " (Harbeth C7Toon, on luma instead of red)",
        parameters: [
            .number("threshold", default: 0.2, range: 0...1, summary: "edge sensitivity; lower draws more lines"),
            .number("levels", default: 10, range: 1...64, summary: "colour levels per channel"),
        ],
        stages: [.kernel("hb_toon", file: "kernels/toon.glsl")])

    static let sketch = FilterDescriptor(
        name: "sketch", kind: .neighborhood, summary: "Pencil sketch: dark edges on white.",
        formula: "1 - sqrt(gx^2 + gy^2) strength, gx, gy the 3x3 Sobel gradients of luma (Harbeth C7Sketch)",
        parameters: [.number("strength", default: 1, range: 0...10, summary: "darkness of the lines")],
        stages: [.kernel("hb_sketch", file: "kernels/sobel.glsl")])

    static let crosshatch = FilterDescriptor(
        name: "crosshatch", kind: .neighborhood, summary: "Black hatching on white, denser where darker.",
        formula: "black where (luma < 1 and (x+y) mod s <= w) or (luma < 0.75 and (x-y) mod s <= w)"
            + " or (luma < 0.5 and (x+y-s/2) mod s <= w) or (luma < 0.3 and (x-y-s/2) mod s <= w), x, y pixel"
            + " centres (Harbeth C7Crosshatch, sizes in pixels)",
        parameters: [
            .integer("spacing", default: 10, range: 2...256, summary: "distance between lines, pixels"),
            .number("line_width", default: 1, range: 0...64, summary: "line width, pixels"),
        ],
        stages: [.kernel("hb_crosshatch", file: "kernels/crosshatch.glsl")])

    static let dilate = FilterDescriptor(
        name: "dilate", kind: .neighborhood, summary: "Grows bright areas: per-channel maximum of a square.",
        formula: "max of in(p + (x, y)) over |x|, |y| <= r per channel; horizontal then vertical pass"
            + " (Harbeth C7RGBADilation, both directions)",
        parameters: [.integer("radius", default: 1, range: 1...32, summary: "half the side of the square, pixels")],
        stages: [
            .kernel("hb_dilate_h", file: "kernels/dilate.glsl"),
            .kernel("hb_dilate_v", file: "kernels/dilate.glsl"),
        ])

    static let erode = FilterDescriptor(
        name: "erode", kind: .neighborhood, summary: "Grows dark areas: per-channel minimum of a square.",
        formula: "min of in(p + (x, y)) over |x|, |y| <= r per channel; horizontal then vertical pass"
            + " (GPUImage Erosion)",
        parameters: [.integer("radius", default: 1, range: 1...32, summary: "half the side of the square, pixels")],
        stages: [
            .kernel("hb_erode_h", file: "kernels/erode.glsl"),
            .kernel("hb_erode_v", file: "kernels/erode.glsl"),
        ])

    static let pixellate = FilterDescriptor(
        name: "pixellate", kind: .neighborhood, summary: "Mosaic of square blocks.",
        formula: "out(p) = in(floor(p / size) size + floor(size / 2)), clamped to the frame"
            + " (Harbeth C7Pixellated, size in pixels)",
        parameters: [.integer("size", default: 8, range: 1...512, summary: "block side, pixels")],
        stages: [.kernel("hb_pixellate", file: "kernels/pixellate.glsl", readsSourceDirectly: true)])

    static let yuvPixelize = FilterDescriptor(
        name: "yuv_pixelize", kind: .neighborhood,
        summary: "Blocks of their average, on the frame's YUV codes, as FFmpeg's pixelize.",
        formula: "the colour as 8-bit Y, Cb, Cr codes of the frame's colorimetry (BT.709 limited for RGB frames)"
            + " and alpha codes; blocks of width x height from the top left, cut short at the right and bottom"
            + " edges; each code of a block the average of the block's, rounded down, Y, Cb, Cr and alpha each on"
            + " its own; and back (FFmpeg vf_pixelize's avg mode)",
        parameters: [
            .integer("width", default: 16, range: 1...1024, summary: "block width, pixels", structural: true),
            .integer("height", default: 16, range: 1...1024, summary: "block height, pixels", structural: true),
        ],
        stages: [pixelizeBlocks, pixelizeSpread],
        layout: ["width", "height", .init("to_yuv", count: 16), .init("to_rgb", count: 16)],
        pack: { values, environment in
            let conversion = environment.codes8
            return [Float(values.integer("width")), Float(values.integer("height"))]
                + conversion.rgbToYUV + conversion.yuvToRGB
        },
        plannedStages: { values, input in
            let (width, height) = (values.integer("width"), values.integer("height"))
            let blocks = FrameSize(
                width: (input.width + width - 1) / width, height: (input.height + height - 1) / height)
            return [
                SizedStage(stage: pixelizeBlocks, outputSize: blocks),
                SizedStage(stage: pixelizeSpread, outputSize: input),
            ]
        })

    private static let pixelizeBlocks = FilterStage.kernel(
        "hb_yuv_pixelize_blocks", file: "kernels/yuv_pixelize_blocks.glsl")
    private static let pixelizeSpread = FilterStage.kernel(
        "hb_yuv_pixelize_spread", file: "kernels/yuv_pixelize_spread.glsl")

    static let halftone = FilterDescriptor(
        name: "halftone", kind: .neighborhood, summary: "Newspaper dots: black dots sized by darkness.",
        formula: "black where |p - cell centre| <= (size / 2)(1 - luma(cell centre pixel)), else white"
            + " (Harbeth C7Halftone, size in pixels)",
        parameters: [.integer("size", default: 8, range: 2...256, summary: "cell side, pixels")],
        stages: [.kernel("hb_halftone", file: "kernels/halftone.glsl")])

    static let polkaDot = FilterDescriptor(
        name: "polka_dot", kind: .neighborhood, summary: "Dots of each cell's colour on black.",
        formula: "cell centre colour where |p - cell centre| <= (size / 2) dot_scaling, else black"
            + " (Harbeth C7PolkaDot, size in pixels)",
        parameters: [
            .integer("size", default: 16, range: 2...256, summary: "cell side, pixels"),
            .number("dot_scaling", default: 0.9, range: 0...1, summary: "dot diameter as a fraction of the cell"),
        ],
        stages: [.kernel("hb_polka_dot", file: "kernels/polka_dot.glsl")])

    static let all: [FilterDescriptor] = [
        kuwahara, toon, sketch, crosshatch, dilate, erode, pixellate, yuvPixelize, halftone, polkaDot,
    ]
}

extension Filter {
    /// `kuwahara`; radius 1...8 (clamped).
    public static func kuwahara(radius: Int = 3) -> Filter {
        Filter(clamping: StylizeFilters.kuwahara, values: ["radius": .number(Double(radius))])
    }

    /// `toon`; threshold 0...1, levels 1...64 (clamped).
    public static func toon(threshold: Double = 0.2, levels: Double = 10) -> Filter {
        Filter(clamping: StylizeFilters.toon, values: ["threshold": .number(threshold), "levels": .number(levels)])
    }

    /// `sketch`; strength 0...10 (clamped).
    public static func sketch(strength: Double = 1) -> Filter {
        Filter(clamping: StylizeFilters.sketch, values: ["strength": .number(strength)])
    }

    /// `crosshatch`; spacing 2...256 and line width 0...64 pixels (clamped).
    public static func crosshatch(spacing: Int = 10, lineWidth: Double = 1) -> Filter {
        Filter(
            clamping: StylizeFilters.crosshatch,
            values: ["spacing": .number(Double(spacing)), "line_width": .number(lineWidth)])
    }

    /// `dilate`; radius 1...32 (clamped).
    public static func dilate(radius: Int = 1) -> Filter {
        Filter(clamping: StylizeFilters.dilate, values: ["radius": .number(Double(radius))])
    }

    /// `erode`; radius 1...32 (clamped).
    public static func erode(radius: Int = 1) -> Filter {
        Filter(clamping: StylizeFilters.erode, values: ["radius": .number(Double(radius))])
    }

    /// `pixellate` into blocks of `size` pixels (1...512, clamped).
    public static func pixellate(size: Int) -> Filter {
        Filter(clamping: StylizeFilters.pixellate, values: ["size": .number(Double(size))])
    }

    /// `halftone` with cells of `size` pixels (2...256, clamped).
    public static func halftone(size: Int = 8) -> Filter {
        Filter(clamping: StylizeFilters.halftone, values: ["size": .number(Double(size))])
    }

    /// `polka_dot` with cells of `size` pixels (2...256) and dots
    /// `dotScaling` of the cell (0...1); clamped.
    public static func polkaDot(size: Int = 16, dotScaling: Double = 0.9) -> Filter {
        Filter(
            clamping: StylizeFilters.polkaDot,
            values: ["size": .number(Double(size)), "dot_scaling": .number(dotScaling)])
    }
}
