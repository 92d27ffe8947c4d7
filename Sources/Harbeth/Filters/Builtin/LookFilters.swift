/// Harbeth's combination filters as looks: named presets that expand to
/// chains of the catalog's own filters, so they fuse like any chain. Each
/// step's values move from the value that changes nothing (at amount 0)
/// to the look's (at amount 1); a step whose value would fall below its
/// parameter's range (a blur of sigma 0) is left out.
enum LookFilters {
    /// One filter of a look: values that follow the amount, and fixed ones.
    private struct Step: Sendable {
        let descriptor: FilterDescriptor
        let scaled: [(name: String, from: [Double], to: [Double])]
        let fixed: [(name: String, value: FilterValue)]

        init(
            _ descriptor: FilterDescriptor, _ scaled: [(name: String, from: [Double], to: [Double])],
            fixed: [(name: String, value: FilterValue)] = []
        ) {
            self.descriptor = descriptor
            self.scaled = scaled
            self.fixed = fixed
        }

        /// The filter at `amount`, or nil when a value falls below its range.
        func filter(amount: Double) -> Filter? {
            var values: [String: FilterValue] = [:]
            for (name, from, to) in scaled {
                let numbers = zip(from, to).map { from, to in from + (to - from) * amount }
                if let lower = descriptor.parameter(named: name)?.range?.lowerBound,
                    numbers.contains(where: { $0 < lower })
                {
                    return nil
                }
                values[name] = numbers.count == 1 ? .number(numbers[0]) : .list(numbers)
            }
            for (name, value) in fixed { values[name] = value }
            return Filter(clamping: descriptor, values: values)
        }

        /// The step as the formula prints it: `contrast=contrast=1+0.2a`.
        var text: String {
            func term(_ from: Double, _ to: Double) -> String {
                let slope = ((to - from) * 1e6).rounded() / 1e6
                let rate = abs(slope) == 1 ? "a" : FilterValue.format(abs(slope)) + "a"
                if slope == 0 { return FilterValue.format(from) }
                if from == 0 { return (slope < 0 ? "-" : "") + rate }
                return FilterValue.format(from) + (slope < 0 ? "-" : "+") + rate
            }
            let values =
                scaled.map { name, from, to in
                    let terms = zip(from, to).map(term)
                    return name + "="
                        + (Set(terms).count == 1 && terms.count > 1
                            ? "(\(terms[0]))x\(terms.count)" : terms.joined(separator: "/"))
                } + fixed.map { "\($0.name)=\($0.value)" }
            return descriptor.name + "=" + values.joined(separator: ":")
        }
    }

    private static let amount = FilterParameter.number(
        "amount", default: 1, range: 0...1, summary: "0 changes nothing; 1 is the full look")

    /// A look; `harbeth` says it follows Harbeth's C7Combination filter of that name.
    private static func look(_ name: String, _ summary: String, _ steps: [Step], harbeth: Bool = true)
        -> FilterDescriptor
    {
        let source =
            harbeth
            ? " (after Harbeth's C7Combination"
                + name.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + ")"
            : " (a common grade, not one of Harbeth's)"
        return FilterDescriptor(
            look: name, summary: summary,
            formula: steps.map(\.text).joined(separator: ", ") + "; a = amount" + source,
            parameters: [amount],
            expansion: { values in
                let amount = values.number("amount")
                return steps.compactMap { $0.filter(amount: amount) }
            })
    }

    private static func grey(_ from: Double, _ to: Double) -> (name: String, from: [Double], to: [Double]) {
        ("color", [from, from, from], [to, to, to])
    }

    private static func vignette(start: Double, end: Double, darkest: Double) -> Step {
        Step(
            AdjustmentFilters.vignetteBlend, [grey(1, darkest)],
            fixed: [("start", .number(start)), ("end", .number(end)), ("mode", .choice("multiply"))])
    }

    private static let contrast = ColourFilters.contrast
    private static let saturation = ColourFilters.saturation
    private static let exposure = ColourFilters.exposure

    static let cinematic = look(
        "cinematic", "Film-like contrast, muted colour and a dark vignette.",
        [
            Step(contrast, [("contrast", [1], [1.2])]), Step(saturation, [("saturation", [1], [0.8])]),
            Step(exposure, [("exposure", [0], [0.1])]), vignette(start: 0.3, end: 0.615, darkest: 0),
        ])

