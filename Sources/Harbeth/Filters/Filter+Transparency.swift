/// Which filters can make an opaque frame transparent. An output keeps an
/// opaque input's format (an RGB PNG stays RGB, without an alpha channel
/// that is 255 everywhere) only when no filter of its chain can.
///
/// The table comes from a read of every built-in shader; each condition
/// is taken on the safe side (a pad with a translucent colour counts
/// even when the canvas adds nothing). FilterTransparencyTests renders
/// every built-in filter on an opaque frame and holds the table to it.
extension Filter {
    /// True when this filter, with its values, can give some pixel of a
    /// frame that is opaque everywhere an alpha below 1: a key, an opacity
    /// below 1, a translucent fill or canvas, a second image's alpha. A
    /// custom or mpv shader, whose code is the user's, always can; so can
    /// a filter of the table whose values are animated.
    public var canMakeTransparent: Bool {
        guard isBuiltIn else { return true }
        if descriptor.isLook { return expanded().contains(where: \.canMakeTransparent) }
        guard let condition = Self.transparencyConditions[name] else { return false }
        return isAnimated || condition(values)
    }

    /// True when this built-in filter, with its values as written, makes
    /// some pixel of an opaque frame transparent by what the table says
    /// (a key, an opacity below 1, a translucent colour), whether or not
    /// its values move: a key on an opaque video is rendered with alpha
    /// for it. False for a custom or mpv shader and for a filter whose
    /// values only move (an x and y of a pad that read the frame's size).
    public var makesTransparentAsWritten: Bool {
        guard isBuiltIn else { return false }
        if descriptor.isLook { return expanded().contains(where: \.makesTransparentAsWritten) }
        return Self.transparencyConditions[name]?(values) ?? false
    }

    /// True for a filter of the built-in catalog; false for a custom or mpv
    /// shader, whose code is the user's.
    public var isBuiltIn: Bool { FilterCatalog.standard.descriptor(named: name) == descriptor }

    /// The built-in filters that can make an opaque frame transparent, each
    /// with the values for which it can.
    private static let transparencyConditions: [String: @Sendable (FilterValues) -> Bool] = [
        "opacity": { $0.number("opacity") < 1 },
        "channel_control": { $0.number("alpha") < 1 && $0.number("blend") > 0 },
        "color_vector": { ($0.list("vector").last ?? 0) < 0 && $0.number("intensity") > 0 },
        "color_matrix": { values in
            // Alpha is the fourth row of (r, g, b, 1) plus the fourth offset.
            let row = Array(values.list("matrix").suffix(4))
            return values.number("intensity") > 0 && (row != [0, 0, 0, 1] || (values.list("offset").last ?? 0) < 0)
        },
        "chroma_key": { $0.number("threshold") + $0.number("smoothing") > 0 },
        // Its similarity is never 0: the key colour itself goes.
        "color_key": { _ in true },
        "yuv_chroma_key": { _ in true },
        "luma_key": { _ in true },
        // An opaque sample's alpha is the alpha table's last entry.
        "colorlevels": { ColorLevelsFilter.table($0, channel: "a")[255] < 255 },
        "despill": { $0.bool("alpha") },
        "color_packing": { _ in true },
        "transform": { translucent($0.list("fill")) },
        "rotate": { values in
            translucent(values.list("fill"))
                && (values.number("angle").truncatingRemainder(dividingBy: 90) != 0 || values.integer("w") > 0
                    || values.integer("h") > 0)
        },
        "pad": { translucent($0.list("color")) },
        "lens_correction": { $0.number("k1") != 0 || $0.number("k2") != 0 },
        "sphere_refraction": { _ in true },
        "glass_sphere": { _ in true },
        "solid": { translucent($0.list("color")) },
        "gradient": { translucent($0.list("from")) || translucent($0.list("to")) },
        // Those that take a second image or video, whose alpha may show.
        "blend": { ["mask", "chroma_key"].contains($0.text("mode")) },
        "mask_blend": { !$0.text("file").isEmpty || translucent($0.list("color")) },
        "xfade": { _ in true },
        "hstack": { _ in true },
        "vstack": { _ in true },
    ]

    /// A colour of three (opaque) or four values whose alpha is below 1.
    private static func translucent(_ color: [Double]) -> Bool { color.count == 4 && color[3] < 1 }
}

extension FilterChain {
    /// True when no filter of the chain can make an opaque frame
    /// transparent (`Filter.canMakeTransparent`): frames that come in
    /// opaque go out opaque, and an encoder format without alpha loses
    /// nothing of them.
    public var keepsOpaqueFramesOpaque: Bool { !filters.contains(where: \.canMakeTransparent) }
}
