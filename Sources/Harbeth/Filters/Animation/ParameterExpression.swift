import Foundation

/// What an animated value can read: the frame's time and index, the size
/// of the image the filter gets and of the one it makes (FFmpeg's `t`, `n`,
/// `w`, `h`, `ow`, `oh`).
public struct ExpressionVariables: Sendable, Hashable {
    /// The frame's time in seconds.
    public var t: Double
    /// The frame's index in its run, from 0.
    public var n: Double
    /// The width of the filter's input, in pixels.
    public var w: Double
    /// The height of the filter's input, in pixels.
    public var h: Double
    /// The width of the filter's output (a crop's or pad's), in pixels.
    public var ow: Double
    /// The height of the filter's output, in pixels.
    public var oh: Double
    /// For an expression of a sample (`ParameterExpression(parsing:ofSample:)`):
    /// the sample's code (FFmpeg lut's `val`).
    public var val: Double = 0
    /// The lowest code of the sample's plane (FFmpeg lut's `minval`).
    public var minval: Double = 0
    /// The highest code of the sample's plane (FFmpeg lut's `maxval`).
    public var maxval: Double = 0
    /// The width of the image an overlay places on the frame (FFmpeg
    /// overlay's `w`, `overlay_w`): its second input's, in a graph.
    public var overlayWidth: Double = 0
    /// The height of the image an overlay places (`h`, `overlay_h`).
    public var overlayHeight: Double = 0
    /// For an expression of a plane's size (FFmpeg boxblur's): the width
    /// of the frame's chroma planes (`cw`), in samples.
    public var chromaWidth: Double = 0
    /// The height of the frame's chroma planes (`ch`).
    public var chromaHeight: Double = 0
    /// How many luma pixels a chroma sample spans across (`hsub`: 1 or 2).
    public var hsub: Double = 1
    /// How many luma rows a chroma sample spans down (`vsub`).
    public var vsub: Double = 1
    /// For an expression of a frame's timestamp (FFmpeg setpts's): its
    /// timing, in the stream's time base.
    public var timing = TimestampVariables()

    /// Variables for one frame of one filter.
    public init(t: Double = 0, n: Double = 0, w: Double = 0, h: Double = 0, ow: Double = 0, oh: Double = 0) {
        self.t = t
        self.n = n
        self.w = w
        self.h = h
        self.ow = ow
        self.oh = oh
    }
}

/// What an expression of a frame's timestamp reads (FFmpeg setpts's
/// `PTS`, `STARTPTS`, `TB`, ...): timestamps in the stream's time base,
/// times in seconds; the previous ones are NaN for the first frame.
public struct TimestampVariables: Sendable, Hashable {
    /// The frame's timestamp (`PTS`).
    public var pts = 0.0
    /// The first frame's timestamp (`STARTPTS`).
    public var startPTS = 0.0
    /// The first frame's time in seconds (`STARTT`).
    public var startT = 0.0
    /// Seconds per timestamp unit (`TB`).
    public var timeBase = 0.0
    /// Frames per second, when the stream declares it (`FRAME_RATE`, `FR`).
    public var frameRate = Double.nan
    /// The previous frame's timestamp as it came (`PREV_INPTS`).
    public var previousInPTS = Double.nan
    /// The previous frame's time as it came, in seconds (`PREV_INT`).
    public var previousInT = Double.nan
    /// The previous frame's timestamp as it went out (`PREV_OUTPTS`).
    public var previousOutPTS = Double.nan
    /// The previous frame's time as it went out, in seconds (`PREV_OUTT`).
    public var previousOutT = Double.nan

    /// Nothing known yet.
    public init() {}
}

/// Why an expression or keyframe list was rejected: `column` is 1-based in
/// the value's own text.
public struct ExpressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. `unknown function 'sine'`.
    public let reason: String
    /// Where, counting the value's first character as 1.
    public let column: Int

    /// An error at `column` of the value's text.
    public init(_ reason: String, column: Int) {
        self.reason = reason
        self.column = column
    }

    /// `reason at column N`.
    public var description: String { "\(reason) at column \(column)" }
}

