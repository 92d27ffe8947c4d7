/// Where each plane of a frame lies in one GPU buffer: byte offsets and row
/// strides, all multiples of 4 (the shaders address 32-bit words).
struct PlaneLayout: Hashable, Sendable {
    struct Plane: Hashable, Sendable {
        let offset: Int
        let bytesPerRow: Int
        let rows: Int
    }

    let layout: PixelLayout
    /// The frame's size, before padding.
    let width: Int
    let height: Int
    /// Where the first plane starts in the buffer.
    let base: Int
    let planes: [Plane]
    let totalBytes: Int

    /// Rows aligned to 64 bytes; plane widths and heights padded to whole
    /// output blocks so every block's words lie inside the plane. The
    /// planes start at `base` (a multiple of 64) of the buffer;
    /// `totalBytes` counts from there.
    init(layout: PixelLayout, width: Int, height: Int, block: (x: Int, y: Int) = (1, 1), base: Int = 0) {
        self.layout = layout
        self.width = width
        self.height = height
        self.base = base
        let paddedWidth = (width + block.x - 1) / block.x * block.x
        let paddedHeight = (height + block.y - 1) / block.y * block.y
        var planes: [Plane] = []
        var offset = base
        for index in 0..<layout.planeCount {
            let rowBytes = layout.minimumBytesPerRow(index, width: paddedWidth)
            let stride = (rowBytes + 63) / 64 * 64
            let rows = layout.planeSize(index, width: paddedWidth, height: paddedHeight).height
            planes.append(Plane(offset: offset, bytesPerRow: stride, rows: rows))
            offset += stride * rows
        }
        self.planes = planes
        self.totalBytes = max(offset - base, 4)
    }

    /// The output block each invocation writes for this layout (see
    /// Shaders/io/store_buffer.glsl).
    static func outputBlock(for layout: PixelLayout) -> (x: Int, y: Int) {
        switch layout {
        case .rgba8: return (8, 1)
        case .yuv420p: return (8, 2)
        case .yuv422p: return (8, 1)
        case .yuv444p: return (4, 1)
        case .nv12, .yuv420p10: return (4, 2)
        case .yuv422p10, .gray8: return (4, 1)
        case .yuv444p10, .yuva444p10, .yuv444p12, .yuva444p12, .gray16: return (2, 1)
        case .rgba16: return (1, 1)
        }
    }

    /// The number HB_IN_LAYOUT / HB_OUT_LAYOUT use for a layout.
    static func shaderCode(for layout: PixelLayout) -> Int {
        switch layout {
        case .rgba8: return 0
        case .yuv420p: return 1
        case .yuv422p: return 2
        case .yuv444p: return 3
        case .nv12: return 4
        case .yuv420p10: return 5
        case .yuv422p10: return 6
        case .yuv444p10: return 7
        case .yuva444p10: return 8
        case .gray8: return 9
        case .gray16: return 10
        case .rgba16: return 11
        case .yuv444p12: return 12
        case .yuva444p12: return 13
        }
    }
}
