import Kakapos

/// An RGBA8 picture in memory that the contact sheet is drawn on, on the
/// CPU: rectangles, a checkerboard behind transparent tiles, images
/// composited over it, and text in `BitmapFont`.
struct Canvas {
    let width: Int
    let height: Int
    private(set) var bytes: [UInt8]

    /// A colour as r, g, b, a bytes.
    typealias Colour = (UInt8, UInt8, UInt8, UInt8)

    init(width: Int, height: Int, fill: Colour) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
        fillRectangle(x: 0, y: 0, width: width, height: height, fill)
    }

    mutating func fillRectangle(x: Int, y: Int, width w: Int, height h: Int, _ colour: Colour) {
        for row in max(0, y)..<min(height, y + h) {
            for column in max(0, x)..<min(width, x + w) {
                set(column, row, colour)
            }
        }
    }

    /// Grey squares of `size` pixels, as image editors show transparency.
    mutating func checkerboard(x: Int, y: Int, width w: Int, height h: Int, size: Int = 8) {
        for row in max(0, y)..<min(height, y + h) {
            for column in max(0, x)..<min(width, x + w) {
                let light = ((column - x) / size + (row - y) / size) % 2 == 0
                set(column, row, light ? (0x99, 0x99, 0x99, 0xFF) : (0x66, 0x66, 0x66, 0xFF))
            }
        }
    }

    /// Composites an RGBA8 frame over the canvas with its top-left corner
    /// at `x`, `y` (source-over with the frame's straight alpha).
    mutating func draw(_ frame: VideoFrame, x: Int, y: Int) {
        precondition(frame.layout == .rgba8, "the canvas draws RGBA frames")
        let pixels = frame.packedBytes(plane: 0)
        for row in 0..<frame.height where (0..<height).contains(y + row) {
            for column in 0..<frame.width where (0..<width).contains(x + column) {
                let source = (row * frame.width + column) * 4
                let target = ((y + row) * width + x + column) * 4
                let alpha = UInt32(pixels[source + 3])
                for channel in 0..<3 {
                    let over = UInt32(pixels[source + channel]) * alpha
                    let under = UInt32(bytes[target + channel]) * (255 - alpha)
                    bytes[target + channel] = UInt8((over + under + 127) / 255)
                }
                bytes[target + 3] = 255
            }
        }
    }

    /// Draws `text` with its top-left corner at `x`, `y`, each font pixel a
    /// `scale` x `scale` square.
    mutating func drawText(_ text: String, x: Int, y: Int, scale: Int, _ colour: Colour) {
        for (index, character) in text.enumerated() {
            let left = x + index * BitmapFont.advance * scale
            for (row, line) in BitmapFont.rows(for: character).enumerated() {
                for (column, ink) in line.enumerated() where ink == "#" {
                    fillRectangle(x: left + column * scale, y: y + row * scale, width: scale, height: scale, colour)
                }
            }
        }
    }

    /// The canvas as a frame, for the encoder.
    func frame() -> VideoFrame {
        // The byte count is width * height * 4 by construction.
        try! VideoFrame(rgba: bytes, width: width, height: height)
    }

    private mutating func set(_ x: Int, _ y: Int, _ colour: Colour) {
        let offset = (y * width + x) * 4
        bytes[offset] = colour.0
        bytes[offset + 1] = colour.1
        bytes[offset + 2] = colour.2
        bytes[offset + 3] = colour.3
    }
}
