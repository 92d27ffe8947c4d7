import Harbeth

/// A shape an output is tagged with instead of the one its frames carry
/// (`SinkInput.sampleAspectRatio`), as FFmpeg's `-aspect`, `setsar` and
/// `setdar` set it.
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
