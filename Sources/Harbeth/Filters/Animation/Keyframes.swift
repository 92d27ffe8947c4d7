import Foundation

/// How a keyframed value moves from one keyframe to the next.
public enum Easing: String, Sendable, Hashable, CaseIterable {
    /// At a constant rate.
    case linear
    /// Slow at the start: `x^2`.
    case `in`
    /// Slow at the end: `1 - (1 - x)^2`.
    case out
    /// Slow at both ends: `2x^2` up to the middle, `1 - 2(1 - x)^2` after.
    case inOut = "in_out"
    /// Holds each keyframe's value until the next keyframe.
    case step

    /// The fraction of the way at `x` (0...1) of the time between two keyframes.
    public func progress(_ x: Double) -> Double {
        let x = min(max(x, 0), 1)
        switch self {
        case .linear: return x
        case .in: return x * x
        case .out: return 1 - (1 - x) * (1 - x)
        case .inOut: return x < 0.5 ? 2 * x * x : 1 - 2 * (1 - x) * (1 - x)
        case .step: return x < 1 ? 0 : 1
        }
    }
}

/// Values at times, `0@0;0.3@2;0.1@5` (value `@` seconds, `;` between),
/// eased between them. Before the first keyframe the value is the first's,
/// after the last the last's.
public struct Keyframes: Sendable, Hashable {
    /// One value at one time.
    public struct Point: Sendable, Hashable {
        /// The value.
        public var value: Double
        /// When, in seconds.
        public var time: Double

        /// A keyframe.
        public init(value: Double, time: Double) {
            self.value = value
            self.time = time
        }
    }

    /// The keyframes, in time order.
    public let points: [Point]
    /// How values move between them.
    public let easing: Easing

    /// Keyframes at strictly increasing times.
    public init(_ points: [Point], easing: Easing = .linear) throws(ExpressionError) {
        guard !points.isEmpty else { throw ExpressionError("no keyframes", column: 1) }
        for (previous, next) in zip(points, points.dropFirst()) where next.time <= previous.time {
            throw ExpressionError(
                "keyframe times must rise: \(FilterValue.format(next.time)) comes after "
                    + "\(FilterValue.format(previous.time))", column: 1)
        }
        self.points = points
        self.easing = easing
    }

    /// Parses `value@time;value@time...`.
    public init(parsing text: String, easing: Easing = .linear) throws(ExpressionError) {
        var points: [Point] = []
        var column = 1
        for part in text.split(separator: ";", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "@", omittingEmptySubsequences: false)
            let trimmed = pieces.map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.count == 2, let value = Double(trimmed[0]), let time = Double(trimmed[1]), value.isFinite,
                time.isFinite
            else {
                throw ExpressionError("expected a keyframe VALUE@SECONDS, found '\(part)'", column: column)
            }
            points.append(Point(value: value, time: time))
            column += part.count + 1
        }
        do {
            try self.init(points, easing: easing)
        } catch {
            // Point at the keyframe that broke the order.
            var offset = 1
            for (index, part) in text.split(separator: ";", omittingEmptySubsequences: false).enumerated() {
                if index > 0, points[index].time <= points[index - 1].time {
                    throw ExpressionError(error.reason, column: offset)
                }
                offset += part.count + 1
            }
            throw error
        }
    }

    /// The value at `time` seconds.
    public func value(at time: Double) -> Double {
        guard let first = points.first, time > first.time else { return points[0].value }
        guard let nextIndex = points.firstIndex(where: { $0.time > time }) else { return points.last!.value }
        let previous = points[nextIndex - 1]
        let next = points[nextIndex]
        let x = (time - previous.time) / (next.time - previous.time)
        return previous.value + (next.value - previous.value) * easing.progress(x)
    }

    /// The text form, without the easing.
    var text: String {
        points.map { "\(FilterValue.format($0.value))@\(FilterValue.format($0.time))" }.joined(separator: ";")
    }
}
