/// Why a filter chain (or one filter's values) was rejected. Each case
/// prints as one line; `column` is 1-based in the chain text when known.
public enum FilterChainError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No filter has this name; `suggestion` is the nearest one.
    case unknownFilter(name: String, suggestion: String?, column: Int?)
    /// The filter has no parameter of this name; `valid` lists those it has.
    case unknownParameter(filter: String, parameter: String, valid: [String], column: Int?)
    /// A number outside the parameter's range.
    case valueOutOfRange(filter: String, parameter: String, value: String, range: ClosedRange<Double>, column: Int?)
    /// A value of the wrong form (not a number, not one of the choices, ...).
    case invalidValue(filter: String, parameter: String, text: String, expected: String, column: Int?)
    /// More positional values than the filter has parameters.
    case tooManyValues(filter: String, count: Int, column: Int?)
    /// The text is not a chain: `expected` says what should be at `column`.
    case malformed(expected: String, found: String, column: Int)
    /// The same parameter given twice.
    case duplicateParameter(filter: String, parameter: String, column: Int?)
    /// An animated value (an expression or keyframes) that does not parse:
    /// `reason` says what is wrong at `column`.
    case invalidExpression(filter: String, parameter: String, text: String, reason: String, column: Int?)
    /// An animated value for a parameter that decides the shader or the
    /// output size, which cannot change from frame to frame (an expression
    /// of the input's size, `w` and `h`, is allowed).
    case notAnimatable(filter: String, parameter: String, column: Int?)
    /// An animated value for a parameter that decides the output size
    /// unless `sizes` (rotate's w and h) are given, and they were not.
    case movesOnlyAtGivenSize(filter: String, parameter: String, sizes: [String], column: Int?)
    /// A custom or mpv shader file that was refused: `reason` names its
    /// file and line.
    case invalidShader(reason: String, column: Int?)

    /// User text in the message (names, values, the character found) is
    /// quoted with its control characters escaped, so it stays one line.
    public var description: String {
        message.escapingControlCharacters
    }

    private var message: String {
        switch self {
        case .unknownFilter(let name, let suggestion, let column):
            return "unknown filter '\(name)'\(Self.at(column))" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unknownParameter(let filter, let parameter, let valid, let column):
            let list = valid.isEmpty ? "it takes none" : "valid: \(valid.joined(separator: ", "))"
            return "\(filter) has no parameter '\(parameter)'\(Self.at(column)); \(list)"
        case .valueOutOfRange(let filter, let parameter, let value, let range, let column):
            return "\(filter) \(parameter)=\(value) is out of range\(Self.at(column)); "
                + "allowed \(FilterValue.format(range.lowerBound))...\(FilterValue.format(range.upperBound))"
        case .invalidValue(let filter, let parameter, let text, let expected, let column):
            return "\(filter) \(parameter)='\(text)' is invalid\(Self.at(column)); expected \(expected)"
        case .tooManyValues(let filter, let count, let column):
            return "\(filter) takes at most \(count) value\(count == 1 ? "" : "s")\(Self.at(column))"
        case .malformed(let expected, let found, let column):
            return "malformed filter chain at column \(column): expected \(expected), found \(found)"
        case .duplicateParameter(let filter, let parameter, let column):
            return "\(filter) \(parameter) is given twice\(Self.at(column))"
        case .invalidExpression(let filter, let parameter, let text, let reason, let column):
            return "\(filter) \(parameter)='\(text)': \(reason)\(Self.at(column))"
        case .notAnimatable(let filter, let parameter, let column):
            return "\(filter) \(parameter) cannot change from frame to frame\(Self.at(column)): "
                + "it decides the shader or the output size; give a constant or an expression of w and h"
        case .movesOnlyAtGivenSize(let filter, let parameter, let sizes, let column):
            return "\(filter) \(parameter) cannot change from frame to frame\(Self.at(column)) unless "
                + sizes.joined(separator: " and ") + " are given: it decides the output size"
        case .invalidShader(let reason, let column):
            return "shader refused\(Self.at(column)): \(reason)"
        }
    }

    private static func at(_ column: Int?) -> String {
        column.map { " at column \($0)" } ?? ""
    }

    /// The same error located at `column` (when it had no column yet).
    func located(at column: Int) -> FilterChainError {
        switch self {
        case .unknownFilter(let name, let suggestion, nil):
            return .unknownFilter(name: name, suggestion: suggestion, column: column)
        case .unknownParameter(let filter, let parameter, let valid, nil):
            return .unknownParameter(filter: filter, parameter: parameter, valid: valid, column: column)
        case .valueOutOfRange(let filter, let parameter, let value, let range, nil):
            return .valueOutOfRange(filter: filter, parameter: parameter, value: value, range: range, column: column)
        case .invalidValue(let filter, let parameter, let text, let expected, nil):
            return .invalidValue(filter: filter, parameter: parameter, text: text, expected: expected, column: column)
        case .tooManyValues(let filter, let count, nil):
            return .tooManyValues(filter: filter, count: count, column: column)
        case .duplicateParameter(let filter, let parameter, nil):
            return .duplicateParameter(filter: filter, parameter: parameter, column: column)
        case .invalidExpression(let filter, let parameter, let text, let reason, nil):
            return .invalidExpression(filter: filter, parameter: parameter, text: text, reason: reason, column: column)
        case .notAnimatable(let filter, let parameter, nil):
            return .notAnimatable(filter: filter, parameter: parameter, column: column)
        case .movesOnlyAtGivenSize(let filter, let parameter, let sizes, nil):
            return .movesOnlyAtGivenSize(filter: filter, parameter: parameter, sizes: sizes, column: column)
        case .invalidShader(let reason, nil):
            return .invalidShader(reason: reason, column: column)
        default:
            return self
        }
    }
}
