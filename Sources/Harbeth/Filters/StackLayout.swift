/// Where FFmpeg's `xstack` puts each of its inputs: a `layout` of
/// positions, `X_Y` each, whose terms are pixels or an input's size (`w0`,
/// `h1`) added with `+` (`0_0|w0_0|0_h0|w0_h0` is a 2x2 grid), or a
/// `grid` of columns x rows filled row by row, each input to the right of
/// the one before it and each row below the first input of the row above.
/// The canvas is as large as what the inputs cover; what none covers is
/// `fill`.
public struct StackLayout: Sendable, Hashable {
    /// One term of a position.
    public enum Term: Sendable, Hashable {
        /// That many pixels.
        case pixels(Int)
        /// The width of input k.
        case width(Int)
        /// The height of input k.
        case height(Int)
    }

    /// Where one input goes: the terms of x and of y, added.
    public struct Position: Sendable, Hashable {
        /// The terms of its left edge.
        public let x: [Term]
        /// The terms of its top edge.
        public let y: [Term]
    }

    /// How the inputs are placed.
    public enum Placement: Sendable, Hashable {
        /// Each input at its position.
        case positions([Position])
        /// `columns` x `rows`, row by row.
        case grid(columns: Int, rows: Int)
    }

    /// How the inputs are placed.
    public let placement: Placement
    /// The canvas where no input covers it, RGBA in 0...1 (black for
    /// FFmpeg's `none`).
    public let fill: [Double]

    /// The layout of `inputs` inputs: FFmpeg's `layout` text, or `grid`
    /// (`2x2`), or neither for two side by side (FFmpeg's default).
    /// Throws a reason, in words, where the text is not one.
    public init(inputs: Int, layout: String?, grid: String?, fill: [Double] = [0, 0, 0, 1]) throws(StackLayoutError) {
        self.fill = fill
        if let grid {
            let parts = grid.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns > 0, rows > 0 else {
                throw StackLayoutError(reason: "a grid of COLUMNSxROWS (2x2), not '\(grid)'")
            }
            guard columns * rows == inputs else {
                throw StackLayoutError(reason: "a grid of \(inputs) cells, not \(columns)x\(rows)")
            }
            guard layout == nil else { throw StackLayoutError(reason: "a layout or a grid, not both") }
            placement = .grid(columns: columns, rows: rows)
            return
        }
        guard let layout else {
            guard inputs == 2 else {
                throw StackLayoutError(reason: "a layout (0_0|w0_0|...) or a grid (2x2) of \(inputs) inputs")
            }
            placement = .grid(columns: 2, rows: 1)
            return
        }
        let items = layout.split(separator: "|", omittingEmptySubsequences: false)
        guard items.count == inputs else {
            throw StackLayoutError(reason: "a layout of \(inputs) positions, not \(items.count)")
        }
        placement = .positions(
            try items.map { item throws(StackLayoutError) in
                let axes = item.split(separator: "_", omittingEmptySubsequences: false)
                guard axes.count == 2 else {
                    throw StackLayoutError(reason: "positions of X_Y (w0_h0), not '\(item)'")
                }
                return Position(x: try Self.terms(axes[0], inputs: inputs), y: try Self.terms(axes[1], inputs: inputs))
            })
    }

    private static func terms(_ text: Substring, inputs: Int) throws(StackLayoutError) -> [Term] {
        try text.split(separator: "+", omittingEmptySubsequences: false).map { term throws(StackLayoutError) in
            let written = term.trimmingCharacters(in: .whitespaces)
            if let pixels = Int(written), pixels >= 0 { return .pixels(pixels) }
            if let kind = written.first, kind == "w" || kind == "h", let index = Int(written.dropFirst()),
                (0..<inputs).contains(index)
            {
                return kind == "w" ? .width(index) : .height(index)
            }
            throw StackLayoutError(
                reason: "terms of pixels or the inputs' sizes (w0, h1; inputs 0...\(inputs - 1)), not '\(written)'")
        }
    }

    /// Each input's top-left corner on the canvas, and the canvas's size,
    /// for inputs of `sizes`.
    public func place(_ sizes: [FrameSize]) -> (corners: [(x: Int, y: Int)], canvas: FrameSize) {
        var corners: [(x: Int, y: Int)] = []
        switch placement {
        case .grid(let columns, let rows):
            var top = 0
            for row in 0..<rows {
                var left = 0
                for column in 0..<columns {
                    corners.append((left, top))
                    left += sizes[row * columns + column].width
                }
                top += sizes[row * columns].height
            }
        case .positions(let positions):
            func value(_ terms: [Term]) -> Int {
                terms.reduce(0) { sum, term in
                    switch term {
                    case .pixels(let pixels): return sum + pixels
                    case .width(let index): return sum + sizes[index].width
                    case .height(let index): return sum + sizes[index].height
                    }
                }
            }
            corners = positions.map { (value($0.x), value($0.y)) }
        }
        let width = zip(corners, sizes).map { $0.x + $1.width }.max() ?? 0
        let height = zip(corners, sizes).map { $0.y + $1.height }.max() ?? 0
        return (corners, FrameSize(width: width, height: height))
    }
}

/// Why an `xstack` layout was refused, in words.
public struct StackLayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was expected and what was given, e.g. `a layout of 4
    /// positions, not 3`.
    public let reason: String

    public var description: String { reason }
}
