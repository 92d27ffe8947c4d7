/// Blurs with a shape or a rule: tilt-shift, a blurred disc, a ring of
/// samples, Photoshop's surface blur and a detail-keeping blur.
enum BlurEffectFilters {
    private static let sigma = FilterParameter.number(
        "sigma", default: 6, range: 0.1...20, summary: "the blur's standard deviation in pixels")
    private static let intensity = FilterParameter.number(
        "intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged")
    private static let blurMix = FilterStage.kernel(
        "hb_blur_mix_v", file: "kernels/blur_mix.glsl", readsFilterInput: true)

    static let tiltShift = FilterDescriptor(
        name: "tilt_shift", kind: .neighborhood,
        summary: "A sharp band (or disc) with blur beyond it, like a miniature.",
        formula: "linear: d = |y / h - center|; radial: d = |p - (w/2, center h)| / |(w/2, h/2)|;"
            + " k = clamp((d - size/2) / transition, 0, 1) (0 inside size/2); mix(in, gaussian_blur(sigma), k intensity)"
            + " (Harbeth C7TiltShift, with gaussian_blur's separable blur)",
        parameters: [
            sigma,
            .number("center", default: 0.5, range: 0...1, summary: "the sharp band's centre, a fraction of the height"),
            .number("size", default: 0.3, range: 0...2, summary: "the sharp band's width"),
            .number("transition", default: 0.2, range: 0...2, summary: "the width over which the blur comes in"),
            .choice("mode", ["linear", "radial"], default: "linear", summary: "a horizontal band or a disc"),
            intensity,
        ],
        stages: [.kernel("hb_gaussian_blur_h", file: "kernels/gaussian_blur.glsl"), blurMix],
        layout: blurMixLayout,
        pack: { values, _ in
            BlurFilters.blurData(
                sigma: values.number("sigma"),
                [
                    values.text("mode") == "radial" ? 1 : 0, Float(values.number("intensity")),
                    Float(values.number("center")), 0, Float(values.number("size")), Float(values.number("transition")),
                ])
        },
        plannedStages: BlurFilters.blurThen(blurMix))

    static let localBlur = FilterDescriptor(
        name: "local_blur", kind: .neighborhood, summary: "Blurs a disc, with a soft edge.",
        formula: "d = |p - center| in widths; k = 1 - smoothstep(size/2 - softness, size/2, d);"
            + " mix(in, gaussian_blur(sigma), k intensity) (Harbeth C7LocalBlur)",
        parameters: [
            sigma,
            .list(
                "center", count: 2...2, default: [0.5, 0.5], range: 0...1, summary: "centre as fractions of the frame"),
            .number("size", default: 0.5, range: 0...4, summary: "the disc's diameter, in widths"),
            .number("softness", default: 0.1, range: 0...2, summary: "the width of its edge"),
            intensity,
        ],
        stages: [.kernel("hb_gaussian_blur_h", file: "kernels/gaussian_blur.glsl"), blurMix],
        layout: blurMixLayout,
        pack: { values, _ in
            BlurFilters.blurData(
                sigma: values.number("sigma"),
                [2, Float(values.number("intensity"))] + values.list("center").map(Float.init)
                    + [Float(values.number("size")), Float(values.number("softness"))])
        },
        plannedStages: BlurFilters.blurThen(blurMix))

    static let circleBlur = FilterDescriptor(
        name: "circle_blur", kind: .neighborhood, summary: "The mean of samples on a ring around each pixel.",
        formula: "1/N sum_i in(p + radius (cos 2 pi i/N, sin 2 pi i/N)), bilinear"
            + " (Harbeth C7CircleBlur, whose radius is a fraction of each axis)",
        parameters: [
            .number("radius", default: 6, range: 0...100, summary: "the ring's radius in pixels"),
            .integer("samples", default: 16, range: 1...128, summary: "samples on the ring"),
        ],
        stages: [.kernel("hb_circle_blur", file: "kernels/circle_blur.glsl", samples: true)])

    static let meanBlur = FilterDescriptor(
        name: "mean_blur", kind: .neighborhood,
        summary: "The mean of four copies moved to a square's corners (a ghost).",
        formula: "d = radius / 100 of each axis; 1/4 sum in(floor(p + (+-d w, +-d h))), clamped to the frame"
            + " (Harbeth C7MeanBlur)",
        parameters: [.number("radius", default: 10, range: 0...100, summary: "the offset, percent of the frame")],
        stages: [.kernel("hb_mean_blur", file: "kernels/mean_blur.glsl", readsSourceDirectly: true)])

