/// How a frame's pixels are laid out in memory.
public enum PixelLayout: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// One plane of 8-bit R, G, B, A per pixel.
    case rgba8
    /// 8-bit Y, U, V planes; chroma halved in both directions.
    case yuv420p
    /// 8-bit Y, U, V planes; chroma halved horizontally.
    case yuv422p
    /// 8-bit Y, U, V planes at full resolution.
    case yuv444p
    /// 8-bit Y plane and one interleaved UV plane; chroma halved both ways.
    case nv12
    /// 10-bit samples in the low bits of 16-bit little-endian words; Y, U, V
    /// planes, chroma halved both ways (FFmpeg's yuv420p10le).
    case yuv420p10
    /// 10-bit Y, U, V planes, chroma halved horizontally (yuv422p10le:
    /// ProRes 422, broadcast masters).
    case yuv422p10
    /// 10-bit Y, U, V planes at full resolution (yuv444p10le).
    case yuv444p10
    /// 10-bit Y, U, V and alpha planes at full resolution (yuva444p10le:
    /// ProRes 4444 with alpha).
    case yuva444p10
    /// 12-bit Y, U, V planes at full resolution (yuv444p12le: ProRes 4444
    /// without alpha, as FFmpeg decodes it).
    case yuv444p12
    /// 12-bit Y, U, V and alpha planes at full resolution (yuva444p12le:
    /// ProRes 4444 with alpha, as FFmpeg decodes it).
    case yuva444p12
    /// One 8-bit luma plane (gray).
    case gray8
    /// One 16-bit little-endian luma plane (gray16le: 16-bit PNG greyscale).
    case gray16
    /// One plane of 16-bit little-endian R, G, B, A per pixel (rgba64le:
    /// 16-bit PNG and TIFF).
    case rgba16

    public var description: String { rawValue }

    /// True for the layouts that code luma (and chroma) with a colour
    /// matrix, the grey ones among them (their chroma is neutral).
    public var isYUV: Bool { self != .rgba8 && self != .rgba16 }

    /// True for the layouts with no chroma at all.
    public var isGray: Bool { self == .gray8 || self == .gray16 }

    /// True for the layouts that carry alpha.
    public var hasAlpha: Bool { self == .rgba8 || self == .rgba16 || self == .yuva444p10 || self == .yuva444p12 }

    /// Number of planes.
    public var planeCount: Int {
        switch self {
        case .rgba8, .rgba16, .gray8, .gray16: return 1
        case .nv12: return 2
        case .yuv420p, .yuv422p, .yuv444p, .yuv420p10, .yuv422p10, .yuv444p10, .yuv444p12: return 3
        case .yuva444p10, .yuva444p12: return 4
        }
    }

    /// log2 of the chroma subsampling factors (horizontal, vertical).
    public var chromaShift: (x: Int, y: Int) {
        switch self {
        case .rgba8, .rgba16, .yuv444p, .yuv444p10, .yuva444p10, .yuv444p12, .yuva444p12, .gray8, .gray16:
            return (0, 0)
        case .yuv422p, .yuv422p10: return (1, 0)
        case .yuv420p, .nv12, .yuv420p10: return (1, 1)
        }
    }

    /// Bytes per sample in each plane's sample (1 for 8-bit, 2 for deeper).
    public var bytesPerSample: Int {
        switch self {
        case .rgba8, .yuv420p, .yuv422p, .yuv444p, .nv12, .gray8: return 1
        case .yuv420p10, .yuv422p10, .yuv444p10, .yuva444p10, .yuv444p12, .yuva444p12, .gray16, .rgba16: return 2
        }
    }

    /// Bits of each sample that carry the value.
    public var bitDepth: Int {
        switch self {
        case .rgba8, .yuv420p, .yuv422p, .yuv444p, .nv12, .gray8: return 8
        case .yuv420p10, .yuv422p10, .yuv444p10, .yuva444p10: return 10
        case .yuv444p12, .yuva444p12: return 12
        case .gray16, .rgba16: return 16
        }
    }

    /// The width and height of plane `index` for a frame of this size (an
    /// alpha plane is full size).
    public func planeSize(_ index: Int, width: Int, height: Int) -> (width: Int, height: Int) {
        guard index > 0, index < 3 else { return (width, height) }
        let shift = chromaShift
        return ((width + (1 << shift.x) - 1) >> shift.x, (height + (1 << shift.y) - 1) >> shift.y)
    }

    /// Bytes that one row of plane `index` needs, without padding.
    public func minimumBytesPerRow(_ index: Int, width: Int) -> Int {
        let planeWidth = planeSize(index, width: width, height: 1).width
        switch self {
        case .rgba8: return width * 4
        case .rgba16: return width * 8
        case .nv12: return index == 0 ? width : planeWidth * 2
        default: return planeWidth * bytesPerSample
        }
    }
}

