import Foundation

/// Pointwise tone and colour corrections: hue, vibrance, white balance,
/// opacity, levels, curves, highlights and shadows, colour balance, HSL.
enum ToneFilters {
    static let hue = FilterDescriptor(
        name: "hue", kind: .pointwise, summary: "Rotates hues, keeping luma and chroma (YIQ).",
        formula: "YIQ with Y (0.299 0.587 0.114), I (0.595716 -0.274453 -0.321263), Q (0.211456 -0.522591 0.31135);"
            + " (I, Q) rotated so atan2(Q, I) decreases by the angle; back with R = Y + 0.9563 I + 0.6210 Q,"
            + " G = Y - 0.2721 I - 0.6474 Q, B = Y - 1.1070 I + 1.7046 Q (Harbeth C7Hue, GPUImage HueFilter)",
        parameters: [.number("degrees", default: 90, range: -360...360, summary: "rotation angle in degrees")],
        stages: [.pointwise("hb_hue", file: "pointwise/hue.glsl")],
        layout: ["cos", "sin"],
        pack: { values, _ in
            let radians = values.number("degrees") * .pi / 180
            return [Float(cos(radians)), Float(sin(radians))]
        })

    static let vibrance = FilterDescriptor(
        name: "vibrance", kind: .pointwise, summary: "Saturates muted colours more than vivid ones.",
        formula: "mix(rgb, max, (max - avg) * -3 v), avg = (r + g + b) / 3, max = max(r, g, b)"
            + " (Harbeth C7Vibrance, GPUImage VibranceFilter)",
        parameters: [.number("vibrance", default: 0, range: -1.2...1.2, summary: "0 leaves the image unchanged")],
        stages: [.pointwise("hb_vibrance", file: "pointwise/vibrance.glsl")])

    static let lumaVibrance = FilterDescriptor(
        name: "luma_vibrance", kind: .pointwise,
        summary: "Pushes each channel from a weighted luma, less where the colour is already saturated.",
        formula: "luma = r lr + g lg + b lb, sat = max - min; i = intensity * balance per channel;"
            + " c + (c - luma) * i * (1 - a sign(i) sat), a = 1 with alternate, else -1"
            + " (FFmpeg 5.1 vibrance, whose intensity, rbal, gbal, bbal, rlum, glum, blum and alternate it takes)",
        parameters: [
            .number("intensity", default: 0, range: -2...2, summary: "how far; 0 leaves the image unchanged"),
            .list(
                "balance", count: 3...3, default: [1, 1, 1], range: -10...10, summary: "r/g/b scale of the intensity"),
            .list(
                "luma", count: 3...3, default: [0.072186, 0.715158, 0.212656], range: 0...1,
                summary: "r/g/b weights of the luma (FFmpeg's defaults)"),
            .boolean("alternate", default: false, summary: "flip the sign of the saturation term"),
        ],
        stages: [.pointwise("hb_luma_vibrance", file: "pointwise/luma_vibrance.glsl")])

    static let whiteBalance = FilterDescriptor(
        name: "white_balance", kind: .pointwise, summary: "Warms or cools the image and shifts its tint.",
        formula: "Q of YIQ + tint / 100 * 0.05226, clamped to +-0.5226; then mix(rgb, overlay(rgb, (0.93, 0.54, 0)),"
            + " k), k = 0.0004 (T - 5000) below 5000 K, 0.00006 (T - 5000) above"
            + " (Harbeth C7WhiteBalance, GPUImage WhiteBalanceFilter)",
        parameters: [
            .number(
                "temperature", default: 5000, range: 4000...8000, summary: "kelvin; 5000 leaves the image unchanged"),
            .number("tint", default: 0, range: -200...200, summary: "green (negative) to magenta (positive)"),
        ],
        stages: [.pointwise("hb_white_balance", file: "pointwise/white_balance.glsl")],
        layout: ["tint_shift", "warmth"],
        pack: { values, _ in
            let temperature = values.number("temperature")
            let warmth = temperature < 5000 ? 0.0004 * (temperature - 5000) : 0.00006 * (temperature - 5000)
            return [Float(values.number("tint") / 100 * 0.5226 * 0.1), Float(warmth)]
        })