    static let surfaceBlur = FilterDescriptor(
        name: "surface_blur", kind: .neighborhood, summary: "Smooths flat areas and keeps edges (Photoshop's rule).",
        formula: "per channel over |x|, |y| <= radius: w = max(0, 1 - |in(q) - in(p)| / (2.5 threshold)),"
            + " sum w in(q) / sum w; alpha kept (Photoshop and GIMP Surface Blur; Harbeth's C7SurfaceBlur is"
            + " a bilateral filter, which bilateral is)",
        parameters: [
            .integer("radius", default: 3, range: 1...10, summary: "half the square's side in pixels"),
            .number("threshold", default: 0.1, range: 0.004...1, summary: "differences that still count"),
        ],
        stages: [.kernel("hb_surface_blur", file: "kernels/surface_blur.glsl")])

    static let detailPreservingBlur = FilterDescriptor(
        name: "detail_preserving_blur", kind: .neighborhood, summary: "A light blur that keeps part of the detail.",
        formula: "b = 5x5 binomial blur ((1, 4, 6, 4, 1) / 16 each way); mix(in, b + (in - b) detail, strength)"
            + " (Harbeth C7DetailPreservingBlur)",
        parameters: [
            .number("strength", default: 1, range: 0...1, summary: "0 leaves the image unchanged"),
            .number("detail", default: 0.3, range: 0...1, summary: "share of the detail kept"),
        ],
        stages: [.kernel("hb_binomial_detail", file: "kernels/binomial_detail.glsl")],
        layout: ["mode", "amount", "edge"],
        pack: { values, _ in [0, Float(values.number("strength")), Float(values.number("detail"))] })

    /// The data of kernels/blur_mix.glsl, which tilt_shift, local_blur and
    /// clarity share: the blur's radius, the mask's mode and values (a
    /// tilt_shift's band has one centre value, its falloff the transition;
    /// a local_blur's disc two, its falloff the softness), the weights.
    static let blurMixLayout: [ParameterField] = [
        "radius", "mode", "intensity", .init("center", count: 2), "size", "falloff", .rest("weights"),
    ]

    static let all: [FilterDescriptor] = [
        tiltShift, localBlur, circleBlur, meanBlur, surfaceBlur, detailPreservingBlur,
    ]
}

extension Filter {
    /// `tilt_shift`: a sharp band (or disc, `radial`) of `size` at
    /// `center` with a Gaussian blur of `sigma` beyond it over `transition`;
    /// values clamped.
    public static func tiltShift(
        sigma: Double = 6, center: Double = 0.5, size: Double = 0.3, transition: Double = 0.2, radial: Bool = false,
        intensity: Double = 1
    ) -> Filter {
        Filter(
            clamping: BlurEffectFilters.tiltShift,
            values: [
                "sigma": .number(sigma), "center": .number(center), "size": .number(size),
                "transition": .number(transition), "mode": .choice(radial ? "radial" : "linear"),
                "intensity": .number(intensity),
            ])
    }

    /// `local_blur`: a disc of `size` widths at `center` blurred by
    /// `sigma`, its edge `softness` wide; values clamped.
    public static func localBlur(
        sigma: Double = 6, center: (x: Double, y: Double) = (0.5, 0.5), size: Double = 0.5, softness: Double = 0.1,
        intensity: Double = 1
    ) -> Filter {
        Filter(
            clamping: BlurEffectFilters.localBlur,
            values: [
                "sigma": .number(sigma), "center": .list([center.x, center.y]), "size": .number(size),
                "softness": .number(softness), "intensity": .number(intensity),
            ])
    }

    /// `circle_blur` over a ring of `radius` pixels (0...100) with
    /// `samples` samples (1...128); clamped.
    public static func circleBlur(radius: Double = 6, samples: Int = 16) -> Filter {
        Filter(
            clamping: BlurEffectFilters.circleBlur,
            values: ["radius": .number(radius), "samples": .number(Double(samples))])
    }

    /// `mean_blur`: four copies `radius` percent of the frame (0...100)
    /// towards a square's corners, averaged; clamped.
    public static func meanBlur(radius: Double = 10) -> Filter {
        Filter(clamping: BlurEffectFilters.meanBlur, values: ["radius": .number(radius)])
    }

    /// `surface_blur` over a square of `radius` (1...10) with `threshold`
    /// (0.004...1); clamped.
    public static func surfaceBlur(radius: Int = 3, threshold: Double = 0.1) -> Filter {
        Filter(
            clamping: BlurEffectFilters.surfaceBlur,
            values: ["radius": .number(Double(radius)), "threshold": .number(threshold)])
    }

    /// `detail_preserving_blur` of `strength` (0...1) keeping `detail`
    /// (0...1) of what it removes; clamped.
    public static func detailPreservingBlur(strength: Double = 1, detail: Double = 0.3) -> Filter {
        Filter(
            clamping: BlurEffectFilters.detailPreservingBlur,
            values: ["strength": .number(strength), "detail": .number(detail)])
    }
}
