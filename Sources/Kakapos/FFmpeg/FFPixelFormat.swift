import CFFmpeg
import Harbeth

/// How FFmpeg pixel formats map onto Harbeth's `PixelLayout`s.
enum FFPixelFormat {
    static func name(_ format: AVPixelFormat) -> String {
        av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "none"
    }

    /// The FFmpeg format with exactly `layout`'s memory layout.
    static func avFormat(for layout: PixelLayout) -> AVPixelFormat {
        switch layout {
        case .rgba8: return AV_PIX_FMT_RGBA
        case .yuv420p: return AV_PIX_FMT_YUV420P
        case .yuv422p: return AV_PIX_FMT_YUV422P
        case .yuv444p: return AV_PIX_FMT_YUV444P
        case .nv12: return AV_PIX_FMT_NV12
        case .yuv420p10: return AV_PIX_FMT_YUV420P10LE
        case .yuv422p10: return AV_PIX_FMT_YUV422P10LE
        case .yuv444p10: return AV_PIX_FMT_YUV444P10LE
        case .yuva444p10: return AV_PIX_FMT_YUVA444P10LE
        case .yuv444p12: return AV_PIX_FMT_YUV444P12LE
        case .yuva444p12: return AV_PIX_FMT_YUVA444P12LE
        case .gray8: return AV_PIX_FMT_GRAY8
        case .gray16: return AV_PIX_FMT_GRAY16LE
        case .rgba16: return AV_PIX_FMT_RGBA64LE
        }
    }

    /// `avFormat(for:)` without its alpha, for frames whose alpha is 1
    /// everywhere: RGBA as RGB, YUVA as YUV; the same for layouts without alpha.
    static func avFormatWithoutAlpha(for layout: PixelLayout) -> AVPixelFormat {
        switch layout {
        case .rgba8: return AV_PIX_FMT_RGB24
        case .rgba16: return AV_PIX_FMT_RGB48LE
        case .yuva444p10: return AV_PIX_FMT_YUV444P10LE
        case .yuva444p12: return AV_PIX_FMT_YUV444P12LE
        default: return avFormat(for: layout)
        }
    }

    /// The layout a decoded frame of `format` can be handed over in without
    /// touching its pixels, and whether the format implies full range (the
    /// deprecated `yuvj*` formats).
    static func directLayout(for format: AVPixelFormat) -> (layout: PixelLayout, impliesFullRange: Bool)? {
        switch format {
        case AV_PIX_FMT_YUV420P: return (.yuv420p, false)
        case AV_PIX_FMT_YUV422P: return (.yuv422p, false)
        case AV_PIX_FMT_YUV444P: return (.yuv444p, false)
        case AV_PIX_FMT_NV12: return (.nv12, false)
        case AV_PIX_FMT_YUV420P10LE: return (.yuv420p10, false)
        case AV_PIX_FMT_YUV422P10LE: return (.yuv422p10, false)
        case AV_PIX_FMT_YUV444P10LE: return (.yuv444p10, false)
        case AV_PIX_FMT_YUVA444P10LE: return (.yuva444p10, false)
        case AV_PIX_FMT_YUV444P12LE: return (.yuv444p12, false)
        case AV_PIX_FMT_YUVA444P12LE: return (.yuva444p12, false)
        case AV_PIX_FMT_GRAY8: return (.gray8, false)
        case AV_PIX_FMT_GRAY16LE: return (.gray16, false)
        case AV_PIX_FMT_RGBA64LE: return (.rgba16, false)
        case AV_PIX_FMT_YUVJ420P: return (.yuv420p, true)
        case AV_PIX_FMT_YUVJ422P: return (.yuv422p, true)
        case AV_PIX_FMT_YUVJ444P: return (.yuv444p, true)
        case AV_PIX_FMT_RGBA: return (.rgba8, false)
        default: return nil
        }
    }

    /// True for RGB and palette formats: no colour matrix, nothing to tag.
    static func isRGBLike(_ format: AVPixelFormat) -> Bool {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
        return descriptor.pointee.flags & (cav_pix_fmt_flag_rgb() | cav_pix_fmt_flag_pal()) != 0
    }

    /// What a format keeps of a picture, to say what a conversion loses.
    struct Shape: Equatable {
        let depth: Int
        let chromaShift: (x: Int, y: Int)
        let hasAlpha: Bool
        let isRGB: Bool
        let isGray: Bool

        static func == (a: Shape, b: Shape) -> Bool {
            a.depth == b.depth && a.chromaShift == b.chromaShift && a.hasAlpha == b.hasAlpha && a.isRGB == b.isRGB
                && a.isGray == b.isGray
        }

        /// `4:2:2`, `4:4:4`, ...: how a YUV format's chroma is sampled.
        var chromaName: String {
            switch (chromaShift.x, chromaShift.y) {
            case (0, 0): return "4:4:4"
            case (1, 0): return "4:2:2"
            case (1, 1): return "4:2:0"
            case (2, 0): return "4:1:1"
            case (2, 2): return "4:1:0"
            case (0, 1): return "4:4:0"
            default: return "subsampled"
            }
        }
    }

