import Foundation

/// Camera log footage to BT.709: Apple Log, Sony S-Log3, Panasonic V-Log
/// and ARRI LogC3, each by the maker's published curve and gamut, sharing
/// one shader.
enum CameraLogFilters {
    private struct Camera {
        let name: String
        let curve: Int
        let title: String
        let source: String
        let gamuts: [(name: String, primaries: ColorPrimaries)]
    }

    private static let parameters: [FilterParameter] = [
        .number("exposure", default: 0, range: -6...6, summary: "stops added in linear light before the OETF"),
        .choice(
            "range", ["legal", "full"], default: "legal",
            summary: "legal: the decoded 0...1 is code values 64...940, as cameras record; full: 0...1023"),
    ]

    private static func descriptor(_ camera: Camera) -> FilterDescriptor {
        let gamutNames = camera.gamuts.map(\.name)
        let gamut: [FilterParameter] = [
            .choice(
                "gamut", gamutNames + ["none"], default: gamutNames[0],
                summary: "the camera's gamut, converted to BT.709's primaries; none keeps the primaries")
        ]
        return FilterDescriptor(
            name: camera.name, kind: .pointwise, summary: "Decodes \(camera.title) footage to BT.709.",
            formula: "x = (64 + 876 v) / 1023 (legal) or v; L = \(camera.source)(x) 2^exposure;"
                + " L' = M L, M from the gamut's primaries to BT.709's (D65, no adaptation);"
                + " BT.709 OETF: 4.5 L' below 0.018, else 1.099 L'^0.45 - 0.099, negatives 0, clipped at 1",
            parameters: parameters + gamut,
            stages: [.pointwise("hb_camera_log", file: "pointwise/camera_log.glsl")],
            layout: ["curve", "exposure", "legal", .init("matrix", count: 9)],
            pack: { values, _ in
                let choice = values.text("gamut")
                let matrix =
                    camera.gamuts.first { $0.name == choice }?.primaries.conversion(to: .bt709)
                    ?? [1, 0, 0, 0, 1, 0, 0, 0, 1]
                return [
                    Float(camera.curve), Float(exp2(values.number("exposure"))),
                    values.text("range") == "legal" ? 1 : 0,
                ] + matrix.map(Float.init)
            })
    }

    static let appleLog = descriptor(
        Camera(
            name: "apple_log", curve: 0, title: "Apple Log",
            source: "Apple Log's inverse (2^((x - 0.69336945) / 0.08550479) - 0.00964052 above its knee,"
                + " sqrt(x / 47.28711236) - 0.05641088 below; Apple Log Profile White Paper)",
            gamuts: [("bt2020", .bt2020)]))

    static let sLog3 = descriptor(
        Camera(
            name: "slog3", curve: 1, title: "Sony S-Log3",
            source: "S-Log3's inverse (10^((1023 x - 420) / 261.5) 0.19 - 0.01 from code 171.21,"
                + " linear below; Sony's S-Log3 technical summary)",
            gamuts: [("sgamut3_cine", .sGamut3Cine), ("sgamut3", .sGamut3)]))

    static let vLog = descriptor(
        Camera(
            name: "vlog", curve: 2, title: "Panasonic V-Log",
            source: "V-Log's inverse (10^((x - 0.598206) / 0.241514) - 0.00873 from 0.181,"
                + " (x - 0.125) / 5.6 below; Panasonic's V-Log/V-Gamut reference)",
            gamuts: [("vgamut", .vGamut)]))

    static let logC3 = descriptor(
        Camera(
            name: "logc3", curve: 3, title: "ARRI LogC3 (EI 800)",
            source: "LogC3 EI 800's inverse ((10^((x - 0.385537) / 0.24719) - 0.052272) / 5.555556 above"
                + " 0.149658, (x - 0.092809) / 5.367655 below; ARRI's LogC3 white paper)",
            gamuts: [("awg3", .arriWideGamut3)]))

    static let all: [FilterDescriptor] = [appleLog, sLog3, vLog, logC3]
}

extension Filter {
    /// The camera log curves `Filter.cameraLog(_:)` decodes.
    public enum CameraLog: String, Sendable, CaseIterable {
        /// Apple Log (BT.2020 gamut).
        case appleLog = "apple_log"
        /// Sony S-Log3 (S-Gamut3.Cine by default).
        case sLog3 = "slog3"
        /// Panasonic V-Log (V-Gamut).
        case vLog = "vlog"
        /// ARRI LogC3 at EI 800 (ARRI Wide Gamut 3).
        case logC3 = "logc3"
    }

    /// Decodes `log` footage to BT.709 with `exposure` stops (-6...6,
    /// clamped) added in linear light; `legalRange` says the decoded 0...1
    /// stands for code values 64...940, as cameras record.
    public static func cameraLog(_ log: CameraLog, exposure: Double = 0, legalRange: Bool = true) -> Filter {
        let descriptor = CameraLogFilters.all.first { $0.name == log.rawValue }!
        return Filter(
            clamping: descriptor,
            values: ["exposure": .number(exposure), "range": .choice(legalRange ? "legal" : "full")])
    }
}
