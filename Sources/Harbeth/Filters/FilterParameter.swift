/// One parameter of a filter: its name, type, default and allowed range.
public struct FilterParameter: Sendable, Hashable {
    /// What kind of value the parameter takes.
    public enum ValueType: Sendable, Hashable, CustomStringConvertible {
        /// A real number within `range`.
        case number
        /// A whole number within `range`.
        case integer
        /// 0 or 1; the text form also takes true/false, yes/no, on/off.
        case boolean
        /// One of these names.
        case choice([String])
        /// A list of numbers (written `a/b/c` in the text form) of a length in
        /// `count`, each within `range` when one is given.
        case list(count: ClosedRange<Int>)
        /// Free text, such as a file path.
        case text
        /// An expression held as text, of the names given: one sample's
        /// code (`.sample`), as FFmpeg's lut filters take (`negval`,
        /// `val*1.2`), or a frame's planes (`.planes`), as FFmpeg boxblur's
        /// radii (`min(cw,ch)/20`).
        case expression(ParameterExpression.Names)

        public var description: String {
            switch self {
            case .number: return "number"
            case .integer: return "integer"
            case .boolean: return "boolean"
            case .choice(let names): return names.joined(separator: "|")
            case .list(let count):
                return count.lowerBound == count.upperBound
                    ? "list of \(count.lowerBound)" : "list of \(count.lowerBound)...\(count.upperBound)"
            case .text: return "text"
            case .expression(.planes): return "expression of w, h, cw, ch, hsub, vsub"
            case .expression(.size): return "expression of w, h"
            case .expression: return "expression of val"
            }
        }
    }

    /// The name the text form uses to set it (`name=value`), unique within its filter.
    public let name: String
    /// What kind of value the parameter takes.
    public let type: ValueType
    /// The value used when none is given.
    public let defaultValue: FilterValue
    /// The allowed range of numbers (for lists: of each element).
    public let range: ClosedRange<Double>?
    /// One line saying what it does.
    public let summary: String
    /// True when the value changes the generated shader or the output size,
    /// so a different value needs a different plan. Other values are
    /// uploaded per frame and never recompile anything.
    public let isStructural: Bool
    /// True when a choice may also be written as its number, 0 for the
    /// first name, as FFmpeg writes the same option (`transpose=1`).
    public let acceptsChoiceNumbers: Bool
    /// For a structural value that decides only the output size: the
    /// parameters that, all given (not 0), fix that size, so that the
    /// value may then change from frame to frame (rotate's angle, with w
    /// and h). Empty for the others.
    public let movesWhenGiven: [String]
    /// The names an animated value reads: a frame's, or for an overlay's
    /// position FFmpeg overlay's (`W`, `H` the frame's size, `w`, `h` the
    /// image's).
    public private(set) var expressionNames: ParameterExpression.Names = .frame

    /// A parameter; the static constructors (`number`, `choice`, ...) are usually simpler.
    /// - Parameters:
    ///   - name: The name the text form uses for it.
    ///   - type: What kind of value it takes.
    ///   - defaultValue: The value used when none is given.
    ///   - range: The allowed range of numbers (for lists, of each element); nil for none.
    ///   - summary: One line saying what it does.
    ///   - structural: Whether a change of value needs a different plan (see `isStructural`).
    ///   - acceptsChoiceNumbers: Whether a choice may be written as its number (see `acceptsChoiceNumbers`).
    ///   - movesWhenGiven: The parameters that let a structural value move (see `movesWhenGiven`).
    public init(
        _ name: String, _ type: ValueType, default defaultValue: FilterValue, range: ClosedRange<Double>? = nil,
        summary: String, structural: Bool = false, acceptsChoiceNumbers: Bool = false, movesWhenGiven: [String] = []
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.range = range
        self.summary = summary
        self.isStructural = structural
        self.acceptsChoiceNumbers = acceptsChoiceNumbers
        self.movesWhenGiven = movesWhenGiven
    }

    /// A real-number parameter; a structural one that decides only the
    /// output size may move once the parameters `movesWhenGiven` are given.
    public static func number(
        _ name: String, default value: Double, range: ClosedRange<Double>, summary: String, structural: Bool = false,
        movesWhenGiven: [String] = []
    ) -> FilterParameter {
        FilterParameter(
            name, .number, default: .number(value), range: range, summary: summary, structural: structural,
            movesWhenGiven: movesWhenGiven)
    }

    /// A whole-number parameter.
    public static func integer(
        _ name: String, default value: Int, range: ClosedRange<Double>, summary: String, structural: Bool = false
    ) -> FilterParameter {
        FilterParameter(
            name, .integer, default: .number(Double(value)), range: range, summary: summary, structural: structural)
    }