    /// True when the format named `name` (FFmpeg's name) has alpha, or is
    /// not a format FFmpeg knows.
    /// The YUV `format` with an alpha plane (`yuv420p` -> `yuva420p`), where
    /// FFmpeg has one; nil for other formats.
    static func withAlpha(_ format: AVPixelFormat) -> AVPixelFormat? {
        guard let name = av_get_pix_fmt_name(format).map({ String(cString: $0) }), name.hasPrefix("yuv"),
            !name.hasPrefix("yuva"), !name.hasPrefix("yuvj")
        else { return nil }
        let keyed = av_get_pix_fmt("yuva" + name.dropFirst(3))
        return keyed == AV_PIX_FMT_NONE ? nil : keyed
    }

    static func hasAlpha(named name: String) -> Bool {
        shape(av_get_pix_fmt(name))?.hasAlpha ?? true
    }

    static func shape(_ format: AVPixelFormat) -> Shape? {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return nil }
        let flags = descriptor.pointee.flags
        let isRGB = flags & (cav_pix_fmt_flag_rgb() | cav_pix_fmt_flag_pal()) != 0
        let components = Int(descriptor.pointee.nb_components)
        return Shape(
            depth: Int(descriptor.pointee.comp.0.depth),
            chromaShift: (Int(descriptor.pointee.log2_chroma_w), Int(descriptor.pointee.log2_chroma_h)),
            hasAlpha: flags & cav_pix_fmt_flag_alpha() != 0, isRGB: isRGB, isGray: !isRGB && components <= 2)
    }

    /// The supported layout closest to `format` for formats that need a
    /// swscale conversion, or nil when swscale cannot read the format
    /// (hardware surfaces, bitstream formats). It keeps what the layouts
    /// can: alpha, more than 8 bits, grey, and the chroma of deep YUV.
    static func nearestLayout(for format: AVPixelFormat) -> PixelLayout? {
        guard let descriptor = av_pix_fmt_desc_get(format), sws_isSupportedInput(format) != 0,
            let shape = shape(format)
        else { return nil }
        let flags = descriptor.pointee.flags
        if flags & (cav_pix_fmt_flag_hwaccel() | cav_pix_fmt_flag_bitstream()) != 0 { return nil }
        let deep = shape.depth > 8
        if shape.isRGB { return deep ? .rgba16 : .rgba8 }
        if shape.isGray { return shape.hasAlpha ? (deep ? .rgba16 : .rgba8) : (deep ? .gray16 : .gray8) }
        if shape.hasAlpha { return shape.depth > 10 ? .yuva444p12 : .yuva444p10 }
        if deep {
            switch (shape.chromaShift.x, shape.chromaShift.y) {
            case (0, 0): return shape.depth > 10 ? .yuv444p12 : .yuv444p10
            case (_, 0): return .yuv422p10
            default: return .yuv420p10
            }
        }
        switch (shape.chromaShift.x, shape.chromaShift.y) {
        case (0, 0): return .yuv444p
        case (1, 0): return .yuv422p
        case (_, 0): return .yuv422p
        case (1, 1): return .yuv420p
        default:
            // 4:1:0, 4:4:0 and other rare shapes: keep as much chroma as the
            // nearest common shape holds.
            return shape.chromaShift.y > 0 && shape.chromaShift.x > 0 ? .yuv420p : .yuv444p
        }
    }

    /// True when the format's samples are full range by definition (the
    /// `yuvj*` formats).
    static func impliesFullRange(_ format: AVPixelFormat) -> Bool {
        switch format {
        case AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUVJ411P:
            return true
        default:
            return false
        }
    }
}

/// How FFmpeg colour tags map onto Harbeth's `Colorimetry`.
enum FFColor {
    /// The matrix of an FFmpeg colour space, or nil when it is unspecified or
    /// has no Harbeth equivalent. FCC is BT.601's matrix to three decimals and
    /// SMPTE 240M is within a rounding step of BT.709's.
    static func matrix(_ space: AVColorSpace) -> ColorMatrix? {
        switch space {
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC: return .bt601
        case AVCOL_SPC_BT709, AVCOL_SPC_SMPTE240M: return .bt709
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: return .bt2020
        default: return nil
        }
    }

    /// A frame's colorimetry: nil when untagged (limited range and no
    /// matrix). Full range without a matrix is JPEG's BT.601 full range.
    /// Primaries and transfer are kept where Harbeth converts them.
    static func colorimetry(
        space: AVColorSpace, range: AVColorRange, format: AVPixelFormat,
        primaries: AVColorPrimaries = AVCOL_PRI_UNSPECIFIED,
        transfer: AVColorTransferCharacteristic = AVCOL_TRC_UNSPECIFIED
    ) -> Colorimetry? {
        // Grey without a range tag (PNG, FFV1) uses every code value.
        let untaggedGray = range == AVCOL_RANGE_UNSPECIFIED && FFPixelFormat.shape(format)?.isGray == true
        let full = range == AVCOL_RANGE_JPEG || FFPixelFormat.impliesFullRange(format) || untaggedGray
        if let matrix = matrix(space) {
            return Colorimetry(
                matrix: matrix, range: full ? .full : .limited, primaries: Self.primaries(primaries),
                transfer: Self.transfer(transfer))
        }
        return full ? Colorimetry(matrix: .bt601, range: .full) : nil
    }

