/// The shape of frames without their pixels: size, layout and colour.
/// Pipelines use it to open encoders before the first frame arrives.
public struct FrameFormat: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// How the pixels are laid out in memory.
    public var layout: PixelLayout
    /// nil for untagged YUV (taken as BT.601 limited) and for RGBA.
    public var colorimetry: Colorimetry?

    /// A format of this size in pixels and layout; `colorimetry` is nil for untagged YUV and for RGBA.
    public init(width: Int, height: Int, layout: PixelLayout, colorimetry: Colorimetry? = nil) {
        self.width = width
        self.height = height
        self.layout = layout
        self.colorimetry = colorimetry
    }

    public var description: String {
        "\(width)x\(height) \(layout)" + (colorimetry.map { " \($0)" } ?? "")
    }
}

extension VideoFrame {
    /// This frame's format.
    public var format: FrameFormat {
        FrameFormat(width: width, height: height, layout: layout, colorimetry: colorimetry)
    }
}
