import Foundation
import Harbeth

/// Frames a program makes, delivered like a file's: the closure is asked
/// for frame 0, 1, 2, ... on a thread of its own, and each frame is
/// delivered under the same contract and delivery policy as an
/// `AssetSource` (`FrameSource`). The frames are `1 / frameRate` apart,
/// timestamped in the time base `1 / frameRate.numerator` units of
/// `frameRate.denominator`.
///
/// ```swift
/// let source = try GeneratedSource(format: format, frameRate: Rational(25, 1), frameCount: 50) { index in
///     try makeFrame(index)       // nil ends the source early
/// }
/// ```
public final class GeneratedSource: FrameSource {
    /// Makes frame `index`; nil ends the source, a thrown error fails it.
    public typealias Generator = @Sendable (Int) throws -> VideoFrame?

    /// The format every frame has.
    public let frameFormat: FrameFormat
    /// Frames per second.
    public let frameRate: Rational
    /// How many frames it makes, at most; nil until the generator says nil.
    public let frameCount: Int?
    private let generate: Generator
    private let delivery: FrameDelivery

    /// - Parameters:
    ///   - format: every frame's size, layout and colorimetry (a frame that
    ///     differs fails the source).
    ///   - frameRate: frames per second, a positive fraction.
    ///   - frameCount: at most this many frames; nil for as many as the
    ///     generator makes.
    ///   - delivery: how frames reach a slower consumer.
    ///   - generate: makes frame `index` on the source's own thread; nil
    ///     ends the source, a thrown error fails it (`generatorFailed`).
    public init(
        format: FrameFormat, frameRate: Rational, frameCount: Int? = nil, delivery: DeliveryPolicy = .lossless,
        generate: @escaping Generator
    ) throws(MediaError) {
        guard frameRate.isValid else { throw .invalidGeneratedFrame("the frame rate \(frameRate) is not positive") }
        if let frameCount, frameCount < 0 { throw .invalidGeneratedFrame("a negative frame count \(frameCount)") }
        self.frameFormat = format
        self.frameRate = frameRate
        self.frameCount = frameCount
        self.generate = generate
        self.delivery = FrameDelivery(policy: delivery, label: "kakapos.generated.delivery")
    }

    /// The unit of the frames' timestamps: one frame is `frameRate.denominator` of them.
    public var timeBase: Rational { Rational(1, frameRate.numerator) }

    public var expectedFrameCount: Int? { frameCount }

    public var summary: SourceSummary { delivery.summary }

    public func sinkInput(format: FrameFormat, maps: [StreamMap], keepTimestamps: Bool) throws(MediaError)
        -> SinkInput
    {
        guard maps.isEmpty else {
            throw .invalidStreamMap("--map: a generated source has no streams to choose from")
        }
        return SinkInput(
            format: format, timeBase: timeBase, frameRate: frameRate, expectedFrameCount: frameCount)
    }

    public func start(_ handler: @escaping @Sendable (SourceEvent) -> Void) throws(MediaError) {
        guard delivery.start(handler, threadName: "kakapos.generate", produce: { [self] in produce() }) else {
            throw .sourceAlreadyStarted(path: "generated source")
        }
    }

    public func stop() { delivery.stop() }

    /// Installs observation points for contract tests.
    func setTestHooks(_ hooks: SourceTestHooks) { delivery.setTestHooks(hooks) }

    private func produce() {
        var index = 0
        while frameCount.map({ index < $0 }) ?? true {
            let frame: VideoFrame?
            do {
                frame = try generate(index)
            } catch {
                delivery.end(.failed(.generatorFailed(index: index, reason: "\(error)")))
                return
            }
            guard var frame else { break }
            // Time-aware filters read the frame's own time.
            frame.time = Double(index) * Double(frameRate.denominator) / Double(frameRate.numerator)
            guard frame.format.width == frameFormat.width, frame.format.height == frameFormat.height,
                frame.layout == frameFormat.layout
            else {
                delivery.end(
                    .failed(.invalidGeneratedFrame("frame \(index) is \(frame.format), not \(frameFormat)")))
                return
            }
            let ticks = Int64(frameRate.denominator)
            let timed = TimedFrame(
                frame: frame, pts: Int64(index) * ticks, duration: ticks, timeBase: timeBase, index: index)
            guard delivery.offer(timed) else { return }
            index += 1
        }
        delivery.end(.endOfStream)
    }
}
