extension Colorimetry {
    /// RGB primaries that Harbeth converts between, named as FFmpeg tags
    /// them (`-color_primaries`) but for Display P3. All have D65 white.
    public enum Primaries: String, Sendable, Hashable, CaseIterable {
        /// ITU-R BT.709 and sRGB.
        case bt709
        /// ITU-R BT.470 System B/G (PAL/SECAM, EBU 3213).
        case bt470bg
        /// SMPTE 170M (NTSC, BT.601 525).
        case smpte170m
        /// SMPTE 240M (the same primaries as SMPTE 170M).
        case smpte240m
        /// ITU-R BT.2020 and BT.2100.
        case bt2020
        /// SMPTE EG 432-1: P3 primaries with D65 white (FFmpeg's `smpte432`).
        case displayP3 = "display_p3"

        var chromaticities: ColorPrimaries {
            switch self {
            case .bt709: return .bt709
            case .bt470bg: return .ebu3213
            case .smpte170m, .smpte240m: return .smpte170m
            case .bt2020: return .bt2020
            case .displayP3: return .displayP3
            }
        }

        /// The matrix that usually goes with these primaries.
        var usualMatrix: ColorMatrix {
            switch self {
            case .bt709, .displayP3: return .bt709
            case .bt470bg, .smpte170m, .smpte240m: return .bt601
            case .bt2020: return .bt2020
            }
        }
    }

    /// Transfer functions that Harbeth converts between, named as FFmpeg
    /// tags them (`-color_trc`) but for sRGB, PQ and HLG. Several tags share
    /// a curve.
    public enum Transfer: String, Sendable, Hashable, CaseIterable {
        /// ITU-R BT.709's OETF.
        case bt709
        /// SMPTE 170M: BT.709's curve.
        case smpte170m
        /// BT.2020 for 10-bit video: BT.709's curve.
        case bt2020Ten = "bt2020_10"
        /// BT.2020 for 12-bit video: BT.709's curve.
        case bt2020Twelve = "bt2020_12"
        /// IEC 61966-2-1 (sRGB; FFmpeg's `iec61966-2-1`).
        case srgb
        /// A pure 2.2 gamma (BT.470 System M).
        case gamma22
        /// A pure 2.8 gamma (BT.470 System B/G).
        case gamma28
        /// SMPTE 240M.
        case smpte240m
        /// Linear light.
        case linear
        /// SMPTE ST 2084, the perceptual quantiser (HDR10; FFmpeg's `smpte2084`).
        case pq
        /// ARIB STD-B67, hybrid log-gamma (FFmpeg's `arib-std-b67`).
        case hlg

        /// The curve's index in the shaders (`hb_decode_transfer`).
        var curve: Int {
            switch self {
            case .bt709, .smpte170m, .bt2020Ten, .bt2020Twelve: return 0
            case .srgb: return 1
            case .gamma22: return 2
            case .gamma28: return 3
            case .smpte240m: return 4
            case .linear: return 5
            case .pq: return 6
            case .hlg: return 7
            }
        }

        /// True for PQ and HLG.
        public var isHDR: Bool { self == .pq || self == .hlg }
    }

    /// The primaries: the tag, else what the matrix implies (BT.601's are
    /// SMPTE 170M's).
    var impliedPrimaries: Primaries {
        if let primaries { return primaries }
        switch matrix {
        case .bt601: return .smpte170m
        case .bt709: return .bt709
        case .bt2020: return .bt2020
        }
    }

    /// The transfer: the tag, else BT.709's curve (SDR video's).
    var impliedTransfer: Transfer { transfer ?? .bt709 }
}