/// An arithmetic expression in FFmpeg's idiom, evaluated once per frame on
/// the CPU: numbers, the variables `t` (seconds), `n` (frame index), `w`
/// and `h` (the filter's input size; also FFmpeg's `iw`/`in_w` and
/// `ih`/`in_h`), `ow` and `oh` (its output size, also `out_w`/`out_h`: a
/// crop's or pad's, from its other values), the constants `PI`, `E`, `PHI`
/// and `NAN` (FFmpeg's idiom for an overlay's position that hides it),
/// `+ - * / ^` (power, right-assoc), unary minus, parentheses, and the
/// functions `sin cos tan asin acos atan atan2 sinh cosh tanh exp log
/// log10 sqrt pow hypot abs sign floor ceil round trunc mod min max clip
/// lerp if ifnot gt gte lt lte eq between not`. Comparisons give 1 or 0,
/// and `if(c, a, b)` takes `a` when `c` is not 0. An expression of one
/// sample's code (`init(parsing:ofSample:)`, FFmpeg lut's) reads `val`,
/// `clipval`, `minval`, `maxval`, `negval`, `w` and `h` instead, and may
/// call `gammaval(g)`.
///
/// `0.2*sin(2*PI*t)`, `if(lt(t,2), 0, 1)`, `clip(n/50, 0, 1)`.
public struct ParameterExpression: Sendable, Hashable {
    indirect enum Node: Sendable, Hashable {
        case number(Double)
        case variable(Variable)
        case negate(Node)
        case binary(Operator, Node, Node)
        case call(Function, [Node])
    }

    enum Variable: String, Sendable, Hashable, CaseIterable {
        case t, n, w, h, ow, oh
        /// A sample's (FFmpeg lut's): its code, clipped to its plane's
        /// range, that range's ends, and the code mirrored in it.
        case val, clipval, minval, maxval, negval
        /// The size of the image an overlay places (FFmpeg overlay's).
        case overlayWidth, overlayHeight
        /// The frame's chroma planes' size and subsampling (FFmpeg boxblur's).
        case chromaWidth, chromaHeight, hsub, vsub
        /// A frame's timestamp and the others setpts reads.
        case pts, startPTS, startT, timeBase, frameRate, previousInPTS, previousInT, previousOutPTS, previousOutT
    }

    /// The names an expression reads.
    public enum Names: Sendable, Hashable {
        /// A frame's: `t`, `n`, the filter's input size `w`, `h` (`iw`,
        /// `ih`, `in_w`, `in_h`) and output size `ow`, `oh` (`out_w`,
        /// `out_h`).
        case frame
        /// One sample's code, FFmpeg lut's: `val`, `clipval`, `minval`,
        /// `maxval`, `negval`, the frame's size `w`, `h`, and `gammaval(g)`.
        case sample
        /// A position on the frame of an image placed on it, FFmpeg
        /// overlay's: `t`, `n`, the frame's size `W`, `H` (`main_w`,
        /// `main_h`) and the image's `w`, `h` (`overlay_w`, `overlay_h`).
        case placement
        /// A frame's timestamp, FFmpeg setpts's: `PTS`, `N`, `T`, `STARTPTS`,
        /// `STARTT`, `TB`, `FRAME_RATE` (`FR`), `PREV_INPTS`, `PREV_INT`,
        /// `PREV_OUTPTS`, `PREV_OUTT` (`TimestampVariables`).
        case timestamp
        /// A frame's planes, FFmpeg boxblur's: the frame's size `w`, `h`,
        /// its chroma planes' `cw`, `ch`, and the subsampling `hsub`,
        /// `vsub` (1 or 2), with no time.
        case planes
        /// A frame's size alone: `w` (`iw`), `h` (`ih`), with no time
        /// (FFmpeg vignette's centre, evaluated once here).
        case size

