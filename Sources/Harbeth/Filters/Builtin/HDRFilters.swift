/// HDR to SDR: tone mapping PQ or HLG BT.2020 video to BT.709.
enum HDRFilters {
    static let curves = ["bt2390", "hable", "reinhard", "mobius", "clip"]

    static let tonemap = FilterDescriptor(
        name: "tonemap", kind: .pointwise, summary: "HDR (PQ or HLG, BT.2020) to SDR BT.709.",
        formula: "nits = PQ EOTF (ST 2084) per channel, or HLG's inverse OETF and OOTF for a `peak` display"
            + " (BT.2100); m = max(R, G, B) mapped by the curve relative to `target` nits (bt2390: BT.2390's"
            + " Hermite EETF in PQ; hable; extended reinhard; mobius with j = 0.3; clip), the channels scaled by"
            + " m'/m; BT.2020 -> BT.709 primaries; gamut clip, or perceptual (desaturated towards luminance until"
            + " no channel is negative); BT.1886 (c^(1/2.4)) or BT.709 OETF. The output is tagged BT.709"
            + " (libplacebo's and FFmpeg tonemap's curves)",
        parameters: [
            .choice("transfer", ["pq", "hlg"], default: "pq", summary: "the input's transfer"),
            .choice("curve", curves, default: "bt2390", summary: "the tone curve"),
            .number(
                "peak", default: 1000, range: 100...10000, summary: "the input's peak in nits (HLG: the display's)"),
            .number("target", default: 100, range: 48...1000, summary: "SDR white in nits"),
            .choice("gamut", ["clip", "perceptual"], default: "perceptual", summary: "colours outside BT.709"),
            .choice("output", ["bt1886", "bt709"], default: "bt1886", summary: "BT.1886 display or BT.709 OETF"),
        ],
        stages: [.pointwise("hb_tonemap", file: "pointwise/tonemap.glsl")],
        pack: { values, _ in
            [
                values.text("transfer") == "hlg" ? 1 : 0, Float(values.choiceIndex("curve")),
                Float(values.number("peak")), Float(values.number("target")),
                values.text("gamut") == "perceptual" ? 1 : 0, values.text("output") == "bt709" ? 1 : 0,
            ] + ColorPrimaries.bt2020.conversion(to: .bt709).map(Float.init)
        },
        colorimetryAfter: { colorimetry in Colorimetry(matrix: .bt709, range: colorimetry.range) })

    static let all: [FilterDescriptor] = [tonemap]
}

extension Filter {
    /// The tone curves of `Filter.tonemap`.
    public enum TonemapCurve: String, Sendable, CaseIterable {
        /// ITU-R BT.2390's EETF.
        case bt2390
        /// John Hable's filmic curve.
        case hable
        /// Extended Reinhard.
        case reinhard
        /// Möbius: linear to 0.3 of SDR white, then a soft shoulder.
        case mobius
        /// A hard clip at SDR white.
        case clip
    }

    /// `tonemap` of PQ (or HLG when `hlg`) video peaking at `peak` nits to
    /// SDR white at `target` nits with `curve`; values clamped.
    public static func tonemap(
        curve: TonemapCurve = .bt2390, peak: Double = 1000, target: Double = 100, hlg: Bool = false
    )
        -> Filter
    {
        Filter(
            clamping: HDRFilters.tonemap,
            values: [
                "curve": .choice(curve.rawValue), "peak": .number(peak), "target": .number(target),
                "transfer": .choice(hlg ? "hlg" : "pq"),
            ])
    }
}