    static let vintage = look(
        "vintage", "Sepia, faded colour, grain and a vignette.",
        [
            Step(ColourFilters.sepia, [("intensity", [0], [0.8])]), Step(contrast, [("contrast", [1], [0.9])]),
            Step(saturation, [("saturation", [1], [0.7])]),
            Step(AdjustmentFilters.granularity, [("grain", [0], [0.1])]),
            vignette(start: 0.2, end: 0.44, darkest: 0),
        ])

    static let vintageFilm = look(
        "vintage_film", "Sepia film stock: more contrast, grain and a soft vignette.",
        [
            Step(ColourFilters.sepia, [("intensity", [0], [0.8])]), Step(contrast, [("contrast", [1], [1.2])]),
            Step(saturation, [("saturation", [1], [0.8])]),
            Step(AdjustmentFilters.granularity, [("grain", [0], [0.15])]),
            vignette(start: 0.3, end: 0.75, darkest: 0.6),
        ])

    static let filmSimulation = look(
        "film_simulation", "A neutral film stock: a little contrast and colour, fine grain.",
        [
            Step(contrast, [("contrast", [1], [1.1])]), Step(saturation, [("saturation", [1], [1.05])]),
            Step(AdjustmentFilters.granularity, [("grain", [0], [0.075])]),
            vignette(start: 0.4, end: 0.9, darkest: 0.2),
        ])

    static let dreamy = look(
        "dreamy", "Soft focus, brighter and warmer.",
        [
            Step(BlurFilters.gaussianBlur, [("sigma", [0], [1.5])]), Step(saturation, [("saturation", [1], [1.1])]),
            Step(exposure, [("exposure", [0], [0.1])]),
            Step(AdjustmentFilters.colorVector, [("vector", [0, 0, 0, 0], [0.02, 0.01, 0, 0])]),
            Step(AdjustmentFilters.channelControl, [("red", [0], [0.05]), ("green", [0], [0.02])]),
        ])

    static let cyberpunk = look(
        "cyberpunk", "Hard contrast, vivid colour, crisp edges, cool with magenta.",
        [
            Step(contrast, [("contrast", [1], [1.8])]), Step(saturation, [("saturation", [1], [1.5])]),
            Step(NeighbourhoodFilters.sharpen, [("amount", [0], [1])]),
            Step(AdjustmentFilters.temperature, [("temperature", [0], [-0.3]), ("color_shift", [0], [0.6])]),
        ])

    static let colorGrading = look(
        "color_grading", "A graded look: contrast, slightly muted colour, opened shadows, held highlights.",
        [
            Step(contrast, [("contrast", [1], [1.2])]), Step(saturation, [("saturation", [1], [0.9])]),
            Step(ToneFilters.highlightsShadows, [("shadows", [0], [0.55]), ("highlights", [1], [0.4])]),
        ])

    static let hdrBoost = look(
        "hdr_boost", "Punchy local contrast: lifted shadows, pulled highlights, sharpened.",
        [
            Step(contrast, [("contrast", [1], [1.5])]), Step(saturation, [("saturation", [1], [1.1])]),
            Step(NeighbourhoodFilters.sharpen, [("amount", [0], [0.8])]),
            Step(ToneFilters.highlightsShadows, [("shadows", [0], [0.65]), ("highlights", [1], [0.3])]),
        ])

    static let modernHDR = look(
        "modern_hdr", "The strong smartphone HDR look.",
        [
            Step(contrast, [("contrast", [1], [1.8])]), Step(saturation, [("saturation", [1], [1.3])]),
            Step(NeighbourhoodFilters.sharpen, [("amount", [0], [1.2])]),
            Step(ToneFilters.highlightsShadows, [("shadows", [0], [0.6]), ("highlights", [1], [0.35])]),
        ])

    static let creativeAtmosphere = look(
        "creative_atmosphere", "A soft glow with a colour shift and a light vignette.",
        [
            Step(BlurFilters.gaussianBlur, [("sigma", [0], [0.9])]),
            Step(AdjustmentFilters.temperature, [("color_shift", [0], [0.2])]),
            vignette(start: 0.3, end: 0.8, darkest: 0.6),
        ])