        /// The variables each name reads, and how an error lists them.
        fileprivate var variables: (byName: [String: Variable], listed: String) {
            switch self {
            case .frame:
                return (
                    [
                        "t": .t, "n": .n, "w": .w, "iw": .w, "in_w": .w, "h": .h, "ih": .h, "in_h": .h, "ow": .ow,
                        "out_w": .ow, "oh": .oh, "out_h": .oh,
                    ], "t, n, w (or iw, in_w), h (or ih, in_h), ow (or out_w), oh (or out_h)"
                )
            case .sample:
                return (
                    [
                        "val": .val, "clipval": .clipval, "minval": .minval, "maxval": .maxval, "negval": .negval,
                        "w": .w, "iw": .w, "in_w": .w, "h": .h, "ih": .h, "in_h": .h,
                    ], "val, clipval, minval, maxval, negval, w (or iw, in_w), h (or ih, in_h)"
                )
            case .placement:
                return (
                    [
                        "t": .t, "n": .n, "W": .w, "main_w": .w, "H": .h, "main_h": .h, "w": .overlayWidth,
                        "overlay_w": .overlayWidth, "h": .overlayHeight, "overlay_h": .overlayHeight,
                    ],
                    "t, n, W (or main_w), H (or main_h) the frame's size, w (or overlay_w), h (or overlay_h) the"
                        + " image's"
                )
            case .timestamp:
                return (
                    [
                        "PTS": .pts, "N": .n, "T": .t, "STARTPTS": .startPTS, "STARTT": .startT, "TB": .timeBase,
                        "FRAME_RATE": .frameRate, "FR": .frameRate, "PREV_INPTS": .previousInPTS,
                        "PREV_INT": .previousInT, "PREV_OUTPTS": .previousOutPTS, "PREV_OUTT": .previousOutT,
                    ],
                    "PTS, N, T, STARTPTS, STARTT, TB, FRAME_RATE (or FR), PREV_INPTS, PREV_INT, PREV_OUTPTS,"
                        + " PREV_OUTT"
                )
            case .size:
                return (["w": .w, "iw": .w, "h": .h, "ih": .h], "w (or iw), h (or ih)")
            case .planes:
                return (
                    [
                        "w": .w, "h": .h, "cw": .chromaWidth, "ch": .chromaHeight, "hsub": .hsub, "vsub": .vsub,
                    ], "w, h, cw, ch, hsub, vsub"
                )
            }
        }
    }

    enum Operator: Character, Sendable, Hashable {
        case add = "+"
        case subtract = "-"
        case multiply = "*"
        case divide = "/"
        case power = "^"
    }

    enum Function: String, Sendable, Hashable, CaseIterable {
        case sin, cos, tan, asin, acos, atan, atan2, sinh, cosh, tanh, exp, log, log10, sqrt, pow, hypot
        case abs, sign, floor, ceil, round, trunc, mod, min, max, clip, lerp
        case `if`, ifnot, gt, gte, lt, lte, eq, between, not
        /// A sample's (FFmpeg lut's): `clipval` through a gamma over its
        /// plane's range.
        case gammaval

        /// How many arguments it takes.
        var arity: ClosedRange<Int> {
            switch self {
            case .atan2, .pow, .hypot, .mod, .gt, .gte, .lt, .lte, .eq: return 2...2
            case .min, .max: return 2...8
            case .clip, .lerp, .between: return 3...3
            case .if, .ifnot: return 2...3
            default: return 1...1
            }
        }
    }

    /// The text it was parsed from.
    public let text: String
    let root: Node

    /// Parses `text`; an error names the column of the problem.
    /// - Parameters:
    ///   - text: the expression.
    ///   - ofSample: true for an expression of one sample's code, as FFmpeg's
    ///     lut filters take (`negval`, `val*1.2`, `gammaval(0.8)`): its
    ///     variables are `val`, `clipval`, `minval`, `maxval`, `negval`, `w`
    ///     and `h`, and it may call `gammaval`; false (the default) for a
    ///     frame's, of `t`, `n`, `w`, `h`, `ow`, `oh`.
    public init(parsing text: String, ofSample: Bool = false) throws(ExpressionError) {
        try self.init(parsing: text, names: ofSample ? .sample : .frame)
    }

