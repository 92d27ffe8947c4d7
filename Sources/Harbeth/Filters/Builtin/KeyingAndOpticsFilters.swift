/// Keying and toning (FFmpeg's despill, lumakey, colorkey and colorize; Harbeth's
/// depth luminance; ordered dithering) and lens optics (FFmpeg's
/// rgbashift and lenscorrection; a kaleidoscope; GPUImage's adaptive
/// threshold).
enum KeyingAndOpticsFilters {
    static let despill = FilterDescriptor(
        name: "despill", kind: .pointwise, summary: "Removes a green or blue screen's spill from the subject.",
        formula: "spill = max(key - (r mix + other (1 - mix)(1 - expand)), 0) with key, other = g, b (green) or"
            + " b, g (blue); c' = max(c + spill (scale_c + brightness), 0); alpha = 1 - spill when asked"
            + " (FFmpeg despill)",
        parameters: [
            .choice("type", ["green", "blue"], default: "green", summary: "the screen's colour"),
            .number("mix", default: 0.5, range: 0...1, summary: "how much red the spill map subtracts"),
            .number("expand", default: 0, range: 0...1, summary: "widens the spill map"),
            .number("red", default: 0, range: -100...100, summary: "red's scale of the spill"),
            .number("green", default: -1, range: -100...100, summary: "green's scale of the spill"),
            .number("blue", default: 0, range: -100...100, summary: "blue's scale of the spill"),
            .number("brightness", default: 0, range: -10...10, summary: "added to every scale"),
            .boolean("alpha", default: false, summary: "write 1 - spill to alpha"),
        ],
        stages: [.pointwise("hb_despill", file: "pointwise/despill.glsl")])

    static let lumaKey = FilterDescriptor(
        name: "luma_key", kind: .pointwise, summary: "Makes the luminances near a threshold transparent.",
        formula: "y = BT.709 luma; alpha' = alpha (0 within threshold +- tolerance; within softness of that band,"
            + " the distance to it / softness; 1 beyond) (FFmpeg lumakey, on full-range luma)",
        parameters: [
            .number("threshold", default: 0, range: 0...1, summary: "the luminance keyed out"),
            .number("tolerance", default: 0.01, range: 0...1, summary: "half the width of the keyed band"),
            .number("softness", default: 0, range: 0...1, summary: "the width of the soft edge"),
        ],
        stages: [.pointwise("hb_luma_key", file: "pointwise/luma_key.glsl")])

    static let colorKey = FilterDescriptor(
        name: "color_key", kind: .pointwise, summary: "Makes the colours near a key colour transparent, in RGB.",
        formula: "d = |clamp(rgb, 0, 1) - color| / sqrt(3); alpha = clamp((d - similarity) / blend, 0, 1), or 1"
            + " where d > similarity and 0 elsewhere when blend is 0; the alpha is replaced, the colour kept"
            + " (FFmpeg colorkey, which also takes its name and values)",
        parameters: [
            .list("color", count: 3...3, default: [0, 0, 0], range: 0...1, summary: "key colour, r/g/b or #rrggbb"),
            .number("similarity", default: 0.01, range: 0.00001...1, summary: "distance keyed out entirely"),
            .number("blend", default: 0, range: 0...1, summary: "width of the partly transparent edge"),
        ],
        stages: [.pointwise("hb_color_key", file: "pointwise/color_key.glsl")])

