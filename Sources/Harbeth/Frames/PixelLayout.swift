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

    public var description: String { rawValue }

    /// True for the YUV layouts.
    public var isYUV: Bool { self != .rgba8 }

    /// Number of planes.
    public var planeCount: Int {
        switch self {
        case .rgba8: return 1
        case .nv12: return 2
        case .yuv420p, .yuv422p, .yuv444p, .yuv420p10: return 3
        }
    }

    /// log2 of the chroma subsampling factors (horizontal, vertical).
    public var chromaShift: (x: Int, y: Int) {
        switch self {
        case .rgba8, .yuv444p: return (0, 0)
        case .yuv422p: return (1, 0)
        case .yuv420p, .nv12, .yuv420p10: return (1, 1)
        }
    }

    /// Bytes per sample in each plane's sample (1 for 8-bit, 2 for 10-bit).
    public var bytesPerSample: Int { self == .yuv420p10 ? 2 : 1 }

    /// Bits of each sample that carry the value.
    public var bitDepth: Int { self == .yuv420p10 ? 10 : 8 }

    /// The width and height of plane `index` for a frame of this size.
    public func planeSize(_ index: Int, width: Int, height: Int) -> (width: Int, height: Int) {
        guard index > 0 else { return (width, height) }
        let shift = chromaShift
        return ((width + (1 << shift.x) - 1) >> shift.x, (height + (1 << shift.y) - 1) >> shift.y)
    }

    /// Bytes that one row of plane `index` needs, without padding.
    public func minimumBytesPerRow(_ index: Int, width: Int) -> Int {
        let planeWidth = planeSize(index, width: width, height: 1).width
        switch self {
        case .rgba8: return width * 4
        case .nv12: return index == 0 ? width : planeWidth * 2
        default: return planeWidth * bytesPerSample
        }
    }
}

/// The YUV <-> RGB matrix of a frame.
public enum ColorMatrix: String, Sendable, Hashable, CaseIterable {
    case bt601
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

/// A frame's colour description.
public struct Colorimetry: Sendable, Hashable, CustomStringConvertible {
    public var matrix: ColorMatrix
    public var range: ColorRange

    public init(matrix: ColorMatrix, range: ColorRange) {
        self.matrix = matrix
        self.range = range
    }

    /// What an untagged frame is taken to be, as FFmpeg's swscale does.
    public static let untaggedDefault = Colorimetry(matrix: .bt601, range: .limited)

    public var description: String { "\(matrix.rawValue)/\(range.rawValue)" }
}