    /// Parses `text` reading `names`; an error names the column of the
    /// problem.
    public init(parsing text: String, names: Names) throws(ExpressionError) {
        var parser = ExpressionParser(text, names: names)
        root = try parser.parseWhole()
        self.text = text
    }

    /// The value for one frame. A result that is not finite (a division by
    /// zero, `log(0)`, `NAN`) is 0.
    public func value(_ variables: ExpressionVariables) -> Double {
        let result = exactValue(variables)
        return result.isFinite ? result : 0
    }

    /// The value for one frame as computed, not finite where it is not.
    public func exactValue(_ variables: ExpressionVariables) -> Double { Self.evaluate(root, variables) }

    /// True when the value depends on nothing that changes between frames
    /// (no `t` or `n`).
    public var isConstantOverTime: Bool { !Self.uses(root, [.t, .n]) }

    /// True when the value reads no variable at all (`PI/6`, `45*PI/180`).
    public var isConstant: Bool { !Self.uses(root, Set(Variable.allCases)) }

    /// True when the value reads the filter's output size (`ow`, `oh`).
    public var usesOutputSize: Bool { Self.uses(root, [.ow, .oh]) }

    /// True when the value reads the size of the image an overlay places.
    public var usesOverlaySize: Bool { Self.uses(root, [.overlayWidth, .overlayHeight]) }

    private static func uses(_ node: Node, _ variables: Set<Variable>) -> Bool {
        switch node {
        case .number: return false
        case .variable(let variable): return variables.contains(variable)
        case .negate(let inner): return uses(inner, variables)
        case .binary(_, let left, let right): return uses(left, variables) || uses(right, variables)
        case .call(_, let arguments): return arguments.contains { uses($0, variables) }
        }
    }

    static func evaluate(_ node: Node, _ variables: ExpressionVariables) -> Double {
        switch node {
        case .number(let value):
            return value
        case .variable(let variable):
            switch variable {
            case .t: return variables.t
            case .n: return variables.n
            case .w: return variables.w
            case .h: return variables.h
            case .ow: return variables.ow
            case .oh: return variables.oh
            case .val: return variables.val
            case .clipval: return clipval(variables)
            case .minval: return variables.minval
            case .maxval: return variables.maxval
            case .negval: return variables.maxval - clipval(variables) + variables.minval
            case .overlayWidth: return variables.overlayWidth
            case .overlayHeight: return variables.overlayHeight
            case .chromaWidth: return variables.chromaWidth
            case .chromaHeight: return variables.chromaHeight
            case .hsub: return variables.hsub
            case .vsub: return variables.vsub
            case .pts: return variables.timing.pts
            case .startPTS: return variables.timing.startPTS
            case .startT: return variables.timing.startT
            case .timeBase: return variables.timing.timeBase
            case .frameRate: return variables.timing.frameRate
            case .previousInPTS: return variables.timing.previousInPTS
            case .previousInT: return variables.timing.previousInT
            case .previousOutPTS: return variables.timing.previousOutPTS
            case .previousOutT: return variables.timing.previousOutT
            }
        case .negate(let inner):
            return -evaluate(inner, variables)
        case .binary(let operation, let left, let right):
            let a = evaluate(left, variables)
            let b = evaluate(right, variables)
            switch operation {
            case .add: return a + b
            case .subtract: return a - b
            case .multiply: return a * b
            case .divide: return a / b
            case .power: return Foundation.pow(a, b)
            }
        case .call(.gammaval, let arguments):
            // FFmpeg lut's: pow((clipval - minval) / (maxval - minval), g) (maxval - minval) + minval.
            let span = variables.maxval - variables.minval
            return Foundation.pow((clipval(variables) - variables.minval) / span, evaluate(arguments[0], variables))
                * span + variables.minval
        case .call(let function, let arguments):
            let values = arguments.map { evaluate($0, variables) }
            return apply(function, values)
        }
    }

