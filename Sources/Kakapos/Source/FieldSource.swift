import Foundation
import Harbeth

/// The frames before and after one a deinterlacer reads, and the field its
/// output shows (`TimedFrame.fields`).
public struct FieldNeighbours: Sendable {
    /// The frame before, nil for the run's first (the frame stands in).
    public var previous: VideoFrame?
    /// The frame after, nil for the run's last (the frame stands in).
    public var next: VideoFrame?
    /// Which field, and what the run knows of the frame.
    public var window: FieldWindow

    /// Neighbours and a window; see the properties.
    public init(previous: VideoFrame?, next: VideoFrame?, window: FieldWindow) {
        self.previous = previous
        self.next = next
        self.window = window
    }
}

/// A source for a deinterlacing run, as FFmpeg's bwdif keeps its frames:
/// it holds one frame back, so each frame it delivers carries the frames
/// around it (`TimedFrame.fields`, which a `GraphProcessor` whose chain
/// starts with `deinterlace` reads), and at the field rate it delivers two
/// frames for each interlaced one, at twice the rate in a time base half
/// the input's. The output is tagged progressive.
///
/// It keeps the `FrameSource` contract: `stop()` stops the input and
/// delivers one finish; a failing input fails the run.
public final class FieldSource: FrameSource {
    /// The frames to deinterlace.
    public let input: any FrameSource
    /// One output frame for each field rather than each frame.
    public let fieldRate: Bool
    /// Frames not flagged interlaced pass as they are (one frame each).
    public let onlyInterlaced: Bool
    /// The field order to assume; nil reads each frame's flags (top first
    /// when unflagged, as bwdif does).
    public let topFieldFirst: Bool?
    private let feed = InputFeed()
    private let delivery = FrameDelivery(policy: .lossless, label: "kakapos.fields.delivery")

    /// - Parameters:
    ///   - input: the source to deinterlace.
    ///   - fieldRate: one frame per field (twice the rate) instead of per frame.
    ///   - onlyInterlaced: pass frames not flagged interlaced as they are.
    ///   - topFieldFirst: the field order to assume; nil reads the flags.
    public init(input: any FrameSource, fieldRate: Bool, onlyInterlaced: Bool = false, topFieldFirst: Bool? = nil) {
        self.input = input
        self.fieldRate = fieldRate
        self.onlyInterlaced = onlyInterlaced
        self.topFieldFirst = topFieldFirst
    }

    /// A source for the deinterlace filter that starts `chain`, with its
    /// values (`mode`, `parity`, `deint`); nil when the chain does not
    /// start with one.
    public convenience init?(input: any FrameSource, chain: FilterChain) {
        guard let filter = chain.filters.first, filter.readsNeighbouringFrames else { return nil }
        let parity = filter.values.text("parity")
        self.init(
            input: input, fieldRate: filter.values.text("mode") == "send_field",
            onlyInterlaced: filter.values.text("deint") == "interlaced",
            topFieldFirst: parity == "auto" ? nil : parity == "tff")
    }

    /// The output time base for `base`: half of it where it can be exact
    /// (multiplier 2); else `base`, whose times are then halved (1), as
    /// FFmpeg falls back to.
    private static func halved(_ base: Rational, fieldRate: Bool) -> (Int64, Rational) {
        guard fieldRate else { return (1, base) }
        if base.numerator % 2 == 0 { return (2, Rational(base.numerator / 2, base.denominator)) }
        if base.denominator <= Int32.max / 2 { return (2, Rational(base.numerator, base.denominator * 2)) }
        return (1, base)
    }

    public var frameFormat: FrameFormat { input.frameFormat }

    public var expectedFrameCount: Int? {
        guard let count = input.expectedFrameCount else { return nil }
        if !fieldRate { return count }
        return onlyInterlaced ? nil : count * 2
    }

    public var summary: SourceSummary { delivery.summary }