    static let yuvChromaKey = FilterDescriptor(
        name: "yuv_chroma_key", kind: .neighborhood,
        summary:
            "Makes the pixels whose chroma lies near a key's transparent, on the frame's YUV, as FFmpeg's chromakey.",
        formula: "the colour as 8-bit Cb, Cr codes of the frame's colorimetry (BT.709 limited for RGB frames); the"
            + " key's (ku, kv) by FFmpeg's full-range fixed point, ((-0.16874 r - 0.33126 g + 0.5 b) 1024 + 511 >> 10)"
            + " + 128 and ((0.5 r - 0.41869 g - 0.08131 b) 1024 + 511 >> 10) + 128 of its 8-bit r, g, b, or its g and"
            + " b with yuv; d = mean over the 3x3 neighbours (clamped to the edge) of |(Cb, Cr) - (ku, kv)| / (255"
            + " sqrt 2); alpha = clamp((d - similarity) / blend, 0, 1), or 1 where d > similarity and 0 elsewhere"
            + " when blend is 0; the alpha is replaced, the colour kept (FFmpeg vf_chromakey, which takes its name"
            + " and values)",
        parameters: [
            .list("color", count: 3...3, default: [0, 0, 0], range: 0...1, summary: "key colour, r/g/b or #rrggbb"),
            .number("similarity", default: 0.01, range: 0.00001...1, summary: "distance keyed out entirely"),
            .number("blend", default: 0, range: 0...1, summary: "width of the partly transparent edge"),
            .boolean("yuv", default: false, summary: "the colour is Y, Cb, Cr codes, not RGB"),
        ],
        stages: [.kernel("hb_yuv_chroma_key", file: "kernels/yuv_chroma_key.glsl")],
        layout: ["key_u", "key_v", "similarity", "blend", .init("to_yuv", count: 16)],
        pack: { values, environment in
            let conversion = environment.codes8
            let key = chromaKeyCodes(values.list("color"), yuv: values.bool("yuv"))
            return [Float(key.u), Float(key.v), Float(values.number("similarity")), Float(values.number("blend"))]
                + conversion.rgbToYUV
        })

    /// The key's chroma codes as FFmpeg's chromakey makes them: from the
    /// colour's 8-bit r, g, b by its full-range fixed point, or, with
    /// `yuv`, the colour's second and third codes themselves.
    static func chromaKeyCodes(_ color: [Double], yuv: Bool) -> (u: Int, v: Int) {
        let bytes = color.map { Int(($0 * 255).rounded()) }
        if yuv { return (bytes[1], bytes[2]) }
        func fixed(_ value: Double) -> Int { Int((value * 1024).rounded()) }
        let (r, g, b) = (bytes[0], bytes[1], bytes[2])
        let u = ((-fixed(0.16874) * r - fixed(0.33126) * g + fixed(0.5) * b + 511) >> 10) + 128
        let v = ((fixed(0.5) * r - fixed(0.41869) * g - fixed(0.08131) * b + 511) >> 10) + 128
        return (u, v)
    }

    static let colorize = FilterDescriptor(
        name: "colorize", kind: .pointwise, summary: "One colour over the image, keeping its luminance.",
        formula: "k = HSL(hue, saturation, lightness) as RGB; y = mix(luma(k), luma(rgb), mix) (BT.709 weights);"
            + " rgb' = k + y - luma(k) (FFmpeg colorize, in RGB; its colour's luma omits the 16/255 offset,"
            + " which only shows below mix 1)",
        parameters: [
            .number("hue", default: 0, range: 0...360, summary: "the colour's hue in degrees"),
            .number("saturation", default: 0.5, range: 0...1, summary: "the colour's saturation"),
            .number("lightness", default: 0.5, range: 0...1, summary: "the colour's lightness"),
            .number("mix", default: 1, range: 0...1, summary: "1 keeps the image's luminance, 0 the colour's"),
        ],
        stages: [.pointwise("hb_colorize", file: "pointwise/colorize.glsl")])

    static let depthLuminance = FilterDescriptor(
        name: "depth_luminance", kind: .pointwise, summary: "Luminance read as depth: bright near, dark far.",
        formula: "d = 1 - clamp((luma709(rgb) - offset) / range, 0, 1), grey and opaque (Harbeth C7DepthLuminance)",
        parameters: [
            .number("offset", default: 0, range: -1...1, summary: "the luminance that is nearest"),
            .number("range", default: 1, range: 0.01...4, summary: "the luminance span from near to far"),
        ],
        stages: [.pointwise("hb_depth_luminance", file: "pointwise/depth_luminance.glsl")])

    static let dither = FilterDescriptor(
        name: "dither", kind: .pointwise, summary: "Ordered (Bayer) dithering to a number of levels.",
        formula: "t = (B_n(x mod n, y mod n) + 0.5) / n^2 with B_2n = 4 B_n(x mod n, y mod n) + B_2(x / n, y / n),"
            + " B_2 = [0 2; 3 1]; c' = min(floor(c (levels - 1) + t), levels - 1) / (levels - 1) on r, g, b",
        parameters: [
            .integer("levels", default: 4, range: 2...256, summary: "levels per channel"),
            .choice("matrix", ["2", "4", "8"], default: "8", summary: "the Bayer matrix's size"),
        ],
        stages: [.pointwise("hb_dither", file: "pointwise/dither.glsl")],
        layout: ["levels", "matrix"],
        pack: { values, _ in [Float(values.number("levels")), Float(values.text("matrix")) ?? 8] })

