/// The shape of one pixel as shown: its width to its height (FFmpeg's
/// sample aspect ratio). 1:1 is square; an anamorphic 720x480 DVD frame
/// shown at 16:9 has pixels of 32:27. Always reduced, both terms positive.
public struct SampleAspectRatio: Sendable, Hashable, CustomStringConvertible {
    /// A pixel's width, in the ratio.
    public let width: Int
    /// A pixel's height, in the ratio.
    public let height: Int

    /// Square pixels.
    public static let square = SampleAspectRatio(reducing: 1, 1)!

    /// `width`:`height` reduced, its terms kept below 2^31 as FFmpeg
    /// keeps them (nearest fraction); nil unless both are positive.
    public init?(reducing width: Int, _ height: Int) {
        guard width > 0, height > 0 else { return nil }
        var (numerator, denominator) = (width, height)
        let divisor = Self.gcd(numerator, denominator)
        (numerator, denominator) = (numerator / divisor, denominator / divisor)
        let limit = Int(Int32.max)
        if numerator > limit || denominator > limit {
            let scale = Double(limit) / Double(max(numerator, denominator))
            numerator = max(1, Int((Double(numerator) * scale).rounded()))
            denominator = max(1, Int((Double(denominator) * scale).rounded()))
            let again = Self.gcd(numerator, denominator)
            (numerator, denominator) = (numerator / again, denominator / again)
        }
        self.width = numerator
        self.height = denominator
    }

    /// True for 1:1.
    public var isSquare: Bool { width == height }

    /// The pixel turned a quarter (a transpose): height:width.
    public var transposed: SampleAspectRatio { SampleAspectRatio(reducing: height, width)! }

    /// The pixel of a picture of `input` pixels resized to `output` pixels
    /// and shown at the same shape (FFmpeg's scale: sar * (oh * iw) / (ow * ih)).
    public func resized(from input: FrameSize, to output: FrameSize) -> SampleAspectRatio {
        SampleAspectRatio(
            reducing: width * output.height * input.width, height * output.width * input.height) ?? self
    }

    /// "32:27".
    public var description: String { "\(width):\(height)" }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