    static let colorTemperature = FilterDescriptor(
        name: "color_temperature", kind: .pointwise,
        summary: "Tints towards the colour of a black body at a temperature, optionally keeping lightness.",
        formula:
            "k = T / 100; body r = 1, g = 0.390082 ln k - 0.631841 up to k 66, else r = 1.292936 (k - 60)^-0.133205,"
            + " g = 1.129891 (k - 60)^-0.075515; b = 1 from k 66, 0 up to k 19, else 0.543207 ln(k - 10) - 1.196254;"
            + " each clamped to 0...1; n = mix(rgb, rgb * body, mix); rgb' = mix(n, n (max + min of rgb) / (max + min"
            + " of n), preserve_lightness) (FFmpeg 5.1 colortemperature, whose temperature:mix:pl it takes; Tanner"
            + " Helland's black-body fit)",
        parameters: [
            .number("temperature", default: 6500, range: 1000...40000, summary: "kelvin"),
            .number("mix", default: 1, range: 0...1, summary: "how much of the tinted colour"),
            .number(
                "preserve_lightness", default: 0, range: 0...1, summary: "how much of the input's lightness is kept"),
        ],
        stages: [.pointwise("hb_color_temperature", file: "pointwise/color_temperature.glsl")],
        layout: ["red", "green", "blue", "mix", "preserve_lightness"],
        pack: { values, _ in
            let body = blackBody(kelvin: values.number("temperature"))
            return body.map(Float.init) + [Float(values.number("mix")), Float(values.number("preserve_lightness"))]
        })

    /// The colour of a black body at `kelvin`, r, g, b in 0...1 (Tanner
    /// Helland's fit, as FFmpeg's colortemperature computes it).
    static func blackBody(kelvin: Double) -> [Double] {
        let k = kelvin / 100
        var (red, green, blue) = (1.0, 0.0, 0.0)
        if k <= 66 {
            green = 0.39008157876901960784 * log(k) - 0.63184144378862745098
        } else {
            let t = max(k - 60, 0)
            red = 1.29293618606274509804 * pow(t, -0.1332047592)
            green = 1.12989086089529411765 * pow(t, -0.0755148492)
        }
        if k >= 66 {
            blue = 1
        } else if k > 19 {
            blue = 0.54320678911019607843 * log(k - 10) - 1.19625408914
        }
        return [red, green, blue].map { min(max($0, 0), 1) }
    }

    static let opacity = FilterDescriptor(
        name: "opacity", kind: .pointwise, summary: "Scales the alpha channel.",
        formula: "alpha * opacity, colour unchanged (Harbeth C7Opacity)",
        parameters: [.number("opacity", default: 1, range: 0...1, summary: "1 leaves the image unchanged")],
        stages: [.pointwise("hb_opacity", file: "pointwise/opacity.glsl")])

    static let levels = FilterDescriptor(
        name: "levels", kind: .pointwise, summary: "Input and output black and white points with a gamma.",
        formula: "x = clamp((v - in_black) / (in_white - in_black), 0, 1); mix(out_black, out_white, x^(1 / gamma))"
            + " per channel (Harbeth C7Levels, GPUImage LevelsFilter)",
        parameters: [
            .list("in_black", count: 1...3, default: [0], range: 0...1, summary: "input black: one value or r/g/b"),
            .list("in_white", count: 1...3, default: [1], range: 0...1, summary: "input white: one value or r/g/b"),
            .list(
                "gamma", count: 1...3, default: [1], range: 0.1...10, summary: "above 1 brightens: one value or r/g/b"),
            .list("out_black", count: 1...3, default: [0], range: 0...1, summary: "output black: one value or r/g/b"),
            .list("out_white", count: 1...3, default: [1], range: 0...1, summary: "output white: one value or r/g/b"),
        ],
        stages: [.pointwise("hb_levels", file: "pointwise/levels.glsl")],
        layout: [
            .init("in_black", count: 3), .init("in_white", count: 3), .init("gamma", count: 3),
            .init("out_black", count: 3), .init("out_white", count: 3),
        ],
        pack: { values, _ in
            var packed: [Float] = []
            var perChannel: [String: [Double]] = [:]
            for name in ["in_black", "in_white", "gamma", "out_black", "out_white"] {
                let list = values.list(name)
                guard list.count != 2 else {
                    throw RenderError.invalidFilterSetup(
                        filter: "levels", reason: "\(name) takes one value or three (r/g/b), not two")
                }
                let channels = list.count == 1 ? [list[0], list[0], list[0]] : list
                perChannel[name] = channels
                packed += channels.map(Float.init)
            }
            for channel in 0..<3 where perChannel["in_white"]![channel] <= perChannel["in_black"]![channel] {
                throw RenderError.invalidFilterSetup(filter: "levels", reason: "in_white must lie above in_black")
            }
            return packed
        })

