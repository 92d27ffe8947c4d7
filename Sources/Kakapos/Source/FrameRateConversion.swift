import Foundation

/// A constant output frame rate, as FFmpeg's `fps` filter makes one: each
/// input timestamp is rounded to the output's frame grid, and each output
/// frame shows the latest input frame at or before its slot, so frames are
/// dropped or repeated and never blended. `FrameRateSource` applies it.
public struct FrameRateConversion: Sendable, Hashable, CustomStringConvertible {
    /// How an input timestamp is rounded to an output slot (FFmpeg's
    /// `round`).
    public enum Rounding: String, Sendable, CaseIterable {
        /// To the nearest slot, halves away from zero (FFmpeg's default).
        case near
        /// Towards zero.
        case zero
        /// Away from zero.
        case inf
        /// Towards minus infinity.
        case down
        /// Towards plus infinity.
        case up
    }

    /// What the input's last frame gets at the end (FFmpeg's `eof_action`).
    public enum LastFrame: String, Sendable, CaseIterable {
        /// The input's end is rounded like every timestamp.
        case round
        /// The input's end is rounded up, so the last frame is always shown.
        case pass
    }

    /// Output frames per second, a positive fraction.
    public var rate: Rational
    /// How timestamps are rounded to slots.
    public var rounding: Rounding
    /// How the end is rounded.
    public var lastFrame: LastFrame
    /// The time (seconds, in the input's timestamps) of the first output
    /// frame; nil starts at the first input frame.
    public var startTime: Double?

    /// A conversion to `rate` frames per second; see the properties.
    public init(rate: Rational, rounding: Rounding = .near, lastFrame: LastFrame = .round, startTime: Double? = nil) {
        self.rate = rate
        self.rounding = rounding
        self.lastFrame = lastFrame
        self.startTime = startTime
    }

