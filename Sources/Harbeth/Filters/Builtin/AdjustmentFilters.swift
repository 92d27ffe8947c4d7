/// Harbeth's per-channel and tonal adjustments: temperature, warmth,
/// channel control, colour vectors, highlights, shadows and a vignette
/// with blend modes.
enum AdjustmentFilters {
    static let temperature = FilterDescriptor(
        name: "temperature", kind: .pointwise,
        summary: "Warms or cools on a -1...1 scale, with a tint and a colour shift.",
        formula: "YIQ Q += tint * 0.05226 (clamped to +-0.5226); c = back to RGB;"
            + " warm = overlay(c, (0.93, 0.54, 0)); t = mix(c, warm, temperature);"
            + " color_shift s > 0: r, b += 0.2 s, g -= 0.1 s; s < 0: g, b -= 0.2 s, r += 0.1 s;"
            + " mix(in, t, intensity) (Harbeth C7Temperature, whose warm mix is (temperature + 1) / 2:"
            + " ours is temperature, so 0 changes nothing and negative values cool)",
        parameters: [
            .number("temperature", default: 0, range: -1...1, summary: "positive warms, negative cools"),
            .number("tint", default: 0, range: -1...1, summary: "positive towards magenta, negative towards green"),
            .number("color_shift", default: 0, range: -1...1, summary: "magenta (positive) or teal (negative) shift"),
            .number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged"),
        ],
        stages: [.pointwise("hb_temperature", file: "pointwise/temperature.glsl")])

    static let warmth = FilterDescriptor(
        name: "warmth", kind: .pointwise, summary: "Adds a fixed warm or cool offset to the colours.",
        formula: "warmth > 0: rgb + (0.3, 0.2, -0.2) warmth; warmth < 0: rgb + (0.2, 0.1, -0.3) warmth"
            + " (Harbeth C7Warmth)",
        parameters: [.number("warmth", default: 0, range: -1...1, summary: "positive warms, negative cools")],
        stages: [.pointwise("hb_warmth", file: "pointwise/warmth.glsl")])

    static let channelControl = FilterDescriptor(
        name: "channel_control", kind: .pointwise,
        summary: "Scales red, green, blue and alpha, blended with the original.",
        formula: "mix(in, (r (1 + red), g (1 + green), b (1 + blue), a alpha), blend) (Harbeth C7ChannelControl,"
            + " whose blend defaults to 0: ours to 1, so the channels change unless blend says otherwise)",
        parameters: [
            .number("red", default: 0, range: -1...1, summary: "red gain - 1"),
            .number("green", default: 0, range: -1...1, summary: "green gain - 1"),
            .number("blue", default: 0, range: -1...1, summary: "blue gain - 1"),
            .number("alpha", default: 1, range: 0...1, summary: "alpha factor"),
            .number("blend", default: 1, range: 0...1, summary: "0 leaves the image unchanged"),
        ],
        stages: [.pointwise("hb_channel_control", file: "pointwise/channel_control.glsl")])

    static let colorVector = FilterDescriptor(
        name: "color_vector", kind: .pointwise, summary: "Adds a vector to r, g, b and a.",
        formula: "mix(in, in + vector, intensity) (Harbeth C7ColorVector4)",
        parameters: [
            .list("vector", count: 4...4, default: [0, 0, 0, 0], range: -1...1, summary: "added to r/g/b/a"),
            .number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged"),
        ],
        stages: [.pointwise("hb_color_vector", file: "pointwise/color_vector.glsl")])

    static let highlights = FilterDescriptor(
        name: "highlights", kind: .pointwise, summary: "Brightens or darkens, weighted towards the highlights.",
        formula: "l = dot(rgb, (0.2126, 0.7152, 0.0722)), k = smoothstep(0.5, 1, l);"
            + " amount > 0: rgb + amount k; amount < 0: rgb + amount (1 - k) (Harbeth C7Highlights)",
        parameters: [.number("amount", default: 0, range: -1...1, summary: "added where the image is bright")],
        stages: [.pointwise("hb_highlights", file: "pointwise/highlights.glsl")])

    static let shadows = FilterDescriptor(
        name: "shadows", kind: .pointwise, summary: "Brightens or darkens, weighted towards the shadows.",
        formula: "l = dot(rgb, (0.2126, 0.7152, 0.0722)), k = smoothstep(0, 0.5, l);"
            + " amount > 0: rgb + amount (1 - k); amount < 0: rgb + amount k (Harbeth C7Shadows)",
        parameters: [.number("amount", default: 0, range: -1...1, summary: "added where the image is dark")],
        stages: [.pointwise("hb_shadows", file: "pointwise/shadows.glsl")])

