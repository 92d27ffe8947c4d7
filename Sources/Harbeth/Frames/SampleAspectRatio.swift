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

    /// A ratio as FFmpeg's options write it, `16:9`, `4/3` or a decimal
    /// (to 6 places; FFmpeg takes the double's nearest fraction), its
    /// terms at most `max`; nil unless it is one and positive.
    public init?(parsing text: String, max: Int) {
        let parts = text.split(separator: text.contains(":") ? ":" : "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
            self.init(approximating: width, height, max: max)
            return
        }
        guard parts.count == 1, let value = Double(text), value.isFinite, value > 0, value < 1e9 else { return nil }
        self.init(approximating: Int((value * 1e6).rounded()), 1_000_000, max: max)
    }

    /// Why `init(parsing:max:)` refused `text`, given to `option`.
    public static func refusal(_ text: String, option: String) -> String {
        "\(option) takes a positive ratio (16:9, 4/3, 1.7778), not '\(text)'"
    }

    /// The fraction nearest `numerator`/`denominator` whose terms are at
    /// most `max`, as FFmpeg's `av_reduce` finds it (the last continued-
    /// fraction convergent within the bound, or the semiconvergent past it
    /// when that is nearer): `approximating: 17778, 10000, max: 100` is
    /// 16:9. Nil unless both are positive.
    public init?(approximating numerator: Int, _ denominator: Int, max: Int) {
        guard numerator > 0, denominator > 0, max > 0 else { return nil }
        let divisor = Self.gcd(numerator, denominator)
        var (top, bottom) = (numerator / divisor, denominator / divisor)
        if top <= max && bottom <= max {
            self.init(reducing: top, bottom)
            return
        }
        var previous = (numerator: 0, denominator: 1)
        var current = (numerator: 1, denominator: 0)
        while bottom != 0 {
            let whole = top / bottom
            let rest = top - bottom * whole
            let next = (
                numerator: whole * current.numerator + previous.numerator,
                denominator: whole * current.denominator + previous.denominator
            )
            if next.numerator > max || next.denominator > max {
                var steps = whole
                if current.numerator != 0 { steps = (max - previous.numerator) / current.numerator }
                if current.denominator != 0 { steps = min(steps, (max - previous.denominator) / current.denominator) }
                if bottom * (2 * steps * current.denominator + previous.denominator) > top * current.denominator {
                    current = (
                        steps * current.numerator + previous.numerator,
                        steps * current.denominator + previous.denominator
                    )
                }
                break
            }
            previous = current
            current = next
            (top, bottom) = (bottom, rest)
        }
        self.init(reducing: current.numerator, current.denominator)
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
