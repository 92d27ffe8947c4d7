/// Colour management: tone mapping HDR to SDR, and conversions between
/// primaries, transfers, matrices and ranges.
enum ColorManagementFilters {
    static let curves = ["bt2390", "hable", "reinhard", "mobius", "clip"]

    static let tonemap = FilterDescriptor(
        name: "tonemap", kind: .pointwise, summary: "HDR (PQ or HLG, BT.2020) to SDR BT.709.",
        formula: "nits = PQ EOTF (ST 2084) per channel, or HLG's inverse OETF and OOTF for a `peak` display"
            + " (BT.2100); m = max(R, G, B) mapped by the curve relative to `target` nits (bt2390: BT.2390's"
            + " Hermite EETF in PQ, knee start (1 + knee) k - knee, blacks lifted by b (1 - e)^4 for a display"
            + " `black`; hable; extended reinhard; mobius with j = 0.3; clip), the channels scaled by"
            + " m'/m; BT.2020 -> BT.709 primaries; gamut clip, or perceptual (desaturated towards luminance until"
            + " no channel is negative); BT.1886 (c^(1/2.4), with `black` its black level) or BT.709 OETF. The"
            + " output is tagged BT.709"
            + " (libplacebo's and FFmpeg tonemap's curves)",
        parameters: [
            .choice("transfer", ["pq", "hlg"], default: "pq", summary: "the input's transfer", structural: true),
            .choice("curve", curves, default: "bt2390", summary: "the tone curve"),
            .number(
                "peak", default: 0, range: 0...10000,
                summary: "the input's peak in nits (HLG: the display's), at least 100; 0: the HDR10 metadata's"
                    + " (MaxCLL, else the mastering display's), else 1000"),
            .number("target", default: 100, range: 48...1000, summary: "SDR white in nits"),
            .choice("gamut", ["clip", "perceptual"], default: "perceptual", summary: "colours outside BT.709"),
            .choice("output", ["bt1886", "bt709"], default: "bt1886", summary: "BT.1886 display or BT.709 OETF"),
            .number(
                "knee", default: 0.5, range: 0...1,
                summary: "bt2390's knee offset: ks = (1 + knee) k - knee; BT.2390's 0.5, libplacebo's 1"),
            .number(
                "black", default: 0, range: 0...10,
                summary: "the SDR display's black in nits: lifts bt2390's blacks and is BT.1886's black level"
                    + " (libplacebo's: target / 1000)"),
        ],
        stages: [.pointwise("hb_tonemap", file: "pointwise/tonemap.glsl")],
        layout: ["transfer", "curve", "peak", "target", "gamut", "output", .init("matrix", count: 9), "knee", "black"],
        pack: { values, environment in
            [
                values.text("transfer") == "hlg" ? 1 : 0, Float(values.choiceIndex("curve")),
                Float(peak(values, environment.colorimetry)), Float(values.number("target")),
                values.text("gamut") == "perceptual" ? 1 : 0, values.text("output") == "bt709" ? 1 : 0,
            ] + ColorPrimaries.bt2020.conversion(to: .bt709).map(Float.init)
                + [Float(values.number("knee")), Float(values.number("black"))]
        },
        colorimetryAfter: { _, colorimetry in
            Colorimetry(matrix: .bt709, range: colorimetry.range, primaries: .bt709, transfer: .bt709)
        })

    /// tonemap's peak in nits: the value, else the metadata's, else 1000.
    static func peak(_ values: FilterValues, _ colorimetry: Colorimetry?) -> Double {
        let given = values.number("peak")
        return min(max(given > 0 ? given : colorimetry?.peakLuminance ?? 1000, 100), 10000)
    }

    static let primaryNames = Colorimetry.Primaries.allCases.map(\.rawValue)
    static let transferNames = Colorimetry.Transfer.allCases.map(\.rawValue)