    static let vignetteBlend = FilterDescriptor(
        name: "vignette_blend", kind: .pointwise, summary: "A vignette blended in with a blend mode.",
        formula: "k = smoothstep(start, end, distance((pos + 0.5) / size, center)); normal: mix(c, v, k);"
            + " multiply: mix(c, c v, k); overlay: mix(c, c < 0.5 ? 2 c v : 1 - 2 (1 - c)(1 - v), k);"
            + " soft_light: mix(c, c (1 - v) + v (c < 0.5 ? 2 c : 1 - 2 (1 - c)^2), k) (Harbeth C7VignetteBlend)",
        parameters: [
            .list("center", count: 2...2, default: [0.5, 0.5], range: 0...1, summary: "x/y, 0...1 across the frame"),
            .number("start", default: 0.3, range: 0...1.5, summary: "distance where the vignette begins"),
            .number("end", default: 0.75, range: 0...1.5, summary: "distance where it is at full strength"),
            .list("color", count: 3...3, default: [0, 0, 0], range: 0...1, summary: "r/g/b or #rrggbb"),
            .choice("mode", ["normal", "multiply", "overlay", "soft_light"], default: "normal", summary: "blend mode"),
        ],
        stages: [.pointwise("hb_vignette_blend", file: "pointwise/vignette_blend.glsl")])

    static let granularity = FilterDescriptor(
        name: "granularity", kind: .pointwise, summary: "Monochrome film grain that changes every frame.",
        formula:
            "n = hash01((x + 65536 y) xor hash(round(1000 t))), rgb + (n - 0.5) grain, alpha kept; hash = lowbias32"
            + " (Harbeth C7Granularity, which subtracts n grain, darkening the frame, with a grain that never moves)",
        parameters: [.number("grain", default: 0.3, range: 0...1, summary: "strength of the grain")],
        stages: [.pointwise("hb_granularity", file: "pointwise/granularity.glsl")])

    static let all: [FilterDescriptor] = [
        temperature, warmth, channelControl, colorVector, highlights, shadows, vignetteBlend, granularity,
    ]
}

extension Filter {
    /// `temperature`: warm (positive) or cool, a tint and a colour shift
    /// (each -1...1), mixed by `intensity` (0...1); clamped.
    public static func temperature(
        _ temperature: Double, tint: Double = 0, colorShift: Double = 0, intensity: Double = 1
    ) -> Filter {
        Filter(
            clamping: AdjustmentFilters.temperature,
            values: [
                "temperature": .number(temperature), "tint": .number(tint), "color_shift": .number(colorShift),
                "intensity": .number(intensity),
            ])
    }

    /// `warmth` (-1...1, clamped): positive warms, negative cools.
    public static func warmth(_ warmth: Double) -> Filter {
        Filter(clamping: AdjustmentFilters.warmth, values: ["warmth": .number(warmth)])
    }

    /// `channel_control`: each colour channel times 1 + its value (-1...1),
    /// alpha times `alpha`, mixed by `blend` (0...1); clamped.
    public static func channelControl(
        red: Double = 0, green: Double = 0, blue: Double = 0, alpha: Double = 1, blend: Double = 1
    ) -> Filter {
        Filter(
            clamping: AdjustmentFilters.channelControl,
            values: [
                "red": .number(red), "green": .number(green), "blue": .number(blue), "alpha": .number(alpha),
                "blend": .number(blend),
            ])
    }

    /// `color_vector`: four values (-1...1) added to r/g/b/a, mixed by
    /// `intensity` (0...1); clamped.
    public static func colorVector(_ vector: [Double], intensity: Double = 1) -> Filter {
        Filter(
            clamping: AdjustmentFilters.colorVector,
            values: ["vector": .list(vector), "intensity": .number(intensity)])
    }

    /// `highlights` by `amount` (-1...1, clamped).
    public static func highlights(_ amount: Double) -> Filter {
        Filter(clamping: AdjustmentFilters.highlights, values: ["amount": .number(amount)])
    }

    /// `shadows` by `amount` (-1...1, clamped).
    public static func shadows(_ amount: Double) -> Filter {
        Filter(clamping: AdjustmentFilters.shadows, values: ["amount": .number(amount)])
    }

    /// `granularity`: film grain of strength `grain` (0...1, clamped).
    public static func granularity(_ grain: Double = 0.3) -> Filter {
        Filter(clamping: AdjustmentFilters.granularity, values: ["grain": .number(grain)])
    }

    /// The blend modes of `vignette_blend`.
    public enum VignetteBlendMode: String, Sendable, CaseIterable {
        /// The colour replaces the frame.
        case normal
        /// The frame times the colour.
        case multiply
        /// Overlay of the colour on the frame.
        case overlay
        /// Harbeth's soft light.
        case softLight = "soft_light"
    }

    /// `vignette_blend` around `center` from `start` to `end` (0...1.5)
    /// towards `color` with a blend mode; values clamped.
    public static func vignetteBlend(
        center: (x: Double, y: Double) = (0.5, 0.5), start: Double = 0.3, end: Double = 0.75, color: RGB = (0, 0, 0),
        mode: VignetteBlendMode = .normal
    ) -> Filter {
        Filter(
            clamping: AdjustmentFilters.vignetteBlend,
            values: [
                "center": .list([center.x, center.y]), "start": .number(start), "end": .number(end),
                "color": .list([color.red, color.green, color.blue]), "mode": .choice(mode.rawValue),
            ])
    }
}