    /// Harbeth's and FFmpeg's curves (`CurvesFilter`).
    static let curves = CurvesFilter.descriptor

    static let highlightsShadows = FilterDescriptor(
        name: "highlights_shadows", kind: .pointwise, summary: "Lifts shadows and pulls down highlights.",
        formula: "l = clamp(luma, 0.001, 1); shadow = clamp(l^(1/(s+1)) - 0.76 l^(2/(s+1)) - l, 0, 1);"
            + " highlight = clamp(1 - ((1-l)^(1/(2-h)) - 0.8 (1-l)^(2/(2-h))) - l, -1, 0);"
            + " rgb * (l + shadow + highlight) / l (Harbeth C7HighlightShadow, GPUImage HighlightShadowFilter)",
        parameters: [
            .number("shadows", default: 0, range: 0...1, summary: "lightens shadows; 0 leaves them unchanged"),
            .number("highlights", default: 1, range: 0...1, summary: "darkens highlights; 1 leaves them unchanged"),
        ],
        stages: [.pointwise("hb_highlights_shadows", file: "pointwise/highlights_shadows.glsl")])

    static let colorBalance = FilterDescriptor(
        name: "color_balance", kind: .pointwise, summary: "Shifts channels in the shadows, midtones and highlights.",
        formula: "l = max + min of r, g, b; rgb + shadows * ws + midtones * wm + highlights * wh, clamped to 0...1;"
            + " ws = clamp((0.333 - l) * 4 + 0.5, 0, 1) * 0.7, wh = clamp((l - 0.667) * 4 + 0.5, 0, 1) * 0.7,"
            + " wm = clamp((l - 0.333) * 4 + 0.5, 0, 1) * clamp((0.667 - l) * 4 + 0.5, 0, 1) * 0.7;"
            + " preserve_lightness gives the result HSL lightness l / 2 with its hue and chroma (grey where it"
            + " touches 0 or 1) (FFmpeg 5.1 colorbalance, whose rs:gs:bs:rm:gm:bm:rh:gh:bh:pl it takes)",
        parameters: [
            .list("shadows", count: 3...3, default: [0, 0, 0], range: -1...1, summary: "r/g/b shift in the shadows"),
            .list("midtones", count: 3...3, default: [0, 0, 0], range: -1...1, summary: "r/g/b shift in the midtones"),
            .list(
                "highlights", count: 3...3, default: [0, 0, 0], range: -1...1, summary: "r/g/b shift in the highlights"
            ),
            .boolean("preserve_lightness", default: false, summary: "keep each pixel's HSL lightness"),
        ],
        stages: [.pointwise("hb_color_balance", file: "pointwise/color_balance.glsl")])

    static let hsl = FilterDescriptor(
        name: "hsl", kind: .pointwise, summary: "Hue, saturation and lightness adjusted in HSL.",
        formula: "HSL of clamp(rgb, 0, 1); h + hue mod 360; s * (1 + saturation) clamped to 0...1;"
            + " l * (1 + lightness) when lightness < 0, else l + lightness (1 - l); back to RGB"
            + " (Harbeth C7HSL's conversions; GIMP Hue-Saturation's saturation and lightness)",
        parameters: [
            .number("hue", default: 0, range: -180...180, summary: "degrees added to the hue"),
            .number("saturation", default: 0, range: -1...1, summary: "-1 is grey, 0 unchanged, 1 doubles"),
            .number("lightness", default: 0, range: -1...1, summary: "-1 is black, 0 unchanged, 1 white"),
        ],
        stages: [.pointwise("hb_hsl", file: "pointwise/hsl.glsl")])

