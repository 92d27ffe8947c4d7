import Foundation

/// One of mpv's reverse-Polish expressions (`//!WIDTH HOOKED.w 2 *`,
/// `//!WHEN OUTPUT.w MAIN.w / 1.2 >`): numbers, texture sizes (`NAME.w`,
/// `NAME.h`, `.width`, `.height`), parameters, and `+ - * / % > < = !`.
struct MpvExpression: Sendable, Hashable {
    enum Token: Sendable, Hashable {
        case number(Double)
        case width(String)
        case height(String)
        case variable(String)
        case binary(Character)
        case not
    }

    /// Why an expression could not be read or evaluated.
    struct Failure: Error {
        let reason: String
    }

    let tokens: [Token]

    static func constant(_ value: Double) -> MpvExpression { MpvExpression(tokens: [.number(value)]) }

    static func size(of texture: String, width: Bool) -> MpvExpression {
        MpvExpression(tokens: [width ? .width(texture) : .height(texture)])
    }

    private init(tokens: [Token]) {
        self.tokens = tokens
    }

    init(parsing text: String) throws(Failure) {
        var tokens: [Token] = []
        for word in text.split(separator: " ").map(String.init) {
            if let name = Self.strip(word, [".width", ".w"]) {
                tokens.append(.width(name))
            } else if let name = Self.strip(word, [".height", ".h"]) {
                tokens.append(.height(name))
            } else if word.count == 1, "+-*/%><=".contains(word) {
                tokens.append(.binary(word.first!))
            } else if word == "!" {
                tokens.append(.not)
            } else if let first = word.first, first.isNumber {
                guard let value = Double(word) else { throw Failure(reason: "'\(word)' is not a number") }
                tokens.append(.number(value))
            } else {
                tokens.append(.variable(word))
            }
        }
        guard !tokens.isEmpty else { throw Failure(reason: "an empty expression") }
        self.tokens = tokens
    }

    private static func strip(_ word: String, _ suffixes: [String]) -> String? {
        for suffix in suffixes where word.hasSuffix(suffix) && word.count > suffix.count {
            return String(word.dropLast(suffix.count))
        }
        return nil
    }

    /// The value, with texture sizes from `size` and variables from
    /// `variable` (each nil when unknown, which is an error).
    func evaluate(
        size: (String) -> FrameSize?, variable: (String) -> Double?
    ) throws(Failure) -> Double {
        var stack: [Double] = []
        for token in tokens {
            switch token {
            case .number(let value): stack.append(value)
            case .width(let name), .height(let name):
                guard let found = size(name) else { throw Failure(reason: "no texture named \(name)") }
                if case .width = token { stack.append(Double(found.width)) } else { stack.append(Double(found.height)) }
            case .variable(let name):
                guard let value = variable(name) else { throw Failure(reason: "no variable named \(name)") }
                stack.append(value)
            case .not:
                guard let top = stack.popLast() else { throw Failure(reason: "'!' with nothing to negate") }
                stack.append(top == 0 ? 1 : 0)
            case .binary(let operation):
                guard stack.count >= 2 else { throw Failure(reason: "'\(operation)' needs two operands") }
                let b = stack.removeLast()
                let a = stack.removeLast()
                let result: Double
                switch operation {
                case "+": result = a + b
                case "-": result = a - b
                case "*": result = a * b
                case "/": result = a / b
                case "%": result = fmod(a, b)
                case ">": result = a > b ? 1 : 0
                case "<": result = a < b ? 1 : 0
                default: result = abs(a - b) <= 1e-6 * max(a, b) ? 1 : 0
                }
                guard result.isFinite else { throw Failure(reason: "'\(operation)' gave no finite number") }
                stack.append(result)
            }
        }
        guard stack.count == 1 else { throw Failure(reason: "it leaves \(stack.count) values, not one") }
        return stack[0]
    }

    /// The texture names the expression reads the size of.
    var textures: [String] {
        tokens.compactMap {
            switch $0 {
            case .width(let name), .height(let name): return name
            default: return nil
            }
        }
    }
}
