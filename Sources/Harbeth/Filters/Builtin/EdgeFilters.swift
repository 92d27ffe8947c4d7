/// Harbeth's edge and detail filters: Canny edges, the comic-strip
/// colours, detail enhancing, edge-aware sharpening, glowing edges,
/// sharpen-and-clarity, sticker outlines and a threshold sketch.
enum EdgeFilters {
    private static let cannyFile = "kernels/canny.glsl"

    static let canny = FilterDescriptor(
        name: "canny", kind: .neighborhood, summary: "Thin white edges on black (Canny).",
        formula: "gaussian_blur(sigma); Sobel gradient of luma, direction in four sectors; non-maximum suppression"
            + " along it; >= high: edge, >= low: weak; a weak pixel next to an edge is an edge (one step of"
            + " hysteresis) (Harbeth C7Canny, GPUImage CannyEdgeDetection)",
        parameters: [
            .number("sigma", default: 1, range: 0.1...10, summary: "the blur before the gradient, pixels"),
            .number("low", default: 0.1, range: 0...8, summary: "gradient that may be an edge"),
            .number("high", default: 0.3, range: 0...8, summary: "gradient that is an edge"),
        ],
        stages: [
            .kernel("hb_gaussian_blur_h", file: "kernels/gaussian_blur.glsl"),
            .kernel("hb_gaussian_blur_v", file: "kernels/gaussian_blur.glsl"),
            .kernel("hb_canny_gradient", file: cannyFile), .kernel("hb_canny_suppress", file: cannyFile),
            .kernel("hb_canny_link", file: cannyFile),
        ],
        layout: ["radius", "low", "high", .rest("weights")],
        pack: { values, _ in
            BlurFilters.blurData(
                sigma: values.number("sigma"), [Float(values.number("low")), Float(values.number("high"))])
        })

    private static let edgeDetectFile = "kernels/edge_detect.glsl"

    static let edgeDetect = FilterDescriptor(
        name: "edge_detect", kind: .neighborhood,
        summary: "Canny edges as FFmpeg's edgedetect draws them: grey wires, or mixed with the colours.",
        formula: "on 8-bit codes (wires: Y of the frame's colorimetry, BT.709 limited for RGB frames, stretched to"
            + " full range as swscale's grey frame; colormix: R, G, B): 5x5 Gaussian of sigma 1.4 in whole numbers (/159, rounded down; the outer two rows and"
            + " columns kept); Sobel |gx| + |gy|, its direction rounded to 0, 45, 90 or 135 degrees by FFmpeg's"
            + " whole-number tangents; kept where above both neighbours along it (at most 255); above high kept,"
            + " above low kept next to one above high; wires: grey of that level / 255; colormix: (edge +"
            + " input) / 2 rounded down (FFmpeg 5.1 vf_edgedetect)",
        parameters: [
            .number("high", default: 50.0 / 255, range: 0...1, summary: "gradient that is an edge, of 255"),
            .number("low", default: 20.0 / 255, range: 0...1, summary: "gradient that may be an edge, of 255"),
            .choice(
                "mode", ["wires", "colormix"], default: "wires",
                summary: "grey edges on black, or the edges mixed with the colours"),
        ],
        stages: [
            .kernel("hb_edge_detect_blur", file: edgeDetectFile),
            .kernel("hb_edge_detect_suppress", file: edgeDetectFile),
            .kernel("hb_edge_detect_link", file: edgeDetectFile, readsFilterInput: true),
        ],
        layout: ["high", "low", "mode", "limited", .init("to_yuv", count: 16)],
        pack: { values, environment in
            // FFmpeg's whole codes: the threshold times 255, plus a half, cut.
            let codes = ["high", "low"].map { Float(Int(values.number($0) * 255 + 0.5)) }
            let colorimetry = environment.colorimetryOrBT709
            return codes + [values.text("mode") == "colormix" ? 1 : 0, colorimetry.range == .limited ? 1 : 0]
                + environment.codes8.rgbToYUV
        })