    static let all: [FilterDescriptor] = [
        hue, vibrance, lumaVibrance, whiteBalance, colorTemperature, opacity, levels, curves, highlightsShadows,
        colorBalance, hsl,
    ]
}

extension Filter {
    /// `hue`: rotates hues by `degrees` in YIQ (-360...360, clamped).
    public static func hue(degrees: Double) -> Filter {
        Filter(clamping: ToneFilters.hue, values: ["degrees": .number(degrees)])
    }

    /// `vibrance`: saturates muted colours; -1.2...1.2 (clamped), 0 unchanged.
    public static func vibrance(_ amount: Double) -> Filter {
        Filter(clamping: ToneFilters.vibrance, values: ["vibrance": .number(amount)])
    }

    /// `white_balance`: `temperature` in kelvin (4000...8000, 5000 unchanged)
    /// and `tint` (-200...200), both clamped.
    public static func whiteBalance(temperature: Double = 5000, tint: Double = 0) -> Filter {
        Filter(
            clamping: ToneFilters.whiteBalance, values: ["temperature": .number(temperature), "tint": .number(tint)])
    }

    /// `opacity`: alpha * opacity, 0...1 (clamped).
    public static func opacity(_ opacity: Double) -> Filter {
        Filter(clamping: ToneFilters.opacity, values: ["opacity": .number(opacity)])
    }

    /// `levels` with the same values for every channel (each clamped into
    /// its range; `inWhite` must stay above `inBlack`).
    public static func levels(
        inBlack: Double = 0, inWhite: Double = 1, gamma: Double = 1, outBlack: Double = 0, outWhite: Double = 1
    ) -> Filter {
        Filter(
            clamping: ToneFilters.levels,
            values: [
                "in_black": .list([inBlack]), "in_white": .list([inWhite]), "gamma": .list([gamma]),
                "out_black": .list([outBlack]), "out_white": .list([outWhite]),
            ])
    }

    /// A curve's control points, x and y in 0...1 with x increasing.
    public typealias CurvePoints = [(x: Double, y: Double)]

    /// `curves`: per-channel curves, then the master curve. Points are
    /// clamped into 0...1; from 2 to 32 points per curve, x increasing.
    public static func curves(
        master: CurvePoints = [(0, 0), (1, 1)], red: CurvePoints = [(0, 0), (1, 1)],
        green: CurvePoints = [(0, 0), (1, 1)], blue: CurvePoints = [(0, 0), (1, 1)]
    ) -> Filter {
        func list(_ points: CurvePoints) -> FilterValue { .list(points.flatMap { [$0.x, $0.y] }) }
        return Filter(
            clamping: ToneFilters.curves,
            values: ["master": list(master), "r": list(red), "g": list(green), "b": list(blue)])
    }

    /// `highlights_shadows`: `shadows` 0...1 lightens shadows (0 unchanged),
    /// `highlights` 0...1 darkens highlights as it falls (1 unchanged); clamped.
    public static func highlightsShadows(shadows: Double = 0, highlights: Double = 1) -> Filter {
        Filter(
            clamping: ToneFilters.highlightsShadows,
            values: ["shadows": .number(shadows), "highlights": .number(highlights)])
    }

    /// `color_balance`: r/g/b shifts (-1...1, clamped) in each tonal range.
    public static func colorBalance(
        shadows: [Double] = [0, 0, 0], midtones: [Double] = [0, 0, 0], highlights: [Double] = [0, 0, 0],
        preserveLightness: Bool = false
    ) -> Filter {
        Filter(
            clamping: ToneFilters.colorBalance,
            values: [
                "shadows": .list(shadows), "midtones": .list(midtones), "highlights": .list(highlights),
                "preserve_lightness": .number(preserveLightness ? 1 : 0),
            ])
    }

    /// `hsl`: `hue` degrees (-180...180), `saturation` and `lightness`
    /// (-1...1), all clamped; zeros leave the image unchanged.
    public static func hsl(hue: Double = 0, saturation: Double = 0, lightness: Double = 0) -> Filter {
        Filter(
            clamping: ToneFilters.hsl,
            values: ["hue": .number(hue), "saturation": .number(saturation), "lightness": .number(lightness)])
    }
}
