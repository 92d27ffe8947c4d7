/// Pointwise colour effects: posterize, monochrome, false colour, colour
/// matrices, thresholds, keys, vignette, fades and haze.
enum ColourEffectFilters {
    static let posterize = FilterDescriptor(
        name: "posterize", kind: .pointwise, summary: "Reduces each channel to a few levels.",
        formula: "floor(rgb * levels + 0.5) / levels (Harbeth C7Posterize, GPUImage PosterizeFilter)",
        parameters: [.integer("levels", default: 10, range: 1...255, summary: "levels per channel")],
        stages: [.pointwise("hb_posterize", file: "pointwise/posterize.glsl")])

    static let monochrome = FilterDescriptor(
        name: "monochrome", kind: .pointwise, summary: "Tints the luminance with one colour.",
        formula: "l = luma; toned = l < 0.5 ? 2 l c : 1 - 2 (1 - l)(1 - c); mix(rgb, toned, intensity)"
            + " (Harbeth C7Monochrome, GPUImage MonochromeFilter)",
        parameters: [
            .list("color", count: 3...3, default: [0.6, 0.45, 0.3], range: 0...1, summary: "r/g/b or #rrggbb"),
            .number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged"),
        ],
        stages: [.pointwise("hb_monochrome", file: "pointwise/monochrome.glsl")])

    static let falseColor = FilterDescriptor(
        name: "false_color", kind: .pointwise, summary: "Maps luminance onto a ramp between two colours.",
        formula:
            "mix(dark, light, dot(rgb, (0.2125, 0.7154, 0.0721))) (Harbeth C7FalseColor, GPUImage FalseColorFilter)",
        parameters: [
            .list("dark", count: 3...3, default: [0, 0, 0.5], range: 0...1, summary: "colour of black, r/g/b"),
            .list("light", count: 3...3, default: [1, 0, 0], range: 0...1, summary: "colour of white, r/g/b"),
        ],
        stages: [.pointwise("hb_false_color", file: "pointwise/false_color.glsl")])