    static let comicStrip = FilterDescriptor(
        name: "comic_strip", kind: .pointwise, summary: "Comic-book colours.",
        formula: "(|2g - b + r| r, |2b - g + r| r, |2b - g + r| g), mixed by intensity (Harbeth C7ComicStrip)",
        parameters: [.number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged")],
        stages: [.pointwise("hb_comic_strip", file: "pointwise/comic_strip.glsl")])

    static let detailEnhancer = FilterDescriptor(
        name: "detail_enhancer", kind: .neighborhood, summary: "Adds back fine detail, sparing flat areas.",
        formula: "d = in - 5x5 binomial blur; m = mean |d.rgb|; in + d amount (m < threshold ?"
            + " smoothstep(0, threshold, m) : 1); alpha kept (Harbeth C7DetailEnhancer)",
        parameters: [
            .number("amount", default: 1, range: 0...5, summary: "how much detail is added"),
            .number("threshold", default: 0.02, range: 0...1, summary: "detail below this is added less"),
        ],
        stages: [.kernel("hb_binomial_detail", file: "kernels/binomial_detail.glsl")],
        layout: ["mode", "amount", "edge"],
        pack: { values, _ in [1, Float(values.number("amount")), Float(values.number("threshold"))] })

    static let edgeAwareSharpen = FilterDescriptor(
        name: "edge_aware_sharpen", kind: .neighborhood, summary: "Sharpens edges only.",
        formula: "L = 4-neighbour Laplacian; e = clamp(dot(|L|, (0.299, 0.587, 0.114)) / 4, 0, 1);"
            + " s = e > threshold ? amount (e - threshold) / (1 - threshold) : 0; rgb - L s / 4"
            + " (Harbeth C7EdgeAwareSharpen, clamp-to-edge)",
        parameters: [
            .number("amount", default: 1, range: 0...10, summary: "strength on the strongest edges"),
            .number("threshold", default: 0.05, range: 0...0.99, summary: "edge strength that starts sharpening"),
        ],
        stages: [.kernel("hb_edge_aware_sharpen", file: "kernels/edge_aware_sharpen.glsl")])

    static let edgeGlow = FilterDescriptor(
        name: "edge_glow", kind: .neighborhood, summary: "Edges pulse towards a colour with time.",
        formula: "where |9 c - sum of the 3x3 square| > threshold: mix(in, color, (1 - cos(speed t)) / 2)"
            + " (Harbeth C7EdgeGlow, which adds color sin(5 t) + in cos(5 t))",
        parameters: [
            .number("threshold", default: 0.3, range: 0...8, summary: "Laplacian size that is an edge"),
            .number("speed", default: 5, range: 0...100, summary: "radians per second of the pulse"),
            .list("color", count: 3...3, default: [0, 1, 1], range: 0...1, summary: "r/g/b or #rrggbb"),
        ],
        stages: [.kernel("hb_edge_glow", file: "kernels/edge_glow.glsl")])

    static let sharpenDetail = FilterDescriptor(
        name: "sharpen_detail", kind: .neighborhood, summary: "Sharpening, midtone clarity and fine detail.",
        formula: "x = mix(c, 9c - 8 neighbours, sharpen); midtone clarity: k = smoothstep(0.1, 0.9, l)"
            + " (1 - smoothstep(0.1, 0.9, l)) clarity / 2, x > 0.5 ? x + k (1 - x) : x - k x, mixed by clarity;"
            + " x = mix(x, 2c - 4 neighbours / 4, detail / 2) (Harbeth C7SharpenDetail)",
        parameters: [
            .number("sharpen", default: 0.5, range: 0...1, summary: "3x3 sharpening"),
            .number("clarity", default: 0.3, range: 0...1, summary: "midtone contrast"),
            .number("detail", default: 0.3, range: 0...1, summary: "fine detail"),
        ],
        stages: [.kernel("hb_sharpen_detail", file: "kernels/sharpen_detail.glsl")])

    static let stickerOutline = FilterDescriptor(
        name: "sticker_outline", kind: .neighborhood, summary: "An outline where colours change, as on a sticker.",
        formula: "alpha < 0.1: transparent; else s = max over |x|, |y| <= thickness of (1 - |(x, y)| / thickness)"
            + " |in(q) - in(p)| where that exceeds 0.3; mix(in, color, min(s, 1) 0.8)"
            + " (Harbeth C7StickerOutline, without its blur, thickness in pixels)",
        parameters: [
            .integer("thickness", default: 3, range: 1...16, summary: "outline reach in pixels"),
            .list("color", count: 3...3, default: [1, 1, 1], range: 0...1, summary: "r/g/b or #rrggbb"),
        ],
        stages: [.kernel("hb_sticker_outline", file: "kernels/sticker_outline.glsl")])

    static let thresholdSketch = FilterDescriptor(
        name: "threshold_sketch", kind: .neighborhood, summary: "Black lines where edges pass a threshold, on white.",
        formula: "gh = max(0, Sobel down), gv = max(0, Sobel right) of luma; 1 - step(threshold, |(gh, gv)| strength)"
            + " (Harbeth C7ThresholdSketch, on luma rather than red)",
        parameters: [
            .number("strength", default: 1, range: 0...10, summary: "scales the gradient"),
            .number("threshold", default: 0.25, range: 0...8, summary: "gradient that draws a line"),
        ],
        stages: [.kernel("hb_threshold_sketch", file: "kernels/threshold_sketch.glsl")])

    static let all: [FilterDescriptor] = [
        canny, edgeDetect, comicStrip, detailEnhancer, edgeAwareSharpen, edgeGlow, sharpenDetail, stickerOutline,
        thresholdSketch,
    ]
}

extension Filter {
    /// `canny` edges after a blur of `sigma` (0.1...10) with gradient
    /// thresholds `low` and `high` (0...8); clamped.
    public static func canny(sigma: Double = 1, low: Double = 0.1, high: Double = 0.3) -> Filter {
        Filter(
            clamping: EdgeFilters.canny,
            values: ["sigma": .number(sigma), "low": .number(low), "high": .number(high)])
    }

