import Harbeth
import HarbethTestSupport

/// Real decoded frames of the standard test clip, in the layouts the graph
/// accepts, as ffmpeg produces them.
enum Fixtures {
    static let width = 320
    static let height = 240

    /// ffmpeg's pixel format name for a layout.
    static func ffmpegName(_ layout: PixelLayout) -> String {
        switch layout {
        case .rgba8: return "rgba"
        case .yuv420p10: return "yuv420p10le"
        case .yuv422p10: return "yuv422p10le"
        case .yuv444p10: return "yuv444p10le"
        case .yuva444p10: return "yuva444p10le"
        case .yuv444p12: return "yuv444p12le"
        case .yuva444p12: return "yuva444p12le"
        case .gray8: return "gray"
        case .gray16: return "gray16le"
        case .rgba16: return "rgba64le"
        default: return layout.rawValue
        }
    }

    /// Frame `index` of the clip decoded and converted by ffmpeg to `layout`.
    static func frame(_ layout: PixelLayout, index: Int = 3, filters: String? = nil, colorimetry: Colorimetry? = nil)
        throws -> VideoFrame
    {
        let key = "\(layout)/\(index)/\(filters ?? "")"
        let bytes: [UInt8]
        if let cached = decoded.withLock({ $0[key] }) {
            bytes = cached
        } else {
            bytes = try TestMedia.frame(
                of: try TestMedia.standardClip(), index: index, pixelFormat: ffmpegName(layout), filters: filters)
            decoded.withLock { $0[key] = bytes }
        }
        return try frame(bytes: bytes, layout: layout, colorimetry: colorimetry)
    }

    /// A `width` x `height` part of frame 3 of the clip in `layout`, from
    /// (31, 17): small frames for references that run in debug-built Swift.
    static func crop(_ layout: PixelLayout, width: Int, height: Int) throws -> VideoFrame {
        let bytes = try TestMedia.frame(
            of: try TestMedia.standardClip(), index: 3, pixelFormat: ffmpegName(layout),
            filters: "crop=\(width):\(height):31:17")
        return try frame(bytes: bytes, layout: layout, width: width, height: height)
    }

    /// Decoded frames by layout, index and ffmpeg filters: one ffmpeg run each.
    private static let decoded = Locked<[String: [UInt8]]>([:])

    /// Splits tightly packed raw bytes into a frame's planes.
    static func frame(
        bytes: [UInt8], layout: PixelLayout, width: Int = width, height: Int = height, colorimetry: Colorimetry? = nil
    )
        throws -> VideoFrame
    {
        var planes: [[UInt8]] = []
        var offset = 0
        for index in 0..<layout.planeCount {
            let count =
                layout.minimumBytesPerRow(index, width: width)
                * layout.planeSize(index, width: width, height: height).height
            planes.append(Array(bytes[offset..<(offset + count)]))
            offset += count
        }
        precondition(offset == bytes.count, "raw frame of \(bytes.count) bytes is not one \(layout) frame")
        return try VideoFrame(
            width: width, height: height, layout: layout, planeBytes: planes, colorimetry: colorimetry)
    }

    /// The renderer every Harbeth test shares (plans and caches warm up once).
    static func renderer() throws -> Renderer {
        try shared.get()
    }

    private static let shared = Result { Renderer(context: try GPUTestEnvironment.context()) }
}