    /// FFmpeg's `fps` filter arguments: `25`, `30000/1001`, `12.5`, `ntsc`
    /// (also `pal`, `film`, `ntsc_film`), or named and positional in
    /// FFmpeg's order `fps:start_time:round:eof_action`, such as
    /// `fps=24:round=down:eof_action=pass`.
    public init(parsing text: String) throws(MediaError) {
        let names = ["fps", "start_time", "round", "eof_action"]
        var values: [String: String] = [:]
        var position = 0
        let parts = text.isEmpty ? [] : text.split(separator: ":", omittingEmptySubsequences: false)
        for part in parts {
            let pieces = part.split(separator: "=", maxSplits: 1).map {
                String($0).trimmingCharacters(in: .whitespaces)
            }
            let name: String
            let value: String
            if pieces.count == 2 {
                (name, value) = (pieces[0], pieces[1])
            } else {
                guard position < names.count else {
                    throw .invalidFrameRate(text, reason: "fps takes at most \(names.count) values")
                }
                (name, value) = (names[position], pieces[0])
                position += 1
            }
            guard names.contains(name) else {
                throw .invalidFrameRate(
                    text, reason: "unknown option '\(name)' (fps takes \(names.joined(separator: ", ")))")
            }
            values[name] = value
        }
        let rate = try Self.rate(values["fps"] ?? "25", text: text)
        var conversion = FrameRateConversion(rate: rate)
        if let round = values["round"] {
            guard let rounding = Rounding(rawValue: round) else {
                throw .invalidFrameRate(
                    text,
                    reason: "round='\(round)' is none of \(Rounding.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            conversion.rounding = rounding
        }
        if let action = values["eof_action"] {
            guard let lastFrame = LastFrame(rawValue: action) else {
                throw .invalidFrameRate(text, reason: "eof_action='\(action)' is none of round, pass")
            }
            conversion.lastFrame = lastFrame
        }
        if let start = values["start_time"] {
            guard let seconds = Double(start), seconds.isFinite else {
                throw .invalidFrameRate(text, reason: "start_time='\(start)' is not a number of seconds")
            }
            conversion.startTime = seconds
        }
        self = conversion
    }

    /// FFmpeg's names for the usual rates.
    static let namedRates: [String: Rational] = [
        "ntsc": Rational(30000, 1001), "pal": Rational(25, 1), "film": Rational(24, 1),
        "ntsc_film": Rational(24000, 1001),
    ]

    /// A rate written as `-r` takes it: a decimal number, `a/b`, or one of
    /// FFmpeg's names (`ntsc`, `pal`, `film`, `ntsc_film`), exactly.
    public static func rate(parsing text: String) throws(MediaError) -> Rational {
        try rate(text.trimmingCharacters(in: .whitespaces), text: text)
    }

    /// A rate written as a name, `a/b` or a decimal number, exactly.
    static func rate(_ value: String, text: String) throws(MediaError) -> Rational {
        if let named = namedRates[value.lowercased()] { return named }
        let invalid = MediaError.invalidFrameRate(
            text,
            reason: "'\(value)' is not a frame rate (a positive number, a fraction a/b, or ntsc, pal, film, ntsc_film)")
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let numerator = Int32(parts[0]), let denominator = Int32(parts[1]), numerator > 0, denominator > 0
            else { throw invalid }
            return reduced(Int64(numerator), Int64(denominator))
        }
        // A decimal is exact as digits over a power of ten.
        let pieces = value.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count <= 2, pieces.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            !(pieces.first?.isEmpty ?? true) || (pieces.count == 2 && !pieces[1].isEmpty),
            let whole = Int64(pieces[0].isEmpty ? "0" : pieces[0]), whole < Int32.max
        else { throw invalid }
        let fraction = pieces.count == 2 ? String(pieces[1].prefix(6)) : ""
        let scale = Int64(pow10(fraction.count))
        let numerator = whole * scale + (Int64(fraction) ?? 0)
        guard numerator > 0, numerator <= Int32.max else { throw invalid }
        return reduced(numerator, scale)
    }

    private static func pow10(_ count: Int) -> Int { (0..<count).reduce(1) { value, _ in value * 10 } }

    private static func reduced(_ numerator: Int64, _ denominator: Int64) -> Rational {
        var (a, b) = (numerator, denominator)
        while b != 0 { (a, b) = (b, a % b) }
        return Rational(Int32(numerator / a), Int32(denominator / a))
    }

    /// `fps=RATE` with the options that differ from FFmpeg's defaults.
    public var description: String {
        var text = "fps=" + (rate.denominator == 1 ? "\(rate.numerator)" : "\(rate)")
        if rounding != .near { text += ":round=\(rounding.rawValue)" }
        if lastFrame != .round { text += ":eof_action=\(lastFrame.rawValue)" }
        if let startTime { text += ":start_time=\(startTime)" }
        return text
    }

    // MARK: Timestamps

    /// `pts` in `from` units as a slot of the output grid, rounded with
    /// `rounding` (FFmpeg's `av_rescale_q_rnd`).
    func slot(_ pts: Int64, in from: Rational, rounding: Rounding) -> Int64 {
        // pts * from / (1 / rate) = pts * from.num * rate.num / (from.den * rate.den), exactly.
        let top = Int128(pts) * Int128(from.numerator) * Int128(rate.numerator)
        let bottom = Int128(from.denominator) * Int128(rate.denominator)
        return Int64(clamping: Self.divide(top, bottom, rounding: rounding))
    }

    /// The slot of an input frame at `pts` in `from` units: from
    /// `startTime`'s slot where there is one, as FFmpeg offsets both
    /// timelines by the start (each rounded on its own).
    func slot(of pts: Int64, in from: Rational) -> Int64 {
        guard let start = startMicroseconds else { return slot(pts, in: from, rounding: rounding) }
        let microseconds = Rational(1, 1_000_000)
        let inputOffset = Int64(
            clamping: Self.divide(
                Int128(start) * Int128(from.denominator), Int128(1_000_000) * Int128(from.numerator),
                rounding: rounding))
        return slot(start, in: microseconds, rounding: rounding) + slot(pts - inputOffset, in: from, rounding: rounding)
    }

    /// The first output slot when `startTime` is set.
    var startSlot: Int64? {
        startMicroseconds.map { slot($0, in: Rational(1, 1_000_000), rounding: rounding) }
    }

    /// `startTime` in whole microseconds, truncated (FFmpeg's `AV_TIME_BASE` units).
    private var startMicroseconds: Int64? {
        startTime.map { Int64(($0 * 1_000_000).rounded(.towardZero)) }
    }

    static func divide(_ top: Int128, _ bottom: Int128, rounding: Rounding) -> Int128 {
        let (quotient, remainder) = top.quotientAndRemainder(dividingBy: bottom)
        guard remainder != 0 else { return quotient }
        let negative = (top < 0) != (bottom < 0)
        let away = negative ? quotient - 1 : quotient + 1
        switch rounding {
        case .zero: return quotient
        case .inf: return away
        case .down: return negative ? quotient - 1 : quotient
        case .up: return negative ? quotient : quotient + 1
        case .near: return remainder.magnitude * 2 >= bottom.magnitude ? away : quotient
        }
    }
}