    /// A sample's code held in its plane's range.
    private static func clipval(_ variables: ExpressionVariables) -> Double {
        Swift.min(Swift.max(variables.val, variables.minval), variables.maxval)
    }

    private static func apply(_ function: Function, _ x: [Double]) -> Double {
        func truth(_ condition: Bool) -> Double { condition ? 1 : 0 }
        switch function {
        case .sin: return Foundation.sin(x[0])
        case .cos: return Foundation.cos(x[0])
        case .tan: return Foundation.tan(x[0])
        case .asin: return Foundation.asin(x[0])
        case .acos: return Foundation.acos(x[0])
        case .atan: return Foundation.atan(x[0])
        case .atan2: return Foundation.atan2(x[0], x[1])
        case .sinh: return Foundation.sinh(x[0])
        case .cosh: return Foundation.cosh(x[0])
        case .tanh: return Foundation.tanh(x[0])
        case .exp: return Foundation.exp(x[0])
        case .log: return Foundation.log(x[0])
        case .log10: return Foundation.log10(x[0])
        case .sqrt: return Foundation.sqrt(x[0])
        case .pow: return Foundation.pow(x[0], x[1])
        case .hypot: return Foundation.hypot(x[0], x[1])
        case .abs: return Swift.abs(x[0])
        case .sign: return x[0] > 0 ? 1 : (x[0] < 0 ? -1 : 0)
        case .floor: return Foundation.floor(x[0])
        case .ceil: return Foundation.ceil(x[0])
        case .round: return x[0].rounded()
        case .trunc: return Foundation.trunc(x[0])
        // FFmpeg's mod: the remainder with the sign of the dividend.
        case .mod: return Foundation.fmod(x[0], x[1])
        case .min: return x.min()!
        case .max: return x.max()!
        case .clip: return Swift.min(Swift.max(x[0], x[1]), x[2])
        case .lerp: return x[0] + (x[1] - x[0]) * x[2]
        case .if: return x[0] != 0 ? x[1] : (x.count > 2 ? x[2] : 0)
        case .ifnot: return x[0] == 0 ? x[1] : (x.count > 2 ? x[2] : 0)
        case .gt: return truth(x[0] > x[1])
        case .gte: return truth(x[0] >= x[1])
        case .lt: return truth(x[0] < x[1])
        case .lte: return truth(x[0] <= x[1])
        case .eq: return truth(x[0] == x[1])
        case .between: return truth(x[0] >= x[1] && x[0] <= x[2])
        case .not: return truth(x[0] == 0)
        // Evaluated with the sample's variables (`evaluate`).
        case .gammaval: return 0
        }
    }
}

/// Recursive descent with precedence climbing: sums of products of powers
/// of unary terms.
private struct ExpressionParser {
    typealias Node = ParameterExpression.Node
    private let characters: [Character]
    private var index = 0
    /// The names the expression may read.
    private let names: ParameterExpression.Names

    init(_ text: String, names: ParameterExpression.Names) {
        characters = Array(text)
        self.names = names
    }

    /// True for an expression of a sample (FFmpeg lut's).
    private var ofSample: Bool { names == .sample }

    private var column: Int { index + 1 }
    private var current: Character? { index < characters.count ? characters[index] : nil }
    private var found: String { current.map { "'\($0)'" } ?? "the end" }

    private mutating func skipSpaces() {
        while let character = current, character == " " || character == "\t" { index += 1 }
    }

    mutating func parseWhole() throws(ExpressionError) -> Node {
        skipSpaces()
        guard current != nil else { throw ExpressionError("an empty expression", column: column) }
        let node = try parseSum()
        skipSpaces()
        guard current == nil else { throw ExpressionError("expected an operator, found \(found)", column: column) }
        return node
    }

    private mutating func parseSum() throws(ExpressionError) -> Node {
        var node = try parseProduct()
        while true {
            skipSpaces()
            guard let character = current, character == "+" || character == "-" else { return node }
            index += 1
            let right = try parseProduct()
            node = .binary(character == "+" ? .add : .subtract, node, right)
        }
    }

