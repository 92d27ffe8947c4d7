import Kakapos

/// The contact sheet's geometry and drawing: a title strip, then a grid of
/// tiles, each the filtered frame fitted into a cell over a checkerboard
/// (so transparency shows) with the filter's name in a strip below it.
struct ContactSheet {
    static let columns = 7
    static let tileWidth = 240
    static let gap = 6
    static let labelHeight = 22
    static let titleHeight = 30
    static let labelScale = 2

    static let background: Canvas.Colour = (0x1E, 0x1E, 0x1E, 0xFF)
    static let labelColour: Canvas.Colour = (0xEE, 0xEE, 0xEE, 0xFF)
    static let titleColour: Canvas.Colour = (0xFF, 0xC8, 0x64, 0xFF)

    /// The tiles' height for a frame of this shape: the width's share of
    /// the aspect ratio, even, between a quarter and one and a half widths.
    static func tileHeight(frameWidth: Int, frameHeight: Int) -> Int {
        let height = Double(tileWidth) * Double(frameHeight) / Double(frameWidth)
        return min(tileWidth * 3 / 2, max(tileWidth / 4, 2 * Int((height / 2).rounded())))
    }

    /// The sheet's size for `count` tiles of `tileHeight`.
    static func size(tiles count: Int, tileHeight: Int) -> (width: Int, height: Int) {
        let rows = (count + columns - 1) / columns
        return (
            columns * tileWidth + (columns + 1) * gap,
            titleHeight + rows * (tileHeight + labelHeight) + (rows + 1) * gap
        )
    }

    /// The largest size of `width` x `height`'s aspect that fits in a tile.
    static func fit(width: Int, height: Int, tileHeight: Int) -> (width: Int, height: Int) {
        guard width > tileWidth || height > tileHeight else { return (width, height) }
        let scale = min(Double(tileWidth) / Double(width), Double(tileHeight) / Double(height))
        return (max(1, Int(Double(width) * scale)), max(1, Int(Double(height) * scale)))
    }

    private(set) var canvas: Canvas
    let tileHeight: Int
    private var placed = 0

    init(tiles count: Int, tileHeight: Int, title: String) {
        self.tileHeight = tileHeight
        let size = Self.size(tiles: count, tileHeight: tileHeight)
        canvas = Canvas(width: size.width, height: size.height, fill: Self.background)
        canvas.drawText(
            Self.fitted(title, width: size.width - 2 * Self.gap, scale: Self.labelScale), x: Self.gap + 2,
            y: (Self.titleHeight - BitmapFont.glyphHeight * Self.labelScale) / 2 + 2, scale: Self.labelScale,
            Self.titleColour)
    }

    /// Places the next tile: `image` centred in its cell over a
    /// checkerboard, `label` centred below it.
    mutating func place(_ image: VideoFrame, label: String) {
        let column = placed % Self.columns
        let row = placed / Self.columns
        placed += 1
        let x = Self.gap + column * (Self.tileWidth + Self.gap)
        let y = Self.titleHeight + Self.gap + row * (tileHeight + Self.labelHeight + Self.gap)
        canvas.checkerboard(x: x, y: y, width: Self.tileWidth, height: tileHeight)
        canvas.draw(image, x: x + (Self.tileWidth - image.width) / 2, y: y + (tileHeight - image.height) / 2)
        // Long names drop to the small size rather than being cut.
        let scale = BitmapFont.width(of: label, scale: Self.labelScale) <= Self.tileWidth - 4 ? Self.labelScale : 1
        let text = Self.fitted(label, width: Self.tileWidth - 4, scale: scale)
        canvas.drawText(
            text, x: x + (Self.tileWidth - BitmapFont.width(of: text, scale: scale)) / 2,
            y: y + tileHeight + (Self.labelHeight - BitmapFont.glyphHeight * scale) / 2, scale: scale,
            Self.labelColour)
    }

    /// `text` cut (with `..`) to fit in `width` pixels at `scale`.
    private static func fitted(_ text: String, width: Int, scale: Int) -> String {
        guard BitmapFont.width(of: text, scale: scale) > width else { return text }
        var cut = text
        while !cut.isEmpty, BitmapFont.width(of: cut + "..", scale: scale) > width { cut.removeLast() }
        return cut + ".."
    }
}
