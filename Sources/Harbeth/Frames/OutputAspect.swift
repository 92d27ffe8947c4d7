import Foundation

/// A shape an output is tagged with instead of the one its frames carry
/// (Kakapos's `SinkInput.sampleAspectRatio`), as FFmpeg's `-aspect`,
/// `setsar` and `setdar` set it; in a filtergraph, the shape setsar or
/// setdar gives the frames from there on (`FilterGraph.Step.aspect`).
public enum OutputAspect: Sendable, Hashable {
    /// The pixels' shape (FFmpeg's `setsar`).
    case sample(SampleAspectRatio)
    /// The picture's shape, width to height (FFmpeg's `-aspect` and
    /// `setdar`): the pixels' follows from the frame's size.
    case display(width: Int, height: Int)
    /// No shape: the output declares none (0:1), as FFmpeg's `setsar=0`
    /// leaves it, and players take its pixels as square.
    case undeclared

    /// The pixels' shape for frames of `width` x `height` pixels: for a
    /// display shape, as FFmpeg's setdar reduces it,
    /// (dar.width * height) : (dar.height * width); nil when undeclared.
    public func sampleAspectRatio(width: Int, height: Int) -> SampleAspectRatio? {
        switch self {
        case .undeclared:
            return nil
        case .sample(let aspect):
            return aspect
        case .display(let shapeWidth, let shapeHeight):
            return SampleAspectRatio(reducing: shapeWidth * height, shapeHeight * width) ?? .square
        }
    }
}

extension OutputAspect {
    /// Why setsar's or setdar's options were refused; `option` is the
    /// index of the option it is about.
    public enum SettingError: Error, Sendable, Equatable {
        /// The ratio is not a positive ratio or 0.
        case notARatio(String, option: Int)
        /// max is not a positive whole number.
        case notAMaximum(String, option: Int)
        /// An option neither filter has.
        case unknownOption(String, option: Int)
        /// No ratio was given.
        case noRatio

        /// The error in one line for `filter` (setsar or setdar).
        public func reason(filter: String) -> String {
            switch self {
            case .notARatio(let text, _): return SampleAspectRatio.refusal(text, option: filter)
            case .notAMaximum: return "max takes a positive whole number"
            case .unknownOption(let name, _): return "unknown option '\(name)' (r, max)"
            case .noRatio: return "give the ratio (\(filter)=\(filter == "setdar" ? "16/9" : "1"))"
            }
        }
    }

    /// FFmpeg's setsar (`display` false) or setdar options, in the order
    /// written (`1`, `sar=10/11`, `r=0.9:max=10`, `16/9`; positional: the
    /// ratio, then max): the ratio as `16/9`, `16:9` or a decimal, its
    /// terms at most max (100), as FFmpeg's reduces it. A zero ratio is
    /// setsar's undeclared shape and setdar's square pixels, as FFmpeg
    /// writes them.
    public init(setting options: [(key: String?, value: String)], display: Bool) throws(SettingError) {
        var ratio: String?
        var ratioAt: Int?
        var max = 100
        let aliases: Set<String> = ["r", "ratio", display ? "dar" : "sar"]
        for (index, option) in options.enumerated() {
            let key = option.key ?? (index == 0 ? "r" : index == 1 ? "max" : "")
            let text = option.value.trimmingCharacters(in: .whitespaces)
            if aliases.contains(key) {
                ratio = text
                ratioAt = index
            } else if key == "max" {
                guard let bound = Int(text), bound > 0 else { throw .notAMaximum(text, option: index) }
                max = bound
            } else {
                throw .unknownOption(key.isEmpty ? text : key, option: index)
            }
        }
        guard let ratio, let at = ratioAt, !ratio.isEmpty else { throw .noRatio }
        if Self.isZero(ratio) {
            self = display ? .sample(.square) : .undeclared
            return
        }
        guard let shape = SampleAspectRatio(parsing: ratio, max: max) else { throw .notARatio(ratio, option: at) }
        self = display ? .display(width: shape.width, height: shape.height) : .sample(shape)
    }

    /// True for a ratio of zero: `0`, `0.0`, `0/1`, `0:5`.
    private static func isZero(_ ratio: String) -> Bool {
        let parts = ratio.split(separator: ratio.contains(":") ? ":" : "/", omittingEmptySubsequences: false)
        guard let numerator = Double(parts[0]), numerator == 0 else { return false }
        return parts.count == 1 || (parts.count == 2 && (Int(parts[1]) ?? 0) > 0)
    }
}