/// The YUV <-> RGB matrix of a frame.
public enum ColorMatrix: String, Sendable, Hashable, CaseIterable {
    /// ITU-R BT.601, the standard-definition matrix (Kr 0.299, Kb 0.114); assumed for untagged frames.
    case bt601
    /// ITU-R BT.709, the high-definition matrix (Kr 0.2126, Kb 0.0722).
    case bt709
    /// BT.2020 non-constant luminance.
    case bt2020

    /// Luma weights (Kr, Kb); Kg = 1 - Kr - Kb.
    public var lumaWeights: (kr: Double, kb: Double) {
        switch self {
        case .bt601: return (0.299, 0.114)
        case .bt709: return (0.2126, 0.0722)
        case .bt2020: return (0.2627, 0.0593)
        }
    }
}

/// Whether YUV samples use the limited (studio) or full range.
public enum ColorRange: String, Sendable, Hashable, CaseIterable {
    /// Y in 16...235, chroma in 16...240 (8-bit; scaled for 10-bit).
    case limited
    /// Every code value is used.
    case full
}

/// A frame's colour description: how its YUV samples become RGB (matrix
/// and range) and, when known, what that RGB is (primaries and transfer).
public struct Colorimetry: Sendable, Hashable, CustomStringConvertible {
    /// The YUV <-> RGB matrix.
    public var matrix: ColorMatrix
    /// Whether the YUV samples use the limited (studio) or full range.
    public var range: ColorRange
    /// The RGB primaries; nil when untagged or not one Harbeth converts.
    public var primaries: Primaries?
    /// The transfer function of the RGB values; nil when untagged or not
    /// one Harbeth converts.
    public var transfer: Transfer?
    /// The content's peak in nits, where HDR10 metadata gives it (MaxCLL,
    /// else the mastering display's peak); `tonemap` maps from it unless
    /// told a peak. Nil when unknown.
    public var peakLuminance: Double?

    /// Creates a colour description from a matrix and a range, and the
    /// primaries and transfer when they are known.
    public init(
        matrix: ColorMatrix, range: ColorRange, primaries: Primaries? = nil, transfer: Transfer? = nil,
        peakLuminance: Double? = nil
    ) {
        self.matrix = matrix
        self.range = range
        self.primaries = primaries
        self.transfer = transfer
        self.peakLuminance = peakLuminance
    }

    /// What an untagged frame is taken to be, as FFmpeg's swscale does.
    public static let untaggedDefault = Colorimetry(matrix: .bt601, range: .limited)

    /// `matrix/range`, then `/primaries/transfer` and the peak when known.
    public var description: String {
        let base = "\(matrix.rawValue)/\(range.rawValue)"
        guard primaries != nil || transfer != nil || peakLuminance != nil else { return base }
        let tags = base + "/\(primaries?.rawValue ?? "unknown")/\(transfer?.rawValue ?? "unknown")"
        return tags + (peakLuminance.map { " (peak \($0) nits)" } ?? "")
    }
}