    static let colorMatrix = FilterDescriptor(
        name: "color_matrix", kind: .pointwise, summary: "A 4x4 matrix and an offset on r, g, b, a.",
        formula: "out = M (r, g, b, a) + offset, M row after row; mix(in, out, intensity) (Harbeth C7ColorMatrix4x4)",
        parameters: [
            .list(
                "matrix", count: 16...16, default: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], range: -10...10,
                summary: "16 numbers, row after row"),
            .list("offset", count: 4...4, default: [0, 0, 0, 0], range: -1...1, summary: "added to r/g/b/a"),
            .number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged"),
        ],
        stages: [.pointwise("hb_color_matrix", file: "pointwise/color_matrix.glsl")])

    static let channelMixer = FilterDescriptor(
        name: "channel_mixer", kind: .pointwise, summary: "Each output channel from weights of r, g, b and a constant.",
        formula: "r' = rr r + rg g + rb b + rc, likewise g' and b'; alpha unchanged"
            + " (FFmpeg colorchannelmixer, a constant in place of the alpha weight)",
        parameters: [
            .list("r", count: 4...4, default: [1, 0, 0, 0], range: -2...2, summary: "red from r/g/b/constant"),
            .list("g", count: 4...4, default: [0, 1, 0, 0], range: -2...2, summary: "green from r/g/b/constant"),
            .list("b", count: 4...4, default: [0, 0, 1, 0], range: -2...2, summary: "blue from r/g/b/constant"),
        ],
        stages: [.pointwise("hb_channel_mixer", file: "pointwise/channel_mixer.glsl")])

    static let luminanceThreshold = FilterDescriptor(
        name: "luminance_threshold", kind: .pointwise,
        summary: "White where luminance reaches a threshold, else black.",
        formula: "step(threshold, dot(rgb, (0.2125, 0.7154, 0.0721))); alpha unchanged (Harbeth C7LuminanceThreshold)",
        parameters: [.number("threshold", default: 0.5, range: 0...1, summary: "luminance that turns white")],
        stages: [.pointwise("hb_luminance_threshold", file: "pointwise/luminance_threshold.glsl")])

    static let chromaKey = FilterDescriptor(
        name: "chroma_key", kind: .pointwise, summary: "Makes pixels near a key colour transparent.",
        formula: "Y = 0.2989 r + 0.5866 g + 0.1145 b, Cr = 0.7132 (r - Y), Cb = 0.5647 (b - Y);"
            + " d = |(Cr, Cb) - key's|; alpha * smoothstep(threshold, threshold + smoothing, d) (a step when"
            + " smoothing is 0); colour unchanged (Harbeth C7ChromaKey, GPUImage ChromaKeyFilter)",
        parameters: [
            .list("color", count: 3...3, default: [0, 1, 0], range: 0...1, summary: "key colour, r/g/b or #rrggbb"),
            .number("threshold", default: 0.4, range: 0...1, summary: "chroma distance that is removed"),
            .number("smoothing", default: 0.1, range: 0...1, summary: "width of the edge"),
        ],
        stages: [.pointwise("hb_chroma_key", file: "pointwise/chroma_key.glsl")])

    static let vignette = FilterDescriptor(
        name: "vignette", kind: .pointwise, summary: "Darkens (or tints) towards the edges.",
        formula: "uv = (pos + 0.5) / size; mix(rgb, color, smoothstep(start, end, distance(uv, center)))"
            + " (a hard edge at start when end <= start) (Harbeth C7Vignette, GPUImage VignetteFilter). Last in a"
            + " chain of affine colour filters (or alone) on planar YUV, it joins their fold on the planes",
        parameters: [
            .list("center", count: 2...2, default: [0.5, 0.5], range: 0...1, summary: "x/y, 0...1 across the frame"),
            .number("start", default: 0.3, range: 0...1.5, summary: "distance where the vignette begins"),
            .number("end", default: 0.75, range: 0...1.5, summary: "distance where it reaches full colour"),
            .list("color", count: 3...3, default: [0, 0, 0], range: 0...1, summary: "r/g/b or #rrggbb"),
        ],
        stages: [.pointwise("hb_vignette", file: "pointwise/vignette.glsl")])

    static let fade = FilterDescriptor(
        name: "fade", kind: .pointwise, summary: "Fades in from and out to a colour, by the frame's time.",
        formula: "k_in = 1 - clamp((t - in_start) / in_duration, 0, 1), k_out = clamp((t - out_start) / out_duration,"
            + " 0, 1), each 0 when its duration is 0; mix(rgb, color, max(k_in, k_out)), t = the frame's time"
            + " (or its number with unit=frames); FFmpeg's fade=t=in:st=S:d=D and fade=in:FRAME:COUNT are"
            + " written this way (FFmpeg fade's timing, Harbeth C7Fade's mix)",
        parameters: [
            .list("color", count: 3...3, default: [0, 0, 0], range: 0...1, summary: "r/g/b or #rrggbb"),
            .number("in_start", default: 0, range: 0...86400, summary: "when the fade in starts"),
            .number("in_duration", default: 1, range: 0...3600, summary: "how long it lasts; 0: no fade in"),
            .number("out_start", default: 0, range: 0...86400, summary: "when the fade out starts"),
            .number("out_duration", default: 0, range: 0...3600, summary: "how long it lasts; 0: no fade out"),
            .choice(
                "unit", ["seconds", "frames"], default: "seconds",
                summary: "what starts and durations count: seconds of the frame's time, or frame numbers"),
        ],
        stages: [.pointwise("hb_fade", file: "pointwise/fade.glsl")])

    static let haze = FilterDescriptor(
        name: "haze", kind: .pointwise, summary: "Removes (or adds) haze that varies from top to bottom.",
        formula: "d = (y + 0.5) / height * slope + distance; (rgb - d) / (1 - d); alpha unchanged"
            + " (Harbeth C7Haze, GPUImage HazeFilter)",
        parameters: [
            .number("distance", default: 0.2, range: -0.3...0.3, summary: "haze removed; negative adds haze"),
            .number("slope", default: 0, range: -0.3...0.3, summary: "change of the haze from top to bottom"),
        ],
        stages: [.pointwise("hb_haze", file: "pointwise/haze.glsl")])

    static let nostalgic = FilterDescriptor(
        name: "nostalgic", kind: .pointwise, summary: "A cool, faded toning: the sepia rows in reverse order.",
        formula: "mix(rgb, M * rgb, intensity), M rows (0.272, 0.534, 0.131), (0.349, 0.686, 0.168),"
            + " (0.393, 0.769, 0.189) (Harbeth C7Nostalgic)",
        parameters: [.number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged")],
        // color_matrix's shader with this matrix: alpha kept, no offset.
        stages: [.pointwise("hb_color_matrix", file: "pointwise/color_matrix.glsl")],
        layout: [.init("matrix", count: 16), .init("offset", count: 4), "intensity"],
        pack: { values, _ in
            [0.272, 0.534, 0.131, 0, 0.349, 0.686, 0.168, 0, 0.393, 0.769, 0.189, 0, 0, 0, 0, 1]
                + [0, 0, 0, 0, Float(values.number("intensity"))]
        })

    static let luminanceRangeReduction = FilterDescriptor(
        name: "luminance_range_reduction", kind: .pointwise,
        summary: "Pulls colours towards mid-grey luminance, flattening the tonal range.",
        formula: "rgb + (0.5 - dot(rgb, (0.2125, 0.7154, 0.0721))) * factor"
            + " (Harbeth C7LuminanceRangeReduction, GPUImage LuminanceRangeReduction)",
        parameters: [.number("factor", default: 0.6, range: 0...1, summary: "0 leaves the image unchanged")],
        stages: [.pointwise("hb_luminance_range_reduction", file: "pointwise/luminance_range_reduction.glsl")])

    static let colorRGBA = FilterDescriptor(
        name: "color_rgba", kind: .pointwise, summary: "Multiplies each channel by a colour.",
        formula: "mix(rgb, rgb * color, intensity), alpha kept (Harbeth C7ColorRGBA)",
        parameters: [
            .list("color", count: 3...3, default: [1, 1, 1], range: 0...4, summary: "r/g/b factors or #rrggbb"),
            .number("intensity", default: 1, range: 0...1, summary: "0 leaves the image unchanged"),
        ],
        stages: [.pointwise("hb_color_rgba", file: "pointwise/color_rgba.glsl")])

    static let highlightShadowTint = FilterDescriptor(
        name: "highlight_shadow_tint", kind: .pointwise,
        summary: "Tints the shadows towards one colour and the highlights towards another.",
        formula: "l = luma; s = mix(c, max(c, mix(shadow, c, l)), shadow_intensity);"
            + " h = mix(c, min(s, mix(s, highlight, l)), highlight_intensity); mix(s, h, l)"
            + " (Harbeth C7HighlightShadowTint, GPUImage HighlightShadowTintFilter)",
        parameters: [
            .list("shadow", count: 3...3, default: [1, 0, 0], range: 0...1, summary: "shadow tint, r/g/b or #rrggbb"),
            .number("shadow_intensity", default: 0.3, range: 0...1, summary: "0 leaves the shadows alone"),
            .list(
                "highlight", count: 3...3, default: [0, 0, 1], range: 0...1,
                summary: "highlight tint, r/g/b or #rrggbb"),
            .number("highlight_intensity", default: 0.3, range: 0...1, summary: "0 leaves the highlights alone"),
        ],
        stages: [.pointwise("hb_highlight_shadow_tint", file: "pointwise/highlight_shadow_tint.glsl")])

    static let all: [FilterDescriptor] = [
        posterize, monochrome, falseColor, colorMatrix, channelMixer, luminanceThreshold, chromaKey, vignette, fade,
        haze, nostalgic, luminanceRangeReduction, colorRGBA, highlightShadowTint,
    ]
}

