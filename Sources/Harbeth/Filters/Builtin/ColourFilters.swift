/// Pointwise colour filters.
enum ColourFilters {
    static let brightness = FilterDescriptor(
        name: "brightness", kind: .pointwise, summary: "Adds a constant to every channel.",
        formula: "rgb + b (Harbeth C7Brightness)",
        parameters: [.number("brightness", default: 0, range: -1...1, summary: "amount added")],
        stages: [.pointwise("hb_brightness", file: "pointwise/brightness.glsl")])

    static let contrast = FilterDescriptor(
        name: "contrast", kind: .pointwise, summary: "Stretches or squeezes values around mid-grey.",
        formula: "0.5 + (rgb - 0.5) * c (Harbeth C7Contrast)",
        parameters: [.number("contrast", default: 1, range: 0...4, summary: "1 leaves the image unchanged")],
        stages: [.pointwise("hb_contrast", file: "pointwise/contrast.glsl")])

    static let saturation = FilterDescriptor(
        name: "saturation", kind: .pointwise, summary: "Moves colours towards or away from their grey.",
        formula: "mix(luma, rgb, s), luma = dot(rgb, (0.2125, 0.7154, 0.0721)) (Harbeth C7Saturation)",
        parameters: [.number("saturation", default: 1, range: 0...2, summary: "0 is grey, 1 unchanged")],
        stages: [.pointwise("hb_saturation", file: "pointwise/saturation.glsl")])

    static let exposure = FilterDescriptor(
        name: "exposure", kind: .pointwise, summary: "Scales values by powers of two, like camera stops.",
        formula: "rgb * 2^e (Harbeth C7Exposure)",
        parameters: [.number("exposure", default: 0, range: -10...10, summary: "stops")],
        stages: [.pointwise("hb_exposure", file: "pointwise/exposure.glsl")])

    static let gamma = FilterDescriptor(
        name: "gamma", kind: .pointwise, summary: "Raises each channel to a power.",
        formula: "pow(max(rgb, 0), g) (Harbeth C7Gamma)",
        parameters: [.number("gamma", default: 1, range: 0.01...3, summary: "the exponent")],
        stages: [.pointwise("hb_gamma", file: "pointwise/gamma.glsl")])

    static let sepia = FilterDescriptor(
        name: "sepia", kind: .pointwise, summary: "Warm brown toning.",
        formula: "mix(rgb, M * rgb, intensity), M rows (.3588 .7044 .1368) (.2990 .5870 .1140) (.2392 .4696 .0912)"
            + " (Harbeth C7Sepia)",
        parameters: [.number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged")],
        stages: [.pointwise("hb_sepia", file: "pointwise/sepia.glsl")])

    static let grayscale = FilterDescriptor(
        name: "grayscale", kind: .pointwise, summary: "Removes colour.",
        formula: "luminosity dot(rgb, (0.2125, 0.7154, 0.0721)); average (r+g+b)/3;"
            + " desaturate (max+min)/2 (Harbeth C7Grayed)",
        parameters: [
            .choice(
                "mode", ["luminosity", "average", "desaturate"], default: "luminosity", summary: "how grey is computed")
        ],
        stages: [.pointwise("hb_grayscale", file: "pointwise/grayscale.glsl")])

    static let invert = FilterDescriptor(
        name: "invert", kind: .pointwise, summary: "Negative image.",
        formula: "1 - rgb, alpha unchanged (Harbeth C7ColorInvert)",
        parameters: [],
        stages: [.pointwise("hb_invert", file: "pointwise/invert.glsl")])

    static let all: [FilterDescriptor] = [brightness, contrast, saturation, exposure, gamma, sepia, grayscale, invert]
}

extension Filter {
    /// `brightness`: rgb + b, b in -1...1 (clamped).
    public static func brightness(_ amount: Double) -> Filter {
        Filter(clamping: ColourFilters.brightness, values: ["brightness": .number(amount)])
    }

    /// `contrast`: 0.5 + (rgb - 0.5) * c, c in 0...4 (clamped).
    public static func contrast(_ amount: Double) -> Filter {
        Filter(clamping: ColourFilters.contrast, values: ["contrast": .number(amount)])
    }

    /// `saturation`: mix(luma, rgb, s), s in 0...2 (clamped).
    public static func saturation(_ amount: Double) -> Filter {
        Filter(clamping: ColourFilters.saturation, values: ["saturation": .number(amount)])
    }

    /// `exposure`: rgb * 2^e, e in -10...10 (clamped).
    public static func exposure(_ stops: Double) -> Filter {
        Filter(clamping: ColourFilters.exposure, values: ["exposure": .number(stops)])
    }

    /// `gamma`: pow(rgb, g), g in 0.01...3 (clamped).
    public static func gamma(_ exponent: Double) -> Filter {
        Filter(clamping: ColourFilters.gamma, values: ["gamma": .number(exponent)])
    }

    /// `sepia` with Harbeth's matrix; intensity in 0...1 (clamped).
    public static func sepia(intensity: Double = 1) -> Filter {
        Filter(clamping: ColourFilters.sepia, values: ["intensity": .number(intensity)])
    }

    /// How `grayscale` computes grey.
    public enum GrayscaleMode: String, Sendable {
        /// Weighted luma: dot(rgb, (0.2125, 0.7154, 0.0721)).
        case luminosity
        /// The mean of the three channels: (r + g + b) / 3.
        case average
        /// Midway between the largest and smallest channel: (max + min) / 2.
        case desaturate
    }

    /// `grayscale`.
    public static func grayscale(_ mode: GrayscaleMode = .luminosity) -> Filter {
        Filter(clamping: ColourFilters.grayscale, values: ["mode": .choice(mode.rawValue)])
    }

    /// `invert`: 1 - rgb.
    public static var invert: Filter { Filter(clamping: ColourFilters.invert) }
}
