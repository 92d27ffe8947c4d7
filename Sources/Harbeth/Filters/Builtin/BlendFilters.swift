/// Multi-input filters: they combine the frame with images loaded through
/// `FilterEnvironment.resources` (the media layer's decoder). The images
/// are uploaded once per value and sampled by pointwise stages, which fuse
/// with the filters around them.
enum BlendFilters {
    /// Blend modes in the order of their indices in Shaders/pointwise/blend.glsl.
    static let modes = [
        "normal", "dissolve", "darken", "multiply", "color_burn", "linear_burn", "darker_color", "lighten", "screen",
        "color_dodge", "linear_dodge", "add", "lighter_color", "overlay", "soft_light", "hard_light", "vivid_light",
        "linear_light", "pin_light", "hard_mix", "difference", "exclusion", "subtract", "divide", "hue", "saturation",
        "color", "luminosity", "mask", "chroma_key",
    ]

    // The mode is a per-frame value, not structural: one shader holds every
    // mode behind a branch that all pixels take alike, so changing or
    // animating the mode never recompiles, and a chain with blends costs
    // one pipeline whatever their modes.
    static let blend = FilterDescriptor(
        name: "blend", kind: .multiInput, summary: "Blends a second image over the frame with a blend mode.",
        formula: "W3C Compositing and Blending Level 1: Cs' = (1 - ab) Cs + ab B(Cb, Cs), as = alpha opacity,"
            + " Co = (as Cs' + (1 - as) ab Cb) / ao, ao = as + ab (1 - as); Harbeth C7Blend's modes"
            + " (formulas in Shaders/pointwise/blend.glsl); the image stretched, fitted, filled or centred",
        parameters: [
            .text("file", summary: "the image to blend (PNG or any format the media layer decodes)", structural: false),
            .choice("mode", modes, default: "normal", summary: "blend mode"),
            .number("opacity", default: 1, range: 0...1, summary: "scales the image's alpha"),
            .choice(
                "fit", ["stretch", "fit", "fill", "center"], default: "stretch",
                summary: "stretch to the frame, fit inside or fill it keeping the aspect, or centre unscaled"),
            .list("key", count: 3...3, default: [0, 1, 0], range: 0...1, summary: "chroma_key: the key colour"),
            .number("similarity", default: 0.4, range: 0...1, summary: "chroma_key: chroma distance fully keyed"),
            .number("smoothness", default: 0.1, range: 0...1, summary: "chroma_key: width of the soft edge"),
        ],
        stages: [.pointwise("hb_blend", file: "pointwise/blend.glsl", auxiliaryImages: 1)],
        layout: ["mode", "opacity", "fit", .init("key", count: 3), "similarity", "smoothness"],
        pack: { values, _ in
            [
                Float(values.choiceIndex("mode")), Float(values.number("opacity")), Float(values.choiceIndex("fit")),
            ] + values.list("key").map(Float.init)
                + [Float(values.number("similarity")), Float(values.number("smoothness"))]
        },
        auxiliary: { values, environment in
            [try loadImage(values.text("file"), parameter: "file", filter: "blend", environment: environment)]
        },
        nodeInputs: .optional(count: 1))

    static let overlay = FilterDescriptor(
        name: "overlay", kind: .multiInput, summary: "Places an image (a watermark with alpha) at a position.",
        formula: "source-over at (x, y), unscaled: as = alpha opacity, ao = as + ab (1 - as),"
            + " Co = (as Cs + (1 - as) ab Cb) / ao; uncovered pixels unchanged (Harbeth C7BlendSourceOver)",
        parameters: [
            .text("file", summary: "the image, usually a PNG with alpha", structural: false),
            .integer(
                "x", default: 0, range: -16384...16384,
                summary: "left edge of the image, pixels; may read W, H (the frame's size) and w, h (the image's)"
            ).reading(.placement),
            .integer(
                "y", default: 0, range: -16384...16384,
                summary: "top edge of the image, pixels; may read W, H (the frame's size) and w, h (the image's)"
            ).reading(.placement),
            .number("opacity", default: 1, range: 0...1, summary: "scales the image's alpha"),
        ],
        stages: [.pointwise("hb_overlay", file: "pointwise/overlay.glsl", auxiliaryImages: 1)],
        auxiliary: { values, environment in
            [try loadImage(values.text("file"), parameter: "file", filter: "overlay", environment: environment)]
        },
        nodeInputs: .optional(count: 1))