extension Filter {
    /// An RGB colour with components in 0...1.
    public typealias RGB = (red: Double, green: Double, blue: Double)

    /// `posterize` to `levels` per channel (1...255, clamped).
    public static func posterize(levels: Int) -> Filter {
        Filter(clamping: ColourEffectFilters.posterize, values: ["levels": .number(Double(levels))])
    }

    /// `highlight_shadow_tint`: shadows towards `shadow`, highlights towards
    /// `highlight`, each by its intensity (0...1); clamped.
    public static func highlightShadowTint(
        shadow: RGB = (1, 0, 0), shadowIntensity: Double = 0.3, highlight: RGB = (0, 0, 1),
        highlightIntensity: Double = 0.3
    ) -> Filter {
        Filter(
            clamping: ColourEffectFilters.highlightShadowTint,
            values: [
                "shadow": .list([shadow.red, shadow.green, shadow.blue]),
                "shadow_intensity": .number(shadowIntensity),
                "highlight": .list([highlight.red, highlight.green, highlight.blue]),
                "highlight_intensity": .number(highlightIntensity),
            ])
    }

    /// `nostalgic` toning mixed by `intensity` (0...1, clamped).
    public static func nostalgic(intensity: Double = 1) -> Filter {
        Filter(clamping: ColourEffectFilters.nostalgic, values: ["intensity": .number(intensity)])
    }

    /// `luminance_range_reduction` by `factor` (0...1, clamped).
    public static func luminanceRangeReduction(_ factor: Double = 0.6) -> Filter {
        Filter(clamping: ColourEffectFilters.luminanceRangeReduction, values: ["factor": .number(factor)])
    }