    static let colorspace = FilterDescriptor(
        name: "colorspace", kind: .pointwise,
        summary: "Converts to other primaries, transfer, YUV matrix and range, tagging the output.",
        formula: "l = the input transfer's decode (BT.709, SMPTE 170M and BT.2020 by BT.709's inverse OETF, sRGB,"
            + " gamma 2.2/2.8, SMPTE 240M, linear; PQ relative to `white` nits; HLG scene light relative to its"
            + " 75% signal, BT.2408); c = M l, M from the two sets of primaries' xy (D65, no adaptation);"
            + " gamut clip: clamp to what the output curve holds (1, or 10000 / white for PQ); perceptual: a colour"
            + " outside it first moves towards its luminance by the least that brings it in; the output transfer's encode"
            + " (FFmpeg's colorspace keeps what YUV's headroom holds of such colours; the pipeline clips RGB at the"
            + " output). The matrix and range take effect where the output is YUV. `auto` inputs are the"
            + " frame's tags, else BT.709 (SMPTE 170M for a BT.601 matrix, BT.2020 for BT.2020's) with BT.709's"
            + " curve (FFmpeg colorspace's conversions, which name sRGB iec61966-2-1, PQ smpte2084, HLG arib-std-b67)",
        parameters: [
            .choice(
                "primaries", ["keep"] + primaryNames, default: "bt709", summary: "the output's primaries",
                structural: true),
            .choice(
                "transfer", ["keep"] + transferNames, default: "keep", summary: "the output's transfer",
                structural: true),
            .choice(
                "matrix", ["auto"] + ColorMatrix.allCases.map(\.rawValue), default: "auto",
                summary: "the output's YUV matrix; auto: the one the primaries usually have", structural: true),
            .choice(
                "range", ["keep"] + ColorRange.allCases.map(\.rawValue), default: "keep", summary: "YUV range",
                structural: true),
            .choice(
                "gamut", ["clip", "perceptual"], default: "clip",
                summary: "colours outside the output's gamut: clipped, or desaturated until they fit"),
            .number("white", default: 203, range: 48...1000, summary: "SDR white in nits, for PQ"),
            .choice(
                "from_primaries", ["auto"] + primaryNames, default: "auto", summary: "the input's primaries",
                structural: true),
            .choice(
                "from_transfer", ["auto"] + transferNames, default: "auto", summary: "the input's transfer",
                structural: true),
        ],
        stages: [.pointwise("hb_colorspace", file: "pointwise/colorspace.glsl")],
        layout: ["from_curve", "to_curve", "gamut", "white", .init("matrix", count: 9), .init("luma", count: 3)],
        pack: { values, environment in
            let input = environment.colorimetryOrBT709
            let (fromPrimaries, fromTransfer) = inputSpace(values, input)
            let output = convertedColorimetry(values, input)
            let target = output.impliedPrimaries.chromaticities
            return [
                Float(fromTransfer.curve), Float(output.impliedTransfer.curve),
                Float(values.choiceIndex("gamut")), Float(values.number("white")),
            ] + fromPrimaries.chromaticities.conversion(to: target).map(Float.init)
                + target.luminanceCoefficients.map(Float.init)
        },
        colorimetryAfter: convertedColorimetry)

    /// The primaries and transfer `colorspace` converts from.
    private static func inputSpace(_ values: FilterValues, _ input: Colorimetry) -> (
        Colorimetry.Primaries, Colorimetry.Transfer
    ) {
        (
            Colorimetry.Primaries(rawValue: values.text("from_primaries")) ?? input.impliedPrimaries,
            Colorimetry.Transfer(rawValue: values.text("from_transfer")) ?? input.impliedTransfer
        )
    }

    /// The colorimetry after `colorspace`.
    private static func convertedColorimetry(_ values: FilterValues, _ input: Colorimetry) -> Colorimetry {
        let (fromPrimaries, fromTransfer) = inputSpace(values, input)
        let primaries = Colorimetry.Primaries(rawValue: values.text("primaries")) ?? fromPrimaries
        return Colorimetry(
            matrix: ColorMatrix(rawValue: values.text("matrix")) ?? primaries.usualMatrix,
            range: ColorRange(rawValue: values.text("range")) ?? input.range, primaries: primaries,
            transfer: Colorimetry.Transfer(rawValue: values.text("transfer")) ?? fromTransfer)
    }

    /// The names linearize and delinearize take for their curve.
    static let linearCurves = ["auto", "bt1886", "bt709", "srgb", "gamma22", "gamma28", "smpte240m", "pq", "hlg"]