    static let maskBlend = FilterDescriptor(
        name: "mask_blend", kind: .multiInput,
        summary: "A mask image's luminance blends between the frame and a second image or a colour.",
        formula: "m = luma(mask.rgb) mask.a (1 - m with invert), out = mix(frame, second, m), the images"
            + " stretched to the frame, bilinear (Harbeth C7BlendWithMask)",
        parameters: [
            .text("mask", summary: "the mask image; white shows the second source", structural: false),
            .text("file", summary: "the second image; empty uses the colour", structural: false),
            .list(
                "color", count: 3...4, default: [0, 0, 0, 1], range: 0...1,
                summary: "the second source when no file is given, r/g/b[/a] or #rrggbb[aa]"),
            .boolean("invert", default: false, summary: "white keeps the frame instead"),
        ],
        stages: [.pointwise("hb_mask_blend", file: "pointwise/mask_blend.glsl", auxiliaryImages: 2)],
        layout: ["uses_color", .init("color", count: 4), "invert"],
        pack: { values, environment in
            // The colour shows where no second image is: no file, and no
            // second node (a graph gives the mask, then the image).
            let usesColor = values.text("file").isEmpty && environment.nodeInputs.count < 2
            return [usesColor ? 1 : 0] + GeometryFilters.rgba(values.list("color"))
                + [values.bool("invert") ? 1 : 0]
        },
        auxiliary: { values, environment in
            let mask = try loadImage(
                values.text("mask"), parameter: "mask", filter: "mask_blend", environment: environment)
            let file = values.text("file")
            // The stage always binds two images; with a colour the second is
            // a transparent pixel the shader does not read.
            let second =
                file.isEmpty
                ? try VideoFrame(rgba: [0, 0, 0, 0], width: 1, height: 1)
                : try loadImage(file, parameter: "file", filter: "mask_blend", environment: environment)
            return [mask, second]
        },
        nodeInputs: .optional(count: 2))

    /// An image named by a parameter, with the reason it cannot be had as
    /// an invalid setup of the filter.
    static func loadImage(_ path: String, parameter: String, filter: String, environment: FilterEnvironment) throws
        -> VideoFrame
    {
        guard !path.isEmpty else {
            throw RenderError.invalidFilterSetup(filter: filter, reason: "give the image as \(parameter)=PATH")
        }
        let frame: VideoFrame
        do {
            frame = try environment.resources.image(at: path)
        } catch {
            throw RenderError.invalidFilterSetup(filter: filter, reason: "cannot read the image \(path): \(error)")
        }
        guard frame.layout == .rgba8 else {
            throw RenderError.invalidFilterSetup(
                filter: filter, reason: "the loader decoded \(path) as \(frame.layout), not RGBA")
        }
        return frame
    }

    static let all: [FilterDescriptor] = [blend, overlay, maskBlend]
}