    static let beautiful = look(
        "beautiful", "Skin smoothing that keeps edges, a little brighter.",
        [
            Step(NeighbourhoodFilters.bilateral, [("sigma_color", [0], [0.15])], fixed: [("sigma_space", .number(4))]),
            Step(exposure, [("exposure", [0], [0.05])]), Step(saturation, [("saturation", [1], [1.05])]),
        ])

    static let bleachBypass = look(
        "bleach_bypass", "Silver kept in the print: desaturated, harder contrast, a little darker.",
        [
            Step(saturation, [("saturation", [1], [0.45])]), Step(contrast, [("contrast", [1], [1.4])]),
            Step(exposure, [("exposure", [0], [-0.1])]),
        ], harbeth: false)

    static let tealOrange = look(
        "teal_orange", "Teal shadows and warm, orange highlights and skin.",
        [
            Step(
                ToneFilters.colorBalance,
                [("shadows", [0, 0, 0], [-0.3, 0.05, 0.25]), ("highlights", [0, 0, 0], [0.25, 0.05, -0.2])]),
            Step(saturation, [("saturation", [1], [1.1])]), Step(contrast, [("contrast", [1], [1.1])]),
        ], harbeth: false)

    static let noir = look(
        "noir", "Black and white with hard contrast and a dark vignette.",
        [
            Step(saturation, [("saturation", [1], [0])]), Step(contrast, [("contrast", [1], [1.5])]),
            vignette(start: 0.35, end: 0.85, darkest: 0.25),
        ], harbeth: false)

    /// The looks, each by its own name.
    static let named: [FilterDescriptor] = [
        beautiful, bleachBypass, cinematic, colorGrading, creativeAtmosphere, cyberpunk, dreamy, filmSimulation,
        hdrBoost, modernHDR, noir, tealOrange, vintage, vintageFilm,
    ]

    /// `look=NAME:amount=A`: any look by name.
    static let anyLook = FilterDescriptor(
        look: "look", summary: "Any look by name: look=cinematic:amount=0.7.",
        formula: "the named look's chain at the amount",
        parameters: [
            .choice("name", named.map(\.name), default: "cinematic", summary: "the look"), amount,
        ],
        expansion: { values in
            let descriptor = named.first { $0.name == values.text("name") } ?? cinematic
            return Filter(clamping: descriptor, values: ["amount": .number(values.number("amount"))]).expanded()
        })

    static let all: [FilterDescriptor] = named + [anyLook]
}

extension Filter {
    /// The looks `Filter.look(_:amount:)` applies.
    public enum Look: String, Sendable, CaseIterable {
        /// Skin smoothing that keeps edges.
        case beautiful
        /// Desaturated, harder contrast: silver kept in the print.
        case bleachBypass = "bleach_bypass"
        /// Black and white, hard contrast, a dark vignette.
        case noir
        /// Teal shadows, orange highlights.
        case tealOrange = "teal_orange"
        /// Film-like contrast, muted colour and a dark vignette.
        case cinematic
        /// Contrast, muted colour, opened shadows, held highlights.
        case colorGrading = "color_grading"
        /// A soft glow with a colour shift.
        case creativeAtmosphere = "creative_atmosphere"
        /// Hard contrast, vivid colour, cool with magenta.
        case cyberpunk
        /// Soft focus, brighter and warmer.
        case dreamy
        /// A neutral film stock with fine grain.
        case filmSimulation = "film_simulation"
        /// Lifted shadows, pulled highlights, sharpened.
        case hdrBoost = "hdr_boost"
        /// The strong smartphone HDR look.
        case modernHDR = "modern_hdr"
        /// Sepia, faded colour, grain and a vignette.
        case vintage
        /// Sepia film stock with grain.
        case vintageFilm = "vintage_film"
    }

    /// A look at `amount` (0...1, clamped): a chain of catalog filters
    /// (`Filter.expanded()` lists them).
    public static func look(_ look: Look, amount: Double = 1) -> Filter {
        let descriptor = LookFilters.named.first { $0.name == look.rawValue }!
        return Filter(clamping: descriptor, values: ["amount": .number(amount)])
    }
}