    private static let primaryTags: [(AVColorPrimaries, Colorimetry.Primaries)] = [
        (AVCOL_PRI_BT709, .bt709), (AVCOL_PRI_BT470BG, .bt470bg), (AVCOL_PRI_SMPTE170M, .smpte170m),
        (AVCOL_PRI_SMPTE240M, .smpte240m), (AVCOL_PRI_BT2020, .bt2020), (AVCOL_PRI_SMPTE432, .displayP3),
    ]

    private static let transferTags: [(AVColorTransferCharacteristic, Colorimetry.Transfer)] = [
        (AVCOL_TRC_BT709, .bt709), (AVCOL_TRC_SMPTE170M, .smpte170m), (AVCOL_TRC_BT2020_10, .bt2020Ten),
        (AVCOL_TRC_BT2020_12, .bt2020Twelve), (AVCOL_TRC_IEC61966_2_1, .srgb), (AVCOL_TRC_GAMMA22, .gamma22),
        (AVCOL_TRC_GAMMA28, .gamma28), (AVCOL_TRC_SMPTE240M, .smpte240m), (AVCOL_TRC_LINEAR, .linear),
        (AVCOL_TRC_SMPTE2084, .pq), (AVCOL_TRC_ARIB_STD_B67, .hlg),
    ]

    /// Harbeth's name for FFmpeg's primaries tag; nil for unspecified or others.
    static func primaries(_ tag: AVColorPrimaries) -> Colorimetry.Primaries? {
        primaryTags.first { $0.0 == tag }?.1
    }

    /// FFmpeg's tag for Harbeth's primaries.
    static func primariesTag(_ primaries: Colorimetry.Primaries) -> AVColorPrimaries {
        primaryTags.first { $0.1 == primaries }!.0
    }

    /// Harbeth's name for FFmpeg's transfer tag; nil for unspecified or others.
    static func transfer(_ tag: AVColorTransferCharacteristic) -> Colorimetry.Transfer? {
        transferTags.first { $0.0 == tag }?.1
    }

    /// FFmpeg's tag for Harbeth's transfer.
    static func transferTag(_ transfer: Colorimetry.Transfer) -> AVColorTransferCharacteristic {
        transferTags.first { $0.1 == transfer }!.0
    }

    static func space(_ matrix: ColorMatrix) -> AVColorSpace {
        switch matrix {
        case .bt601: return AVCOL_SPC_SMPTE170M
        case .bt709: return AVCOL_SPC_BT709
        case .bt2020: return AVCOL_SPC_BT2020_NCL
        }
    }

    /// The primaries and transfer that go with a matrix when nothing better
    /// is known; BT.2020's transfer (SDR, PQ or HLG) cannot be guessed.
    static func defaultPrimariesAndTransfer(_ matrix: ColorMatrix) -> (AVColorPrimaries, AVColorTransferCharacteristic)
    {
        switch matrix {
        case .bt601: return (AVCOL_PRI_SMPTE170M, AVCOL_TRC_SMPTE170M)
        case .bt709: return (AVCOL_PRI_BT709, AVCOL_TRC_BT709)
        case .bt2020: return (AVCOL_PRI_BT2020, AVCOL_TRC_UNSPECIFIED)
        }
    }

    /// The `SWS_CS_*` constant for swscale's tables.
    static func swscaleMatrix(_ matrix: ColorMatrix?) -> Int32 {
        switch matrix {
        case .bt709: return SWS_CS_ITU709
        case .bt2020: return SWS_CS_BT2020
        case .bt601, nil: return SWS_CS_ITU601
        }
    }
}

/// A rational number such as a time base or frame rate.
public struct Rational: Sendable, Hashable, CustomStringConvertible {
    /// The top of the fraction.
    public var numerator: Int32
    /// The bottom of the fraction; 0 means unknown.
    public var denominator: Int32

    /// The fraction `numerator`/`denominator`, e.g. `Rational(1, 90000)` for a 90 kHz time base; not reduced.
    public init(_ numerator: Int32, _ denominator: Int32) {
        self.numerator = numerator
        self.denominator = denominator
    }

    init(_ rational: AVRational) { self.init(rational.num, rational.den) }

    var av: AVRational { AVRational(num: numerator, den: denominator) }

    /// The value, or nil for 0/0 and x/0 (FFmpeg's "unknown").
    public var doubleValue: Double? {
        denominator == 0 ? nil : Double(numerator) / Double(denominator)
    }

    /// True for a usable positive value.
    public var isValid: Bool { numerator > 0 && denominator > 0 }

    public var description: String { "\(numerator)/\(denominator)" }
}