    /// The input's, tagged progressive; at the field rate in the halved
    /// time base at twice the frame rate.
    public func sinkInput(format: FrameFormat, maps: [StreamMap], keepTimestamps: Bool) throws(MediaError)
        -> SinkInput
    {
        var sink = try input.sinkInput(format: format, maps: maps, keepTimestamps: keepTimestamps)
        sink.fieldOrder = .progressive
        sink.expectedFrameCount = expectedFrameCount
        guard fieldRate else { return sink }
        let (multiplier, base) = Self.halved(sink.timeBase, fieldRate: true)
        sink.timeBase = base
        sink.startPTS *= multiplier
        if let rate = sink.frameRate, rate.denominator != 0 {
            sink.frameRate =
                rate.denominator % 2 == 0
                ? Rational(rate.numerator, rate.denominator / 2) : Rational(rate.numerator * 2, rate.denominator)
        }
        return sink
    }

    public func start(_ handler: @escaping @Sendable (SourceEvent) -> Void) throws(MediaError) {
        guard delivery.start(handler, threadName: "kakapos.fields", produce: { [self] in produce() }) else {
            throw .sourceAlreadyStarted(path: "field source")
        }
        feed.start(input)
    }

    /// Stops the input, then delivers the one finish (the contract's).
    public func stop() {
        feed.close(stopping: input)
        delivery.stop()
    }

    // MARK: The window's thread

    /// What the thread carries from frame to frame.
    private struct Window {
        var previous: TimedFrame?
        var current: TimedFrame?
        /// bwdif makes the first field it deinterlaces from the field alone.
        var firstFieldPending = true
        var index = 0
    }

    private func produce() {
        var reason = SourceFinish.Reason.endOfStream
        var window = Window()
        run: while true {
            switch feed.next() {
            case .closed: return
            case .failed(let error):
                reason = .failed(error)
                break run
            case .frame(let frame):
                guard let current = window.current else {
                    window.current = frame
                    continue
                }
                guard deliver(current, next: frame, last: false, window: &window) else { return }
                window.previous = current
                window.current = frame
            case .ended:
                if let current = window.current {
                    guard deliver(current, next: nil, last: true, window: &window) else { return }
                }
                break run
            }
        }
        feed.close(stopping: input)
        delivery.end(reason)
    }

    /// Delivers the output frames of `current`; false once stopped.
    private func deliver(_ current: TimedFrame, next: TimedFrame?, last: Bool, window: inout Window) -> Bool {
        let order = current.fieldOrder ?? .progressive
        let interlaced = order.isInterlaced
        let topFirst = topFieldFirst ?? (interlaced ? order == .topFirst || order == .bottomCodedTopFirst : true)
        let deinterlaced = !(onlyInterlaced && !interlaced)
        let fields = fieldRate && deinterlaced ? 2 : 1
        // The next frame's time; after the last, one step on (FFmpeg's).
        let step = window.previous.map { current.pts - $0.pts } ?? current.duration ?? 1
        let nextPTS = next?.pts ?? current.pts + step
        let (ptsMultiplier, outputTimeBase) = Self.halved(current.timeBase, fieldRate: fieldRate)
        for field in 0..<fields {
            let second = field == 1
            var spatialOnly = false
            if deinterlaced {
                spatialOnly = (window.firstFieldPending && !second) || (fieldRate && last && second)
                if !second { window.firstFieldPending = false }
            }
            let pts: Int64
            let duration: Int64?
            if !fieldRate {
                (pts, duration) = (current.pts, current.duration)
            } else if fields == 1 {
                (pts, duration) = (current.pts * ptsMultiplier, current.duration.map { $0 * ptsMultiplier })
            } else {
                let times = second ? current.pts + nextPTS : current.pts * 2
                pts = ptsMultiplier == 2 ? times : times / 2
                duration = current.duration.map { ptsMultiplier == 2 ? $0 : $0 / 2 }
            }
            var frame = current.frame
            let seconds = Double(pts) * (outputTimeBase.doubleValue ?? 0)
            frame.time = seconds
            var timed = TimedFrame(
                frame: frame, pts: pts, duration: duration, timeBase: outputTimeBase, index: window.index)
            timed.companions = current.companions
            timed.endedInputs = current.endedInputs
            // Sound that plays from this frame on rides with its first field.
            if !second { timed.audio = current.audio }
            timed.fieldOrder = .progressive
            timed.fields = FieldNeighbours(
                previous: window.previous?.frame, next: next?.frame,
                window: FieldWindow(
                    topFieldFirst: topFirst, isSecondField: second, isInterlaced: interlaced,
                    spatialOnly: spatialOnly))
            guard delivery.offer(timed) else { return false }
            window.index += 1
        }
        return true
    }
}
