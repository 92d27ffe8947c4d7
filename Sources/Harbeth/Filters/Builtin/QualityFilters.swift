import HarbethShaders

/// Quality work: contrast-adaptive sharpening, lens fringes, film grain,
/// debanding and non-local-means denoising.
enum QualityFilters {
    static let cas = FilterDescriptor(
        name: "cas", kind: .neighborhood, summary: "Contrast-adaptive sharpening (AMD FidelityFX CAS).",
        formula: "per channel on the 3x3 square: mn = min(cross) + min(square), mx = max(cross) + max(square);"
            + " amp = sqrt(clamp(min(mn, 2 - mx) / mx, 0, 1)); w = -amp / mix(16, 4.01, strength);"
            + " ((b + d + f + h) w + e) / (1 + 4 w) (FFmpeg cas's constants). Alone on planar YUV or grey written back"
            + " as such: per plane, Y, U and V each at its own size, as FFmpeg's cas; otherwise per RGB channel",
        parameters: [.number("strength", default: 0, range: 0...1, summary: "0 sharpens least, 1 most")],
        stages: [.kernel("hb_cas", file: "kernels/cas.glsl")])

    static let chromaticAberration = FilterDescriptor(
        name: "chromatic_aberration", kind: .geometric, summary: "A lens's colour fringes towards the edges.",
        formula: "red at c + (p - c)(1 + amount), blue at c + (p - c)(1 - amount), green unchanged; bilinear",
        parameters: [
            .list("center", count: 2...2, default: [0.5, 0.5], range: 0...1, summary: "the lens's centre"),
            .number("amount", default: 0.005, range: -0.1...0.1, summary: "the fringe's relative size"),
        ],
        stages: [.kernel("hb_chromatic_aberration", file: "kernels/chromatic_aberration.glsl", samples: true)])

    static let filmGrain = FilterDescriptor(
        name: "film_grain", kind: .neighborhood,
        summary: "Grain of a size, strongest in the midtones, every frame new.",
        formula: "n = value noise of hashed lattice points every `size` pixels, new every frame;"
            + " rgb + (n - 0.5) strength (1 - response (2 l - 1)^2); per channel with color=1",
        parameters: [
            .number("strength", default: 0.1, range: 0...1, summary: "the grain's amplitude"),
            .number("size", default: 1.5, range: 1...16, summary: "grain size in pixels"),
            .number("response", default: 0.7, range: 0...1, summary: "0 even; 1 only in the midtones"),
            .boolean("color", default: false, summary: "a grain per channel"),
        ],
        stages: [.kernel("hb_film_grain", file: "kernels/film_grain.glsl")])

    static let deband = FilterDescriptor(
        name: "deband", kind: .neighborhood, summary: "Removes banding in smooth gradients (libplacebo's algorithm).",
        formula: "for i = 1...iterations: the mean of 4 samples at a random offset (distance up to radius i,"
            + " quadrilateral) replaces channels within threshold / (16384 i) of it; then"
            + " rgb + (random - 0.5) grain / 8192 (libplacebo deband, with an integer hash for its PRNG). Alone on"
            + " planar YUV or grey written back as such: per plane, Y, U and V each at its own size with offsets in"
            + " luma pixels, as libplacebo debands its source's planes; otherwise on RGB",
        parameters: [
            .integer("iterations", default: 1, range: 1...16, summary: "rounds, each reaching further"),
            .number("threshold", default: 4, range: 0...1000, summary: "libplacebo's units: 4 is about 1/4096"),
            .number("radius", default: 16, range: 0...1000, summary: "first round's reach, pixels"),
            .number("grain", default: 6, range: 0...1000, summary: "dither added after, libplacebo's units"),
        ],
        stages: [.kernel("hb_deband", file: "kernels/deband.glsl", samples: true)])

