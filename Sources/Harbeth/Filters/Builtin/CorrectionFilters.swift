/// Harbeth's one-knob corrections: clarity, colour correction, luminance-
/// adaptive contrast and colour-space conversions.
enum CorrectionFilters {
    private static let blurMix = FilterStage.kernel(
        "hb_blur_mix_v", file: "kernels/blur_mix.glsl", readsFilterInput: true)

    static let clarity = FilterDescriptor(
        name: "clarity", kind: .neighborhood, summary: "Local contrast in the midtones.",
        formula: "in + (in - gaussian_blur(sigma)) 4 l (1 - l) intensity, l = luma(in), alpha kept"
            + " (Harbeth C7Clarity, weighted to the midtones as Lightroom's clarity is)",
        parameters: [
            .number("intensity", default: 0.5, range: -1...2, summary: "negative softens"),
            .number("sigma", default: 8, range: 0.1...20, summary: "the size of the detail, pixels"),
        ],
        stages: [.kernel("hb_gaussian_blur_h", file: "kernels/gaussian_blur.glsl"), blurMix],
        layout: BlurEffectFilters.blurMixLayout,
        pack: { values, _ in
            BlurFilters.blurData(sigma: values.number("sigma"), [3, Float(values.number("intensity")), 0, 0, 0, 0])
        },
        plannedStages: BlurFilters.blurThen(blurMix))

    static let colorCorrection = FilterDescriptor(
        name: "color_correction", kind: .pointwise, summary: "One-knob levels, S-curve and warm balance.",
        formula: "levels L: max((rgb - 0.1|L|) / (1 - 0.2|L|), 0)^(1 - 0.3 L); curves C: an S curve of"
            + " exponent 1 + |C|/2 about 0.5; balance B: rgb + (0.5, 0.2, -0.3) 0.2 B (Harbeth C7ColorCorrection)",
        parameters: [
            .number("levels", default: 0, range: -1...1, summary: "0 changes nothing"),
            .number("curves", default: 0, range: -1...1, summary: "S-curve strength (its sign is ignored)"),
            .number("balance", default: 0, range: -1...1, summary: "positive warms, negative cools"),
        ],
        stages: [.pointwise("hb_color_correction", file: "pointwise/color_correction.glsl")])

    static let luminanceAdaptiveContrast = FilterDescriptor(
        name: "luminance_adaptive_contrast", kind: .pointwise,
        summary: "More contrast in the shadows than in the highlights.",
        formula: "l = dot(rgb, (0.299, 0.587, 0.114)); k = mix(1, 1 + 4 amount (0.5 - l), adaptivity);"
            + " (rgb - 0.5) k + 0.5 (Harbeth C7LuminanceAdaptiveContrast)",
        parameters: [
            .number("amount", default: 0.5, range: -1...1, summary: "strength; negative favours the highlights"),
            .number("adaptivity", default: 1, range: 0...1, summary: "0 changes nothing"),
        ],
        stages: [.pointwise("hb_luminance_adaptive_contrast", file: "pointwise/luminance_adaptive_contrast.glsl")])

    /// The matrices of color_space, row-major.
    static let colorSpaceMatrices: [(name: String, matrix: [Float])] = [
        ("rgb_to_yiq", [0.299, 0.587, 0.114, 0.596, -0.274, -0.322, 0.212, -0.523, 0.311]),
        ("yiq_to_rgb", [1, 0.956, 0.621, 1, -0.272, -0.647, 1, -1.105, 1.702]),
        ("rgb_to_yuv", [0.2126, 0.7152, 0.0722, -0.09991, -0.33609, 0.436, 0.615, -0.55861, -0.05639]),
        ("yuv_to_rgb", [1, 0, 1.28033, 1, -0.21482, -0.38059, 1, 2.12798, 0]),
    ]

    static let colorSpace = FilterDescriptor(
        name: "color_space", kind: .pointwise, summary: "RGB to or from YIQ or analogue YUV, as values.",
        formula: "a 3x3 matrix on rgb: YIQ (NTSC 1953) or analogue YUV with BT.709's weights"
            + " (Harbeth C7ColorSpace's matrices, as rows: its Metal constructors take them as columns, which"
            + " transposes them; and its YUV-to-RGB 2.21798 is the inverse's 2.12798)",
        parameters: [
            .choice(
                "conversion", colorSpaceMatrices.map(\.name), default: "rgb_to_yiq",
                summary: "which way and which space")
        ],
        stages: [.pointwise("hb_color_space", file: "pointwise/color_space.glsl")],
        layout: [.init("matrix", count: 9)],
        pack: { values, _ in colorSpaceMatrices[values.choiceIndex("conversion")].matrix })

    static let all: [FilterDescriptor] = [clarity, colorCorrection, luminanceAdaptiveContrast, colorSpace]
}

extension Filter {
    /// `clarity`: midtone local contrast of `intensity` (-1...2) at detail
    /// size `sigma` (0.1...20 pixels); clamped.
    public static func clarity(_ intensity: Double = 0.5, sigma: Double = 8) -> Filter {
        Filter(clamping: CorrectionFilters.clarity, values: ["intensity": .number(intensity), "sigma": .number(sigma)])
    }

    /// `color_correction` with `levels`, `curves` and `balance` (-1...1
    /// each, clamped).
    public static func colorCorrection(levels: Double = 0, curves: Double = 0, balance: Double = 0) -> Filter {
        Filter(
            clamping: CorrectionFilters.colorCorrection,
            values: ["levels": .number(levels), "curves": .number(curves), "balance": .number(balance)])
    }

    /// `luminance_adaptive_contrast` of `amount` (-1...1) mixed by
    /// `adaptivity` (0...1); clamped.
    public static func luminanceAdaptiveContrast(amount: Double = 0.5, adaptivity: Double = 1) -> Filter {
        Filter(
            clamping: CorrectionFilters.luminanceAdaptiveContrast,
            values: ["amount": .number(amount), "adaptivity": .number(adaptivity)])
    }

    /// The conversions of `Filter.colorSpace(_:)`.
    public enum ColorSpaceConversion: String, Sendable, CaseIterable {
        /// RGB to NTSC YIQ.
        case rgbToYIQ = "rgb_to_yiq"
        /// NTSC YIQ to RGB.
        case yiqToRGB = "yiq_to_rgb"
        /// RGB to analogue YUV (BT.709 weights).
        case rgbToYUV = "rgb_to_yuv"
        /// Analogue YUV to RGB.
        case yuvToRGB = "yuv_to_rgb"
    }

    /// `color_space`: the values converted to another space.
    public static func colorSpace(_ conversion: ColorSpaceConversion) -> Filter {
        Filter(clamping: CorrectionFilters.colorSpace, values: ["conversion": .choice(conversion.rawValue)])
    }
}