    /// This parameter with its animated values reading `names`.
    public func reading(_ names: ParameterExpression.Names) -> FilterParameter {
        var parameter = self
        parameter.expressionNames = names
        return parameter
    }

    /// A yes/no parameter.
    public static func boolean(_ name: String, default value: Bool, summary: String, structural: Bool = false)
        -> FilterParameter
    {
        FilterParameter(
            name, .boolean, default: .number(value ? 1 : 0), range: 0...1, summary: summary, structural: structural)
    }

    /// A parameter that takes one of several names.
    /// With `numbered`, a name may also be written as its number, 0 for
    /// the first, where FFmpeg numbers the same choices in the same order.
    public static func choice(
        _ name: String, _ names: [String], default value: String, summary: String, structural: Bool = false,
        numbered: Bool = false
    ) -> FilterParameter {
        FilterParameter(
            name, .choice(names), default: .choice(value), summary: summary, structural: structural,
            acceptsChoiceNumbers: numbered)
    }

    /// A list of numbers (colours, matrices, kernels).
    public static func list(
        _ name: String, count: ClosedRange<Int>, default value: [Double], range: ClosedRange<Double>? = nil,
        summary: String, structural: Bool = false
    ) -> FilterParameter {
        FilterParameter(
            name, .list(count: count), default: .list(value), range: range, summary: summary, structural: structural)
    }

    /// A text parameter, such as a file path.
    public static func text(_ name: String, default value: String = "", summary: String, structural: Bool = true)
        -> FilterParameter
    {
        FilterParameter(name, .text, default: .text(value), summary: summary, structural: structural)
    }

    /// An expression of one sample's code (`negval`, `val*1.2`), evaluated
    /// for every code into a table: data, not a shader's structure.
    public static func sampleExpression(_ name: String, default value: String, summary: String) -> FilterParameter {
        FilterParameter(name, .expression(.sample), default: .text(value), summary: summary)
    }

    /// An expression of a frame's planes' sizes (`w`, `h`, `cw`, `ch`,
    /// `hsub`, `vsub`), as FFmpeg boxblur's radii take; evaluated where
    /// the frame's layout is known. Empty text may mean another value's.
    public static func planeExpression(_ name: String, default value: String = "", summary: String)
        -> FilterParameter
    {
        // Structural: a plan checks each plane's radius against its size once.
        FilterParameter(name, .expression(.planes), default: .text(value), summary: summary, structural: true)
    }

    /// An expression of the frame's size (`w`, `h`), such as FFmpeg
    /// vignette's centre (`w/2`); evaluated where the size is known.
    public static func sizeExpression(_ name: String, default value: String, summary: String) -> FilterParameter {
        FilterParameter(name, .expression(.size), default: .text(value), summary: summary, structural: true)
    }

    /// The default and range as the catalog prints them.
    public var defaultAndRange: String {
        var text = "default \(defaultValue)"
        if let range, type != .boolean {
            text += ", \(FilterValue.format(range.lowerBound))...\(FilterValue.format(range.upperBound))"
        }
        return text
    }

    /// Clamps a value into range, as Harbeth's property wrappers do; the
    /// Swift initialisers use this. Returns nil when the type is wrong.
    public func clamped(_ value: FilterValue) -> FilterValue? {
        switch (type, value) {
        case (.number, .number(let number)):
            return .number(clamp(number))
        case (.number, .animated), (.integer, .animated):
            return isStructural ? nil : value
        case (.integer, .number(let number)):
            return .number(clamp(number.rounded()))
        case (.boolean, .number(let number)):
            return .number(number >= 0.5 ? 1 : 0)
        case (.choice(let names), .choice(let name)):
            return names.contains(name) ? value : nil
        case (.list(let count), .list(let values)):
            guard count.contains(values.count) else { return nil }
            return .list(values.map(clamp))
        case (.text, .text), (.expression, .text):
            return value
        default:
            return nil
        }
    }

    /// An animated value's number for one frame, as a constant of this
    /// parameter's type: clamped into range, and rounded for an integer. A
    /// position that is not a number (FFmpeg overlay's `NAN`) is past the
    /// frame's far edge, where nothing placed shows, as FFmpeg places it.
    func resolve(_ value: AnimatedNumber, _ variables: ExpressionVariables) -> FilterValue {
        if expressionNames == .placement, case .expression(let expression) = value.form,
            expression.exactValue(variables).isNaN, let range
        {
            return .number(range.upperBound)
        }
        let number = value.value(variables)
        return .number(type == .integer ? clamp(number.rounded()) : clamp(number))
    }

    private func clamp(_ value: Double) -> Double {
        guard let range else { return value }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}
