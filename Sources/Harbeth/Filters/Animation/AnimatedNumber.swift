/// A number parameter's value that changes from frame to frame: an
/// expression of `t`, `n`, `w` and `h`, or keyframes. It is evaluated on the
/// CPU for each frame and written into the parameter block with the other
/// values, so an animated value never compiles a shader.
///
/// In the text form: `brightness='0.2*sin(2*PI*t)'` (quoted when it holds a
/// `,` or `:`), `brightness=0@0;0.3@2` with `:ease=in_out` for the filter's
/// keyframed values.
public struct AnimatedNumber: Sendable, Hashable, CustomStringConvertible {
    /// What the value is made of.
    public enum Form: Sendable, Hashable {
        /// An expression (see `ParameterExpression`).
        case expression(ParameterExpression)
        /// Keyframes with their easing.
        case keyframes(Keyframes)
    }

    /// The expression or keyframes.
    public let form: Form

    /// An animated value of this form.
    public init(_ form: Form) { self.form = form }

    /// Parses an expression (`0.2*sin(2*PI*t)`) of `names` (a frame's
    /// unless said) or keyframes (`0@0;1@2`).
    public init(parsing text: String, easing: Easing = .linear, names: ParameterExpression.Names = .frame)
        throws(ExpressionError)
    {
        if text.contains("@") {
            form = .keyframes(try Keyframes(parsing: text, easing: easing))
        } else {
            form = .expression(try ParameterExpression(parsing: text, names: names))
        }
    }

    /// The value for one frame, before the parameter's range is applied.
    public func value(_ variables: ExpressionVariables) -> Double {
        switch form {
        case .expression(let expression): return expression.value(variables)
        case .keyframes(let keyframes): return keyframes.value(at: variables.t)
        }
    }

    /// True when the value changes from frame to frame: keyframes, or an
    /// expression of `t` or `n`.
    var changesOverTime: Bool {
        guard case .expression(let expression) = form else { return true }
        return !expression.isConstantOverTime
    }

    /// True when the value reads the filter's output size (`ow`, `oh`).
    var usesOutputSize: Bool {
        if case .expression(let expression) = form { return expression.usesOutputSize }
        return false
    }

    /// True when the value reads the size of the image an overlay places.
    var usesOverlaySize: Bool {
        if case .expression(let expression) = form { return expression.usesOverlaySize }
        return false
    }

    /// True for keyframes, which the filter's `ease` option applies to.
    var isKeyframes: Bool {
        if case .keyframes = form { return true }
        return false
    }

    /// The easing of keyframes; nil for an expression.
    var easing: Easing? {
        if case .keyframes(let keyframes) = form { return keyframes.easing }
        return nil
    }

    /// The same keyframes with another easing (an expression is unchanged).
    func eased(_ easing: Easing) -> AnimatedNumber {
        guard case .keyframes(let keyframes) = form, let eased = try? Keyframes(keyframes.points, easing: easing)
        else { return self }
        return AnimatedNumber(.keyframes(eased))
    }

    /// The text form, without the easing (the filter writes `ease=`).
    public var description: String {
        switch form {
        case .expression(let expression): return expression.text
        case .keyframes(let keyframes): return keyframes.text
        }
    }
}