extension Filter {
    /// A `blend` mode (Harbeth C7Blend's, after W3C Compositing and Blending).
    public enum BlendMode: String, Sendable, CaseIterable {
        /// The image's colour, composited over the frame by its alpha.
        case normal
        /// The image's colour at a pseudo-random share of pixels equal to its alpha times opacity, else the frame's.
        case dissolve
        /// The darker of the two colours, per channel (min).
        case darken
        /// Multiplies the frame's and the image's colours, which darkens.
        case multiply
        /// The lighter of the two colours, per channel (max).
        case lighten
        /// Inverse multiply, which lightens: frame + image - frame * image.
        case screen
        /// Multiplies where the frame is dark (<= 0.5) and screens where it is light: hard light with roles swapped.
        case overlay
        /// The absolute difference of the two colours.
        case difference
        /// Like difference with lower contrast: frame + image - 2 * frame * image.
        case exclusion
        /// The sum of the two colours, not clamped.
        case add
        /// The image's colour subtracted from the frame's, not clamped.
        case subtract
        /// The frame's colour divided by the image's, at most 1.
        case divide
        /// The image's hue with the frame's saturation and luminosity.
        case hue
        /// The image's saturation with the frame's hue and luminosity.
        case saturation
        /// The image's hue and saturation with the frame's luminosity.
        case color
        /// The image's luminosity with the frame's hue and saturation.
        case luminosity
        /// Keeps the frame's colour and mixes its alpha, by opacity, towards the image's mean RGB times its alpha.
        case mask
        /// Darkens the frame to reflect the image: 1 - min(1, (1 - frame) / image).
        case colorBurn = "color_burn"
        /// Darkens by adding and subtracting 1: max(frame + image - 1, 0).
        case linearBurn = "linear_burn"
        /// Whichever whole colour has the lower BT.601 luma.
        case darkerColor = "darker_color"
        /// Brightens the frame to reflect the image: frame / (1 - image), at most 1.
        case colorDodge = "color_dodge"
        /// The sum of the two colours, clamped to 1.
        case linearDodge = "linear_dodge"
        /// Whichever whole colour has the higher BT.601 luma.
        case lighterColor = "lighter_color"
        /// Gently darkens or lightens the frame depending on the image's colour (W3C soft light).
        case softLight = "soft_light"
        /// Multiplies where the image is dark (<= 0.5) and screens where it is light.
        case hardLight = "hard_light"
        /// Colour burn where the image is dark (<= 0.5) and colour dodge where it is light.
        case vividLight = "vivid_light"
        /// Linear burn or dodge by the image: frame + 2 * image - 1, clamped to 0...1.
        case linearLight = "linear_light"
        /// min(frame, 2 * image) where the image is dark (<= 0.5), max(frame, 2 * image - 1) where it is light.
        case pinLight = "pin_light"
        /// Each channel becomes 0 or 1: 1 where frame + image reaches 1 (less half an 8-bit step).
        case hardMix = "hard_mix"
        /// Shows the image where the frame's chroma is near `key`'s, with `similarity` and `smoothness`.
        case chromaKey = "chroma_key"
    }

    /// How `blend` places its image on the frame.
    public enum BlendFit: String, Sendable {
        /// Stretched to the frame's size, ignoring the aspect ratio.
        case stretch
        /// Scaled to fit inside the frame, aspect kept and centred; the frame shows where it does not reach.
        case fit
        /// Scaled to fill the frame, aspect kept and centred; the excess is cropped.
        case fill
        /// Centred on the frame at its own size, unscaled.
        case center
    }

    /// `blend` the image at `path` over the frame; opacity 0...1 (clamped).
    /// For `.chromaKey`, the frame shows the image where its chroma is
    /// near `key`'s.
    public static func blend(
        _ path: String, mode: BlendMode = .normal, opacity: Double = 1, fit: BlendFit = .stretch,
        key: [Double] = [0, 1, 0], similarity: Double = 0.4, smoothness: Double = 0.1
    ) -> Filter {
        Filter(
            clamping: BlendFilters.blend,
            values: [
                "file": .text(path), "mode": .choice(mode.rawValue), "opacity": .number(opacity),
                "fit": .choice(fit.rawValue), "key": .list(key), "similarity": .number(similarity),
                "smoothness": .number(smoothness),
            ])
    }

    /// `overlay` the image at `path` unscaled with its top-left corner at
    /// `x`, `y` pixels; opacity 0...1 (clamped).
    public static func overlay(_ path: String, x: Int = 0, y: Int = 0, opacity: Double = 1) -> Filter {
        Filter(
            clamping: BlendFilters.overlay,
            values: [
                "file": .text(path), "x": .number(Double(x)), "y": .number(Double(y)), "opacity": .number(opacity),
            ])
    }

    /// `mask_blend`: where the mask at `maskPath` is white, the image at
    /// `path` (or `color` when `path` is nil) replaces the frame.
    public static func maskBlend(
        mask maskPath: String, image path: String? = nil, color: [Double] = [0, 0, 0, 1], invert: Bool = false
    ) -> Filter {
        Filter(
            clamping: BlendFilters.maskBlend,
            values: [
                "mask": .text(maskPath), "file": .text(path ?? ""), "color": .list(color),
                "invert": .number(invert ? 1 : 0),
            ])
    }
}