    /// `comic_strip` mixed by `intensity` (0...1, clamped).
    public static func comicStrip(intensity: Double = 1) -> Filter {
        Filter(clamping: EdgeFilters.comicStrip, values: ["intensity": .number(intensity)])
    }

    /// `detail_enhancer` adding `amount` (0...5) of the detail, less below
    /// `threshold` (0...1); clamped.
    public static func detailEnhancer(amount: Double = 1, threshold: Double = 0.02) -> Filter {
        Filter(
            clamping: EdgeFilters.detailEnhancer,
            values: ["amount": .number(amount), "threshold": .number(threshold)])
    }

    /// `edge_aware_sharpen` by `amount` (0...10) above `threshold`
    /// (0...0.99); clamped.
    public static func edgeAwareSharpen(amount: Double = 1, threshold: Double = 0.05) -> Filter {
        Filter(
            clamping: EdgeFilters.edgeAwareSharpen,
            values: ["amount": .number(amount), "threshold": .number(threshold)])
    }

    /// `edge_glow`: edges above `threshold` pulse towards `color` at
    /// `speed` radians per second; clamped.
    public static func edgeGlow(threshold: Double = 0.3, speed: Double = 5, color: RGB = (0, 1, 1)) -> Filter {
        Filter(
            clamping: EdgeFilters.edgeGlow,
            values: [
                "threshold": .number(threshold), "speed": .number(speed),
                "color": .list([color.red, color.green, color.blue]),
            ])
    }

    /// `sharpen_detail` with `sharpen`, `clarity` and `detail` (0...1 each,
    /// clamped).
    public static func sharpenDetail(sharpen: Double = 0.5, clarity: Double = 0.3, detail: Double = 0.3) -> Filter {
        Filter(
            clamping: EdgeFilters.sharpenDetail,
            values: ["sharpen": .number(sharpen), "clarity": .number(clarity), "detail": .number(detail)])
    }

    /// `sticker_outline` reaching `thickness` pixels (1...16) in `color`; clamped.
    public static func stickerOutline(thickness: Int = 3, color: RGB = (1, 1, 1)) -> Filter {
        Filter(
            clamping: EdgeFilters.stickerOutline,
            values: [
                "thickness": .number(Double(thickness)), "color": .list([color.red, color.green, color.blue]),
            ])
    }

    /// `threshold_sketch` with `strength` (0...10) and `threshold` (0...8); clamped.
    public static func thresholdSketch(strength: Double = 1, threshold: Double = 0.25) -> Filter {
        Filter(
            clamping: EdgeFilters.thresholdSketch,
            values: ["strength": .number(strength), "threshold": .number(threshold)])
    }
}
