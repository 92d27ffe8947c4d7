import Foundation
import Harbeth

/// Several inputs as one source, synchronised by presentation time as
/// FFmpeg's framesync does: input 0 times the run (each of its frames is
/// one output frame, with its timestamps), and every other input supplies
/// the frame it shows at that time, counted from its own first frame and
/// shifted by its offset (an `xfade`'s second video starts at the
/// transition): before its first frame the first, after its last the last.
/// The frames ride along as `TimedFrame.companions`, which a graph
/// processor hands to the graph's inputs 1, 2, ...
///
/// It keeps the `FrameSource` contract for the whole run: `stop()` stops
/// every input and delivers one finish; a failing input fails the run.
public final class SynchronizedSource: FrameSource {
    /// When the run ends.
    public enum EndRule: String, Sendable, CaseIterable {
        /// When input 0 ends (FFmpeg overlay's default): the others repeat
        /// their last frame if they end first.
        case first
        /// When any input ends.
        case shortest
        /// When every input has ended: after input 0 ends, its last frame
        /// repeats at its frame rate (what an `xfade` into a longer video
        /// needs).
        case longest
    }

    /// The inputs; input 0 times the run.
    public let inputs: [any FrameSource]
    /// Seconds of the run at which each input's first frame shows (0 for input 0).
    public let offsets: [Double]
    /// When the run ends.
    public let endRule: EndRule
    private let feeds: [InputFeed]
    private let delivery: FrameDelivery

    /// - Parameters:
    ///   - inputs: the sources, at least one; input 0 times the run.
    ///   - offsets: for each input, the run's time at which its first frame
    ///     shows; missing entries are 0.
    ///   - endRule: when the run ends.
    public init(inputs: [any FrameSource], offsets: [Double] = [], endRule: EndRule = .first) {
        precondition(!inputs.isEmpty, "a synchronized source needs an input")
        self.inputs = inputs
        self.offsets = inputs.indices.map { $0 < offsets.count && $0 > 0 ? offsets[$0] : 0 }
        self.endRule = endRule
        feeds = inputs.map { _ in InputFeed() }
        delivery = FrameDelivery(policy: .lossless, label: "kakapos.synchronized.delivery")
    }

    public var frameFormat: FrameFormat { inputs[0].frameFormat }

    public var expectedFrameCount: Int? {
        endRule == .longest && inputs.count > 1 ? nil : inputs[0].expectedFrameCount
    }

    public var summary: SourceSummary { delivery.summary }

    /// Input 0's timing, tags and streams (its audio is the run's).
    public func sinkInput(format: FrameFormat, maps: [StreamMap], keepTimestamps: Bool) throws(MediaError)
        -> SinkInput
    {
        var input = try inputs[0].sinkInput(format: format, maps: maps, keepTimestamps: keepTimestamps)
        input.expectedFrameCount = expectedFrameCount
        return input
    }

    public func start(_ handler: @escaping @Sendable (SourceEvent) -> Void) throws(MediaError) {
        guard delivery.start(handler, threadName: "kakapos.synchronize", produce: { [self] in produce() }) else {
            throw .sourceAlreadyStarted(path: "synchronized source")
        }
        for (input, feed) in zip(inputs, feeds) {
            do {
                try input.start { feed.receive($0) }
            } catch {
                feed.receive(.finish(SourceFinish(reason: .failed(error), summary: SourceSummary())))
            }
        }
    }

    /// Stops every input, then delivers the one finish (the contract's).
    public func stop() {
        stopInputs()
        delivery.stop()
    }

    private func stopInputs() {
        for feed in feeds { feed.close() }
        for input in inputs { input.stop() }
    }

    // MARK: The synchronising thread

    private func produce() {
        var reason = SourceFinish.Reason.endOfStream
        var index = 0
        var last: (frame: TimedFrame, step: Int64)?
        run: while true {
            var timed: TimedFrame
            switch feeds[0].next() {
            case .closed: return
            case .failed(let error):
                reason = .failed(error)
                break run
            case .frame(let frame):
                let step = last.map { frame.pts - $0.frame.pts } ?? frame.duration ?? 0
                last = (frame, frame.duration ?? step)
                timed = TimedFrame(
                    frame: frame.frame, pts: frame.pts, duration: frame.duration, timeBase: frame.timeBase,
                    index: index)
            case .ended:
                // Input 0 ended: the run ends too, unless every input must end.
                guard endRule == .longest, inputs.count > 1, let previous = last, previous.step > 0 else {
                    if last == nil { reason = .failed(.inputHasNoFrames(index: 0)) }
                    break run
                }
                timed = TimedFrame(
                    frame: previous.frame.frame, pts: previous.frame.pts + previous.step,
                    duration: previous.frame.duration, timeBase: previous.frame.timeBase, index: index)
                // The repeated pixels at the new time (what t reads).
                timed.frame.time = timed.seconds
                last = (timed, previous.step)
            }
            let seconds = feeds[0].relativeSeconds(of: timed)
            var companions: [VideoFrame] = []
            var everyInputOver = true
            for input in 1..<max(inputs.count, 1) {
                let local = seconds - offsets[input]
                let (pulled, exhausted) = feeds[input].frame(at: local)
                switch pulled {
                case .closed: return
                case .failed(let error):
                    reason = .failed(error)
                    break run
                case .ended:
                    reason = .failed(.inputHasNoFrames(index: input))
                    break run
                case .frame(let frame):
                    companions.append(frame.frame)
                }
                // An input is over once its last frame has been shown for
                // its duration (at once, when that is unknown).
                let over = exhausted && local >= feeds[input].lastShownUntil
                if !over { everyInputOver = false }
                if over && endRule == .shortest { break run }
            }
            if endRule == .longest, feeds[0].hasEnded, everyInputOver { break run }
            timed.companions = companions
            guard delivery.offer(timed) else { return }
            index += 1
        }
        stopInputs()
        delivery.end(reason)
    }
}