    /// The curve index (`hb_decode_transfer`) for a name; auto is the
    /// frame's transfer as displayed: BT.1886 for the BT.709 family.
    static func linearCurve(_ name: String, _ colorimetry: Colorimetry?) -> Float {
        switch name {
        case "bt1886": return 8
        case "bt709": return 0
        case "auto":
            let transfer = colorimetry?.impliedTransfer ?? .bt709
            switch transfer {
            case .bt709, .smpte170m, .bt2020Ten, .bt2020Twelve: return 8
            default: return Float(transfer.curve)
            }
        default: return Float(Colorimetry.Transfer(rawValue: name)?.curve ?? 8)
        }
    }

    private static func linearLight(_ name: String, summary: String, formula: String) -> FilterDescriptor {
        FilterDescriptor(
            name: name, kind: .pointwise, summary: summary, formula: formula,
            parameters: [
                .choice(
                    "transfer", linearCurves, default: "auto",
                    summary: "the curve; auto: the frame's transfer as displayed (BT.1886 for BT.709 video)")
            ],
            stages: [.pointwise("hb_\(name)", file: "pointwise/linear_light.glsl")],
            layout: ["curve"],
            pack: { values, environment in [linearCurve(values.text("transfer"), environment.colorimetry)] })
    }

    static let linearize = linearLight(
        "linearize", summary: "To linear light, for filters that should average light (--linear puts it in).",
        formula: "each channel through the transfer's decode: auto is the frame's, BT.709, SMPTE 170M and BT.2020"
            + " by BT.1886's c^2.4 (as libplacebo linearizes), PQ relative to 203 nits, HLG scene light relative to"
            + " its 75% signal; the frame's tags are kept, so a delinearize after it with the same transfer undoes it")

    static let delinearize = linearLight(
        "delinearize", summary: "Back from linear light: linearize's inverse.",
        formula: "each channel through the transfer's encode, linearize's inverse (auto: the frame's transfer)")

    static let all: [FilterDescriptor] = [tonemap, colorspace, linearize, delinearize]
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

    /// `tonemap` of PQ (or HLG when `hlg`) video peaking at `peak` nits (nil:
    /// what the frames' HDR10 metadata says, else 1000) to SDR white at
    /// `target` nits with `curve`, bt2390's knee offset `knee` and a display
    /// black of `black` nits (libplacebo's: knee 1, target 203, black
    /// 0.203); values clamped.
    public static func tonemap(
        curve: TonemapCurve = .bt2390, peak: Double? = nil, target: Double = 100, hlg: Bool = false,
        knee: Double = 0.5, black: Double = 0
    )
        -> Filter
    {
        Filter(
            clamping: ColorManagementFilters.tonemap,
            values: [
                "curve": .choice(curve.rawValue), "peak": .number(peak ?? 0), "target": .number(target),
                "transfer": .choice(hlg ? "hlg" : "pq"), "knee": .number(knee), "black": .number(black),
            ])
    }
}

extension Filter {
    /// What `Filter.colorspace` does with colours outside the output's gamut.
    public enum GamutMapping: String, Sendable, CaseIterable {
        /// Each channel is clamped.
        case clip
        /// Desaturated towards the colour's luminance until it fits, then clamped.
        case perceptual
    }

    /// `colorspace` to `primaries` and `transfer` (nil keeps the input's),
    /// written with `matrix` (nil: the one the primaries usually have) and
    /// `range` (nil keeps it) where the output is YUV, mapping colours
    /// outside the output's gamut by `gamut`.
    public static func colorspace(
        primaries: Colorimetry.Primaries? = .bt709, transfer: Colorimetry.Transfer? = nil,
        matrix: ColorMatrix? = nil, range: ColorRange? = nil, gamut: GamutMapping = .clip
    ) -> Filter {
        Filter(
            clamping: ColorManagementFilters.colorspace,
            values: [
                "primaries": .choice(primaries?.rawValue ?? "keep"), "transfer": .choice(transfer?.rawValue ?? "keep"),
                "matrix": .choice(matrix?.rawValue ?? "auto"), "range": .choice(range?.rawValue ?? "keep"),
                "gamut": .choice(gamut.rawValue),
            ])
    }
}