    static let rgbaShift = FilterDescriptor(
        name: "rgba_shift", kind: .geometric, summary: "Moves each channel by whole pixels.",
        formula: "out.c(x, y) = in.c(x - h_c, y - v_c); past the edge the edge pixel (smear) or the other side"
            + " (wrap) (FFmpeg rgbashift)",
        parameters: ["rh", "rv", "gh", "gv", "bh", "bv", "ah", "av"].map { name in
            .integer(
                name, default: 0, range: -255...255,
                summary: "\(["r": "red", "g": "green", "b": "blue", "a": "alpha"][String(name.first!)]!) "
                    + (name.last == "h" ? "right" : "down") + ", in pixels")
        } + [.choice("edge", ["smear", "wrap"], default: "smear", summary: "what lies past the edge")],
        stages: [.kernel("hb_rgba_shift", file: "kernels/rgba_shift.glsl")])

    static let lensCorrection = FilterDescriptor(
        name: "lens_correction", kind: .geometric, summary: "Corrects (or adds) radial lens distortion.",
        formula: "d = p - c in pixels, r2 = |d|^2 / ((w^2 + h^2) / 4), src = c + d (1 + k1 r2 + k2 r2^2), bilinear,"
            + " transparent black outside the frame (FFmpeg lenscorrection's model, which reads integer positions"
            + " nearest)",
        parameters: [
            .list("center", count: 2...2, default: [0.5, 0.5], range: 0...1, summary: "the optical centre"),
            .number("k1", default: 0, range: -1...1, summary: "the quadratic term: negative for barrel"),
            .number("k2", default: 0, range: -1...1, summary: "the quartic term"),
        ],
        stages: [.kernel("hb_lens_correction", file: "kernels/lens_correction.glsl", samples: true)])

    static let kaleidoscope = FilterDescriptor(
        name: "kaleidoscope", kind: .geometric, summary: "One wedge about a centre, mirrored all the way round.",
        formula: "about c (width units): a = atan(d) - angle, s = 2 pi / segments, a' = a mod s, a'' = min(a', s - a'),"
            + " src = c + |d| (cos, sin)(a'' + angle), bilinear, clamped",
        parameters: [
            .list("center", count: 2...2, default: [0.5, 0.5], range: 0...1, summary: "the centre"),
            .integer("segments", default: 6, range: 2...64, summary: "how many wedges"),
            .number("angle", default: 0, range: -360...360, summary: "where the first wedge starts, in degrees"),
        ],
        stages: [.kernel("hb_kaleidoscope", file: "kernels/kaleidoscope.glsl", samples: true)])

    static let adaptiveThreshold = FilterDescriptor(
        name: "adaptive_threshold", kind: .neighborhood,
        summary: "Black and white by each pixel's luminance against its neighbourhood's mean.",
        formula: "white where luma >= the (2 radius + 1)^2 box mean of luma (clamped) - offset, else black"
            + " (GPUImage AdaptiveThreshold, whose mean is a box blur and offset 0.05)",
        parameters: [
            .integer("radius", default: 4, range: 1...16, summary: "the neighbourhood's radius in pixels"),
            .number("offset", default: 0.05, range: -1...1, summary: "how far below the mean is still white"),
        ],
        stages: [.kernel("hb_adaptive_threshold", file: "kernels/adaptive_threshold.glsl")])

    static let all: [FilterDescriptor] = [
        despill, lumaKey, colorKey, yuvChromaKey, colorize, depthLuminance, dither, rgbaShift, lensCorrection,
        kaleidoscope,
        adaptiveThreshold,
    ]
}

extension Filter {
    /// `despill` of a green (or, when `blue`, a blue) screen, with FFmpeg's
    /// `mix` and `expand`; values clamped.
    public static func despill(blue: Bool = false, mix: Double = 0.5, expand: Double = 0) -> Filter {
        Filter(
            clamping: KeyingAndOpticsFilters.despill,
            values: ["type": .choice(blue ? "blue" : "green"), "mix": .number(mix), "expand": .number(expand)])
    }