    private mutating func parseProduct() throws(ExpressionError) -> Node {
        var node = try parseUnary()
        while true {
            skipSpaces()
            guard let character = current, character == "*" || character == "/" else { return node }
            index += 1
            let right = try parseUnary()
            node = .binary(character == "*" ? .multiply : .divide, node, right)
        }
    }

    private mutating func parseUnary() throws(ExpressionError) -> Node {
        skipSpaces()
        if current == "-" {
            index += 1
            return .negate(try parseUnary())
        }
        if current == "+" {
            index += 1
            return try parseUnary()
        }
        return try parsePower()
    }

    /// `a ^ b ^ c` is `a ^ (b ^ c)`, and `-2^2` is `-(2^2)`.
    private mutating func parsePower() throws(ExpressionError) -> Node {
        let base = try parseAtom()
        skipSpaces()
        guard current == "^" else { return base }
        index += 1
        return .binary(.power, base, try parseUnary())
    }

    private mutating func parseAtom() throws(ExpressionError) -> Node {
        skipSpaces()
        guard let character = current else { throw ExpressionError("expected a value, found the end", column: column) }
        if character == "(" {
            let open = column
            index += 1
            let inner = try parseSum()
            skipSpaces()
            guard current == ")" else {
                throw ExpressionError("expected ')' to close the '(' at column \(open), found \(found)", column: column)
            }
            index += 1
            return inner
        }
        if character.isNumber || character == "." { return try parseNumber() }
        if character.isLetter || character == "_" { return try parseName() }
        throw ExpressionError("expected a value, found \(found)", column: column)
    }

    private mutating func parseNumber() throws(ExpressionError) -> Node {
        let start = index
        let startColumn = column
        while let character = current, character.isNumber || character == "." { index += 1 }
        if let character = current, character == "e" || character == "E" {
            let mark = index
            index += 1
            if current == "+" || current == "-" { index += 1 }
            if let digit = current, digit.isNumber {
                while let digit = current, digit.isNumber { index += 1 }
            } else {
                index = mark
            }
        }
        let text = String(characters[start..<index])
        guard let value = Double(text) else { throw ExpressionError("'\(text)' is not a number", column: startColumn) }
        return .number(value)
    }

    private mutating func parseName() throws(ExpressionError) -> Node {
        let start = index
        let startColumn = column
        while let character = current, character.isLetter || character.isNumber || character == "_" { index += 1 }
        let name = String(characters[start..<index])
        skipSpaces()
        if current == "(" {
            guard let function = ParameterExpression.Function(rawValue: name), function != .gammaval || ofSample
            else {
                throw ExpressionError("unknown function '\(name)'", column: startColumn)
            }
            index += 1
            var arguments: [Node] = []
            skipSpaces()
            if current != ")" {
                while true {
                    arguments.append(try parseSum())
                    skipSpaces()
                    guard current == "," else { break }
                    index += 1
                }
            }
            guard current == ")" else {
                throw ExpressionError("expected ',' or ')' in \(name)(...), found \(found)", column: column)
            }
            index += 1
            guard function.arity.contains(arguments.count) else {
                let arity = function.arity
                let wanted =
                    arity.lowerBound == arity.upperBound
                    ? "\(arity.lowerBound)" : "\(arity.lowerBound) to \(arity.upperBound)"
                throw ExpressionError(
                    "\(name) takes \(wanted) argument\(arity.upperBound == 1 ? "" : "s"), not \(arguments.count)",
                    column: startColumn)
            }
            return .call(function, arguments)
        }
        switch name {
        case "PI": return .number(Double.pi)
        case "E": return .number(M_E)
        case "PHI": return .number((1 + 5.0.squareRoot()) / 2)
        case "NAN": return .number(Double.nan)
        default:
            let variables = names.variables
            guard let variable = variables.byName[name] else {
                throw ExpressionError(
                    "unknown name '\(name)' (the variables are \(variables.listed); the constants PI, E, PHI, NAN)",
                    column: startColumn)
            }
            return .variable(variable)
        }
    }
}
