/// Memory that holds a frame's plane bytes: an array, a decoder's buffer, or
/// mapped GPU memory. It stays valid as long as the object lives.
public protocol PlaneStorage: AnyObject, Sendable {
    /// Lends the bytes for the duration of `body`.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

/// Plane bytes held in a Swift array.
public final class ArrayPlaneStorage: PlaneStorage {
    /// The plane bytes.
    public let bytes: [UInt8]

    /// Storage holding these bytes.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }
}

/// One plane of a frame: where its first row starts in some storage, and the
/// distance between rows.
public struct FramePlane: Sendable {
    /// The memory holding the plane's bytes; the plane keeps it alive.
    public let storage: any PlaneStorage
    /// Offset of the first row in `storage`.
    public let offset: Int
    /// Distance in bytes from one row to the next (at least the row's
    /// width). Negative when the rows go up in memory, `offset` then
    /// naming the highest: a vertically flipped view of another frame's
    /// plane, as FFmpeg's negative `linesize`.
    public let bytesPerRow: Int

    /// A plane whose first row starts `offset` bytes into `storage`, with rows `bytesPerRow` bytes apart
    /// (negative: each row before the last in memory).
    public init(storage: any PlaneStorage, offset: Int = 0, bytesPerRow: Int) {
        self.storage = storage
        self.offset = offset
        self.bytesPerRow = bytesPerRow
    }

    /// A plane held in an array: `bytes` starts with the first row.
    public init(bytes: [UInt8], bytesPerRow: Int) {
        self.init(storage: ArrayPlaneStorage(bytes), bytesPerRow: bytesPerRow)
    }
}

/// What is wrong with a frame's description.
public enum FrameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The width or height is zero or negative.
    case invalidSize(width: Int, height: Int)
    /// The layout takes `expected` planes, but `got` were given.
    case wrongPlaneCount(layout: PixelLayout, expected: Int, got: Int)
    /// Plane number `plane` (0-based) holds `available` bytes, fewer than the `needed` its rows span.
    case planeTooSmall(plane: Int, needed: Int, available: Int)
    /// Plane number `plane` (0-based) has rows `bytesPerRow` bytes apart, fewer than the `needed` one row takes.
    case rowsTooShort(plane: Int, bytesPerRow: Int, needed: Int)

    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            return "invalid frame size \(width)x\(height)"
        case .wrongPlaneCount(let layout, let expected, let got):
            return "a \(layout) frame has \(expected) planes, not \(got)"
        case .planeTooSmall(let plane, let needed, let available):
            return "plane \(plane) holds \(available) bytes but needs \(needed)"
        case .rowsTooShort(let plane, let bytesPerRow, let needed):
            return "plane \(plane) has \(bytesPerRow) bytes per row but needs \(needed)"
        }
    }
}

/// One video frame or still image in memory: its size, layout, colour
/// description, timestamp and planes. A value: copying it shares the planes.
public struct VideoFrame: Sendable {
    /// Width in pixels (of the full-size planes), at least 1.
    public let width: Int
    /// Height in pixels (of the full-size planes), at least 1.
    public let height: Int
    /// How the pixels are laid out in `planes`.
    public let layout: PixelLayout
    /// Colour matrix and range of YUV frames; nil means untagged (treated as
    /// BT.601 limited range, as swscale does). Ignored for RGBA.
    public var colorimetry: Colorimetry?
    /// Presentation time in seconds, if known. Time-aware filters read it.
    public var time: Double?
    /// The planes, as many as `layout.planeCount`, in the layout's order (e.g. Y, U, V).
    public let planes: [FramePlane]

    /// Describes a frame after checking that the planes hold enough bytes.
    public init(
        width: Int, height: Int, layout: PixelLayout, planes: [FramePlane], colorimetry: Colorimetry? = nil,
        time: Double? = nil
    ) throws(FrameError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        guard planes.count == layout.planeCount else {
            throw .wrongPlaneCount(layout: layout, expected: layout.planeCount, got: planes.count)
        }
        for (index, plane) in planes.enumerated() {
            let rowBytes = layout.minimumBytesPerRow(index, width: width)
            guard abs(plane.bytesPerRow) >= rowBytes else {
                throw .rowsTooShort(plane: index, bytesPerRow: plane.bytesPerRow, needed: rowBytes)
            }
            let rows = layout.planeSize(index, width: width, height: height).height
            // The first and last rows in memory, whichever way they go.
            let lowest = plane.offset + min(0, (rows - 1) * plane.bytesPerRow)
            let needed = plane.offset + max(0, (rows - 1) * plane.bytesPerRow) + rowBytes
            let available = plane.storage.withUnsafeBytes { $0.count }
            guard lowest >= 0, available >= needed else {
                throw .planeTooSmall(plane: index, needed: needed - min(0, lowest), available: available)
            }
        }
        self.width = width
        self.height = height
        self.layout = layout
        self.planes = planes
        self.colorimetry = colorimetry
        self.time = time
    }

    /// A tightly packed RGBA8 frame from bytes (4 per pixel, row after row).
    public init(rgba bytes: [UInt8], width: Int, height: Int, time: Double? = nil) throws(FrameError) {
        try self.init(
            width: width, height: height, layout: .rgba8,
            planes: [FramePlane(storage: ArrayPlaneStorage(bytes), bytesPerRow: width * 4)], time: time)
    }

    /// A tightly packed frame from one byte array per plane.
    public init(
        width: Int, height: Int, layout: PixelLayout, planeBytes: [[UInt8]], colorimetry: Colorimetry? = nil,
        time: Double? = nil
    ) throws(FrameError) {
        let planes = planeBytes.enumerated().map { index, bytes in
            FramePlane(storage: ArrayPlaneStorage(bytes), bytesPerRow: layout.minimumBytesPerRow(index, width: width))
        }
        try self.init(
            width: width, height: height, layout: layout, planes: planes, colorimetry: colorimetry, time: time)
    }

    /// The colour description used for conversion: the tag, or the default.
    public var effectiveColorimetry: Colorimetry { colorimetry ?? .untaggedDefault }

    /// Plane `index` copied out, tightly packed, row after row.
    public func packedBytes(plane index: Int) -> [UInt8] {
        let plane = planes[index]
        let rowBytes = layout.minimumBytesPerRow(index, width: width)
        let rows = layout.planeSize(index, width: width, height: height).height
        var packed = [UInt8](repeating: 0, count: rowBytes * rows)
        plane.storage.withUnsafeBytes { source in
            packed.withUnsafeMutableBytes { destination in
                for row in 0..<rows {
                    let from = source.baseAddress! + plane.offset + row * plane.bytesPerRow
                    (destination.baseAddress! + row * rowBytes).copyMemory(from: from, byteCount: rowBytes)
                }
            }
        }
        return packed
    }
}
