/// A tone curve through control points: monotone cubic interpolation
/// (Fritsch and Carlson, "Monotone Piecewise Cubic Interpolation", 1980),
/// so the curve never overshoots its points and a rising set of points
/// gives a rising curve. Used by `curves`, which samples it into tables.
struct ToneCurve: Sendable {
    private let xs: [Double]
    private let ys: [Double]
    private let tangents: [Double]

    /// Why a list of numbers is not a curve.
    enum Problem: Error, CustomStringConvertible {
        case oddCount(Int)
        case tooFewPoints
        case notIncreasing(index: Int)

        var description: String {
            switch self {
            case .oddCount(let count): return "\(count) numbers are not x/y pairs"
            case .tooFewPoints: return "a curve needs at least two points"
            case .notIncreasing(let index): return "point \(index + 1) does not lie right of the one before it"
            }
        }
    }

    /// A curve from `x0/y0/x1/y1/...` with x strictly increasing.
    init(pairs: [Double]) throws(Problem) {
        guard pairs.count % 2 == 0 else { throw .oddCount(pairs.count) }
        guard pairs.count >= 4 else { throw .tooFewPoints }
        let xs = stride(from: 0, to: pairs.count, by: 2).map { pairs[$0] }
        let ys = stride(from: 1, to: pairs.count, by: 2).map { pairs[$0] }
        for index in 1..<xs.count where xs[index] <= xs[index - 1] { throw .notIncreasing(index: index) }
        self.xs = xs
        self.ys = ys
        self.tangents = Self.tangents(xs: xs, ys: ys)
    }

    /// Fritsch-Carlson tangents: the mean of the neighbouring secants (one
    /// secant at the ends), zero at a local extremum or a flat segment, then
    /// scaled down wherever they would make a segment overshoot.
    private static func tangents(xs: [Double], ys: [Double]) -> [Double] {
        let count = xs.count
        var secants: [Double] = []
        for index in 0..<(count - 1) {
            secants.append((ys[index + 1] - ys[index]) / (xs[index + 1] - xs[index]))
        }
        var tangents = [Double](repeating: 0, count: count)
        tangents[0] = secants[0]
        tangents[count - 1] = secants[count - 2]
        for index in 1..<(count - 1) {
            let before: Double = secants[index - 1]
            let after: Double = secants[index]
            tangents[index] = before * after <= 0 ? 0 : (before + after) / 2
        }
        for index in 0..<(count - 1) {
            let secant: Double = secants[index]
            if secant == 0 {
                tangents[index] = 0
                tangents[index + 1] = 0
                continue
            }
            let alpha: Double = tangents[index] / secant
            let beta: Double = tangents[index + 1] / secant
            let length: Double = alpha * alpha + beta * beta
            // alpha^2 + beta^2 <= 9 keeps the cubic monotone on the segment.
            if length > 9 {
                let tau: Double = 3 / length.squareRoot()
                tangents[index] = tau * alpha * secant
                tangents[index + 1] = tau * beta * secant
            }
        }
        return tangents
    }

    /// The curve at `x`; flat beyond the first and last points.
    func value(at x: Double) -> Double {
        if x <= xs[0] { return ys[0] }
        if x >= xs[xs.count - 1] { return ys[ys.count - 1] }
        var segment = 0
        while x > xs[segment + 1] { segment += 1 }
        let width = xs[segment + 1] - xs[segment]
        let t = (x - xs[segment]) / width
        let t2 = t * t
        let t3 = t2 * t
        // Cubic Hermite basis.
        let h00 = 2 * t3 - 3 * t2 + 1
        let h10 = t3 - 2 * t2 + t
        let h01 = -2 * t3 + 3 * t2
        let h11 = t3 - t2
        return h00 * ys[segment] + h10 * width * tangents[segment] + h01 * ys[segment + 1]
            + h11 * width * tangents[segment + 1]
    }
}
