extension CubeLUT {
    /// Entries per side of a lookup image's table.
    static let lookupImageSize = 64

    /// The 64^3 table of Harbeth's lookup image (C7LookupTable, GPUImage
    /// LookupFilter): 512x512 pixels in 8x8 tiles of 64x64. Blue selects
    /// the tile (row after row), red the column and green the row inside it.
    /// `path` names the image in errors.
    public init(lookupImage image: VideoFrame, path: String) throws(FilterResourceError) {
        let size = Self.lookupImageSize
        let tiles = 8
        let side = size * tiles
        guard image.layout == .rgba8 else {
            throw .malformed(
                path: path, line: nil, reason: "a lookup image must be decoded to RGBA8, not \(image.layout)")
        }
        guard image.width == side, image.height == side else {
            throw .malformed(
                path: path, line: nil,
                reason: "a lookup image is \(side)x\(side) (8x8 tiles of 64x64), not \(image.width)x\(image.height)")
        }
        let pixels = image.packedBytes(plane: 0)
        var table = [Float](repeating: 0, count: size * size * size * 3)
        for blue in 0..<size {
            let left = (blue % tiles) * size
            let top = (blue / tiles) * size
            for green in 0..<size {
                for red in 0..<size {
                    let source = ((top + green) * side + left + red) * 4
                    let destination = ((blue * size + green) * size + red) * 3
                    for channel in 0..<3 { table[destination + channel] = Float(pixels[source + channel]) / 255 }
                }
            }
        }
        self.init(title: nil, size: size, domainMin: [0, 0, 0], domainMax: [1, 1, 1], table: table)
    }
}
