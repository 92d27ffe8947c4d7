/// A parameter's value.
public enum FilterValue: Sendable, Hashable, CustomStringConvertible {
    /// A number: floats, integers (whole values) and booleans (0 or 1).
    case number(Double)
    /// One of a parameter's named choices, e.g. "bicubic".
    case choice(String)
    /// Several numbers: a colour, a matrix, a kernel, control points.
    case list([Double])
    /// Free text, such as a file path.
    case text(String)
    /// A number that changes from frame to frame (an expression of `t`,
    /// `n`, `w`, `h`, or keyframes), for a number or integer parameter that
    /// is not structural.
    case animated(AnimatedNumber)

    /// The number, for `.number`.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The numbers, for `.list`.
    public var list: [Double]? {
        if case .list(let values) = self { return values }
        return nil
    }

    /// The animated value, for `.animated`.
    public var animated: AnimatedNumber? {
        if case .animated(let value) = self { return value }
        return nil
    }

    /// The text, for `.choice` and `.text`.
    public var text: String? {
        switch self {
        case .choice(let text), .text(let text): return text
        default: return nil
        }
    }

    /// The value in the chain's text form.
    public var description: String {
        switch self {
        case .number(let value): return FilterValue.format(value)
        case .choice(let text), .text(let text): return text
        case .list(let values): return values.map(FilterValue.format).joined(separator: "/")
        case .animated(let animated): return animated.description
        }
    }

    /// Numbers print without a trailing ".0" when whole.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