    /// `luma_key`: luminances within `tolerance` of `threshold` made
    /// transparent, with a `softness` edge; values clamped.
    public static func lumaKey(threshold: Double, tolerance: Double = 0.01, softness: Double = 0) -> Filter {
        Filter(
            clamping: KeyingAndOpticsFilters.lumaKey,
            values: [
                "threshold": .number(threshold), "tolerance": .number(tolerance), "softness": .number(softness),
            ])
    }

    /// `color_key`: colours within `similarity` of `color` (RGB distance
    /// over sqrt(3)) made transparent, with a `blend` edge, as FFmpeg's
    /// colorkey; values clamped.
    public static func colorKey(color: RGB, similarity: Double = 0.01, blend: Double = 0) -> Filter {
        Filter(
            clamping: KeyingAndOpticsFilters.colorKey,
            values: [
                "color": .list([color.red, color.green, color.blue]), "similarity": .number(similarity),
                "blend": .number(blend),
            ])
    }

    /// `colorize` with the HSL colour (`hue` in degrees), keeping `mix` of
    /// the image's luminance; values clamped.
    public static func colorize(hue: Double, saturation: Double = 0.5, lightness: Double = 0.5, mix: Double = 1)
        -> Filter
    {
        Filter(
            clamping: KeyingAndOpticsFilters.colorize,
            values: [
                "hue": .number(hue), "saturation": .number(saturation), "lightness": .number(lightness),
                "mix": .number(mix),
            ])
    }

    /// `depth_luminance` with the nearest luminance `offset` and the span `range`; clamped.
    public static func depthLuminance(offset: Double = 0, range: Double = 1) -> Filter {
        Filter(
            clamping: KeyingAndOpticsFilters.depthLuminance,
            values: ["offset": .number(offset), "range": .number(range)])
    }

    /// `dither` to `levels` per channel with the Bayer matrix of size `matrix` (2, 4 or 8).
    public static func dither(levels: Int, matrix: Int = 8) -> Filter {
        Filter(
            clamping: KeyingAndOpticsFilters.dither,
            values: [
                "levels": .number(Double(levels)), "matrix": .choice([2, 4].contains(matrix) ? "\(matrix)" : "8"),
            ])
    }

    /// `rgba_shift`: red, green, blue moved right and down by whole pixels
    /// (clamped to -255...255); past the edge the edge pixel, or the other
    /// side when `wrap`.
    public static func rgbaShift(
        red: (Int, Int) = (0, 0), green: (Int, Int) = (0, 0), blue: (Int, Int) = (0, 0),
        wrap: Bool = false
    ) -> Filter {
        Filter(
            clamping: KeyingAndOpticsFilters.rgbaShift,
            values: [
                "rh": .number(Double(red.0)), "rv": .number(Double(red.1)), "gh": .number(Double(green.0)),
                "gv": .number(Double(green.1)), "bh": .number(Double(blue.0)), "bv": .number(Double(blue.1)),
                "edge": .choice(wrap ? "wrap" : "smear"),
            ])
    }

    /// `lens_correction` with the radial terms `k1` and `k2` (-1...1, clamped).
    public static func lensCorrection(k1: Double, k2: Double = 0) -> Filter {
        Filter(clamping: KeyingAndOpticsFilters.lensCorrection, values: ["k1": .number(k1), "k2": .number(k2)])
    }

    /// `kaleidoscope` of `segments` wedges (2...64) starting at `angle` degrees.
    public static func kaleidoscope(segments: Int = 6, angle: Double = 0) -> Filter {
        Filter(
            clamping: KeyingAndOpticsFilters.kaleidoscope,
            values: ["segments": .number(Double(segments)), "angle": .number(angle)])
    }

    /// `adaptive_threshold` against the mean of a `radius` neighbourhood less `offset`; clamped.
    public static func adaptiveThreshold(radius: Int = 4, offset: Double = 0.05) -> Filter {
        Filter(
            clamping: KeyingAndOpticsFilters.adaptiveThreshold,
            values: ["radius": .number(Double(radius)), "offset": .number(offset)])
    }
}