    static let denoise = FilterDescriptor(
        name: "denoise", kind: .neighborhood, summary: "Non-local means denoising (FFmpeg nlmeans's parameters).",
        formula: "sum w(q) in(q) / sum w(q) over the r x r research window inside the frame, w = exp(-SSD / h^2),"
            + " h = 10 s / 255, SSD over the p x p patches (edges clamped), w under 1/255 counting for nothing"
            + " (FFmpeg 5.1 nlmeans, whose s:p:pc:r:rc it takes). Alone on planar YUV or grey written back as such, with p and r up to"
            + " the defaults and fixed: per plane, Y, U and V each at its own size, as FFmpeg's nlmeans; otherwise"
            + " per RGB channel",
        parameters: [
            .number("s", default: 1, range: 1...30, summary: "denoising strength"),
            .integer("p", default: 7, range: 1...15, summary: "patch size, odd"),
            .integer("r", default: 15, range: 1...31, summary: "research window, odd"),
        ],
        stages: [.kernel("hb_denoise", file: "kernels/denoise.glsl")],
        plannedStages: { values, input in
            for name in ["p", "r"] where values.integer(name) % 2 == 0 {
                throw RenderError.invalidFilterSetup(
                    filter: "denoise", reason: "\(name) must be odd, not \(values.integer(name))")
            }
            return [SizedStage(stage: denoiseStage(values), outputSize: input)]
        })

    /// The stage a denoise runs: with the patch and research radii compiled
    /// in (kernels/denoise_strip.glsl, a strip of pixels per invocation)
    /// up to the default sizes, p 7 and r 15; the loops of
    /// kernels/denoise.glsl past them, or when p or r moves with time.
    static func denoiseStage(_ values: FilterValues) -> FilterStage {
        let (patch, research) = (values.integer("p") / 2, values.integer("r") / 2)
        guard patch <= 3, research <= 7, values.animated.isDisjoint(with: ["p", "r"]) else {
            return .kernel("hb_denoise", file: "kernels/denoise.glsl")
        }
        let path = "kernels/denoise_strip.glsl"
        let text = "#define HB_PATCH \(patch)\n#define HB_RESEARCH \(research)\n" + (ShaderLibrary.source(path) ?? "")
        return FilterStage(
            .wholeKernel, function: "main", code: .inline(name: path, text: text),
            invocationBlock: FrameSize(width: 1, height: 16))
    }

    static let all: [FilterDescriptor] = [cas, chromaticAberration, filmGrain, deband, denoise]
}

extension Filter {
    /// `cas` sharpening of `strength` (0...1, clamped).
    public static func cas(strength: Double = 0) -> Filter {
        Filter(clamping: QualityFilters.cas, values: ["strength": .number(strength)])
    }

    /// `chromatic_aberration` of `amount` (-0.1...0.1) about `center`; clamped.
    public static func chromaticAberration(amount: Double = 0.005, center: (x: Double, y: Double) = (0.5, 0.5))
        -> Filter
    {
        Filter(
            clamping: QualityFilters.chromaticAberration,
            values: ["amount": .number(amount), "center": .list([center.x, center.y])])
    }

    /// `film_grain` of `strength` (0...1) and `size` (1...16 pixels),
    /// weighted to the midtones by `response` (0...1), per channel when
    /// `color`; clamped.
    public static func filmGrain(
        strength: Double = 0.1, size: Double = 1.5, response: Double = 0.7, color: Bool = false
    )
        -> Filter
    {
        Filter(
            clamping: QualityFilters.filmGrain,
            values: [
                "strength": .number(strength), "size": .number(size), "response": .number(response),
                "color": .number(color ? 1 : 0),
            ])
    }

    /// `deband` with libplacebo's parameters; clamped.
    public static func deband(iterations: Int = 1, threshold: Double = 4, radius: Double = 16, grain: Double = 6)
        -> Filter
    {
        Filter(
            clamping: QualityFilters.deband,
            values: [
                "iterations": .number(Double(iterations)), "threshold": .number(threshold),
                "radius": .number(radius), "grain": .number(grain),
            ])
    }

    /// `denoise` (non-local means) of strength `s` (1...30), patch `p` and
    /// research window `r` (odd); clamped.
    public static func denoise(s: Double = 1, p: Int = 7, r: Int = 15) -> Filter {
        Filter(
            clamping: QualityFilters.denoise,
            values: ["s": .number(s), "p": .number(Double(p)), "r": .number(Double(r))])
    }
}