    /// `color_rgba`: each channel times `color` (0...4 each), mixed by `intensity` (0...1); clamped.
    public static func colorRGBA(_ color: RGB, intensity: Double = 1) -> Filter {
        Filter(
            clamping: ColourEffectFilters.colorRGBA,
            values: ["color": .list([color.red, color.green, color.blue]), "intensity": .number(intensity)])
    }

    /// `monochrome`: the luminance overlaid with `color`, mixed by
    /// `intensity` (0...1); values clamped.
    public static func monochrome(color: RGB = (0.6, 0.45, 0.3), intensity: Double = 1) -> Filter {
        Filter(
            clamping: ColourEffectFilters.monochrome,
            values: ["color": .list([color.red, color.green, color.blue]), "intensity": .number(intensity)])
    }

    /// `false_color`: luminance mapped from `dark` to `light`.
    public static func falseColor(dark: RGB = (0, 0, 0.5), light: RGB = (1, 0, 0)) -> Filter {
        Filter(
            clamping: ColourEffectFilters.falseColor,
            values: [
                "dark": .list([dark.red, dark.green, dark.blue]), "light": .list([light.red, light.green, light.blue]),
            ])
    }

    /// `color_matrix`: 16 numbers row after row (-10...10), an r/g/b/a
    /// offset (-1...1) and an intensity (0...1); values clamped.
    public static func colorMatrix(_ matrix: [Double], offset: [Double] = [0, 0, 0, 0], intensity: Double = 1) -> Filter
    {
        Filter(
            clamping: ColourEffectFilters.colorMatrix,
            values: ["matrix": .list(matrix), "offset": .list(offset), "intensity": .number(intensity)])
    }

    /// `channel_mixer`: each output channel's weights of r, g, b and a
    /// constant (-2...2, clamped).
    public static func channelMixer(
        red: [Double] = [1, 0, 0, 0], green: [Double] = [0, 1, 0, 0], blue: [Double] = [0, 0, 1, 0]
    ) -> Filter {
        Filter(
            clamping: ColourEffectFilters.channelMixer,
            values: ["r": .list(red), "g": .list(green), "b": .list(blue)])
    }

    /// `luminance_threshold` at `threshold` (0...1, clamped).
    public static func luminanceThreshold(_ threshold: Double = 0.5) -> Filter {
        Filter(clamping: ColourEffectFilters.luminanceThreshold, values: ["threshold": .number(threshold)])
    }

    /// `chroma_key`: pixels near `color` become transparent; `threshold`
    /// and `smoothing` in 0...1 (clamped).
    public static func chromaKey(color: RGB = (0, 1, 0), threshold: Double = 0.4, smoothing: Double = 0.1) -> Filter {
        Filter(
            clamping: ColourEffectFilters.chromaKey,
            values: [
                "color": .list([color.red, color.green, color.blue]), "threshold": .number(threshold),
                "smoothing": .number(smoothing),
            ])
    }

    /// `vignette` around `center` (0...1 on each axis) from `start` to `end`
    /// (0...1.5) towards `color`; values clamped.
    public static func vignette(
        center: (x: Double, y: Double) = (0.5, 0.5), start: Double = 0.3, end: Double = 0.75, color: RGB = (0, 0, 0)
    ) -> Filter {
        Filter(
            clamping: ColourEffectFilters.vignette,
            values: [
                "center": .list([center.x, center.y]), "start": .number(start), "end": .number(end),
                "color": .list([color.red, color.green, color.blue]),
            ])
    }

    /// `fade` in from `color` over `inDuration` seconds from `inStart`, and
    /// out to it over `outDuration` seconds from `outStart` (a duration of 0
    /// turns that fade off); times clamped into range.
    public static func fade(
        color: RGB = (0, 0, 0), inStart: Double = 0, inDuration: Double = 1, outStart: Double = 0,
        outDuration: Double = 0
    ) -> Filter {
        Filter(
            clamping: ColourEffectFilters.fade,
            values: [
                "color": .list([color.red, color.green, color.blue]), "in_start": .number(inStart),
                "in_duration": .number(inDuration), "out_start": .number(outStart),
                "out_duration": .number(outDuration),
            ])
    }

    /// `haze`: `distance` and `slope` in -0.3...0.3 (clamped).
    public static func haze(distance: Double = 0.2, slope: Double = 0) -> Filter {
        Filter(clamping: ColourEffectFilters.haze, values: ["distance": .number(distance), "slope": .number(slope)])
    }
}
