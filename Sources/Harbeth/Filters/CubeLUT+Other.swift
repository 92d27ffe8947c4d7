extension CubeLUT {
    /// The table of an Autodesk `.3dl` file: a first line of N input
    /// levels (the shaper, which sets the table's size), then N^3 lines of
    /// three integers, blue changing fastest, red slowest. The output depth
    /// is the smallest of 10, 12, 14 and 16 bits that holds the largest
    /// entry (FFmpeg's lut3d assumes 12 bits and N = 17). `path` names the
    /// file in errors.
    public init(parsing3DL bytes: [UInt8], path: String) throws(FilterResourceError) {
        var shaper: [Int]?
        var entries: [Int] = []
        for (index, line) in CubeParser.lines(of: bytes).enumerated() {
            let text = String(decoding: line, as: UTF8.self)
            let fields: [String] = text.split { (c: Character) -> Bool in c == " " || c == "\t" || c == "\r" }
                .map { String($0) }
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            let numbers = fields.compactMap(Int.init)
            guard numbers.count == fields.count else {
                throw .malformed(path: path, line: index + 1, reason: "expected whole numbers")
            }
            if shaper == nil {
                shaper = numbers
                continue
            }
            guard numbers.count == 3 else {
                throw .malformed(path: path, line: index + 1, reason: "expected three numbers, got \(numbers.count)")
            }
            entries += numbers
        }
        guard let shaper, Self.sizes.contains(shaper.count) else {
            throw .malformed(
                path: path, line: nil,
                reason: "the first line must list \(Self.sizes.lowerBound)...\(Self.sizes.upperBound) input levels")
        }
        let size = shaper.count
        guard entries.count == size * size * size * 3 else {
            throw .malformed(
                path: path, line: nil,
                reason: "a table of \(size)^3 = \(size * size * size) entries, found \(entries.count / 3)")
        }
        let largest = entries.max() ?? 0
        guard let bits = [10, 12, 14, 16].first(where: { largest < 1 << $0 }), entries.allSatisfy({ $0 >= 0 }) else {
            throw .malformed(path: path, line: nil, reason: "entries must lie in 0...65535")
        }
        let scale = Float((1 << bits) - 1)
        var table = [Float](repeating: 0, count: entries.count)
        for red in 0..<size {
            for green in 0..<size {
                for blue in 0..<size {
                    let source = ((red * size + green) * size + blue) * 3
                    let destination = ((blue * size + green) * size + red) * 3
                    for channel in 0..<3 { table[destination + channel] = Float(entries[source + channel]) / scale }
                }
            }
        }
        self.init(title: nil, size: size, domainMin: [0, 0, 0], domainMax: [1, 1, 1], table: table)
    }

    /// The table of a Hald CLUT image of level L: L^3 x L^3 pixels holding
    /// (L^2)^3 entries row after row, red changing fastest, then green,
    /// then blue (FFmpeg haldclut, ImageMagick's hald:). Levels 2...8.
    public init(haldImage image: VideoFrame, path: String) throws(FilterResourceError) {
        guard image.layout == .rgba8 else {
            throw .malformed(
                path: path, line: nil, reason: "a Hald image must be decoded to RGBA8, not \(image.layout)")
        }
        guard image.width == image.height, let level = (2...8).first(where: { $0 * $0 * $0 == image.width }) else {
            throw .malformed(
                path: path, line: nil,
                reason: "a Hald CLUT is square with a side of L^3 (8, 27, 64, 125, 216, 343, 512), not "
                    + "\(image.width)x\(image.height)")
        }
        let size = level * level
        let pixels = image.packedBytes(plane: 0)
        var table = [Float](repeating: 0, count: size * size * size * 3)
        for index in 0..<(size * size * size) {
            for channel in 0..<3 { table[index * 3 + channel] = Float(pixels[index * 4 + channel]) / 255 }
        }
        self.init(title: nil, size: size, domainMin: [0, 0, 0], domainMax: [1, 1, 1], table: table)
    }
}
