import CFFmpeg
import Foundation
import Harbeth

/// A source whose frames are retimed as FFmpeg's `setpts` retimes them:
/// each frame's timestamp is an expression of its own (`PTS`, `N`, `T`,
/// `STARTPTS`, `TB`, `FRAME_RATE`, `PREV_OUTPTS`, ...; see
/// `TimestampVariables`) in the stream's time base, on the output's
/// timeline, where the file starts at 0 as FFmpeg's timestamps do once it
/// has moved its input there. `setpts=0.5*PTS` plays twice as fast,
/// `setpts=N/(25*TB)` at 25 frames a second whatever the input's times.
///
/// Where it sits decides the time filters see, as for `FrameRateSource`:
/// before them the new times, after them each frame's own. The frames, and
/// every other stream, are left as they are. It keeps the `FrameSource`
/// contract by passing the input's events on, one at a time, as they come.
public final class RetimedSource: FrameSource {
    /// The frames to retime.
    public let input: any FrameSource
    /// The new timestamp of a frame (`ParameterExpression.Names.timestamp`).
    public let expression: ParameterExpression
    /// Before or after the filters.
    public let placement: FrameRateSource.Placement
    private let state = Locked(State())

    private struct State {
        /// The output's zero in the input's ticks (its start), once known.
        var zero: Int64?
        var frameRate: Double = .nan
        var start: Int64?
        var previousIn: Int64?
        var previousOut: Int64?
        var count = 0
    }

    /// - Parameters:
    ///   - input: the source whose frames to retime.
    ///   - expression: each frame's new timestamp, parsed with `.timestamp` names.
    ///   - placement: before or after the filters.
    public init(input: any FrameSource, expression: ParameterExpression, placement: FrameRateSource.Placement) {
        self.input = input
        self.expression = expression
        self.placement = placement
    }

    public var frameFormat: FrameFormat { input.frameFormat }
    public var expectedFrameCount: Int? { input.expectedFrameCount }
    public var summary: SourceSummary { input.summary }

    /// The input's, with the frame rate the expression makes of the
    /// input's (from one frame's step at the start).
    public func sinkInput(format: FrameFormat, maps: [StreamMap], keepTimestamps: Bool) throws(MediaError)
        -> SinkInput
    {
        var sink = try input.sinkInput(format: format, maps: maps, keepTimestamps: keepTimestamps)
        let rate = sink.frameRate?.doubleValue ?? .nan
        state.withLock {
            $0.zero = sink.startPTS
            $0.frameRate = rate
        }
        if let base = sink.timeBase.doubleValue, base > 0, rate.isFinite, rate > 0 {
            var variables = ExpressionVariables()
            variables.timing.timeBase = base
            variables.timing.frameRate = rate
            let first = expression.value(variables)
            variables.n = 1
            variables.t = 1 / rate
            variables.timing.pts = 1 / rate / base
            let step = (expression.value(variables) - first) * base
            if step > 0 { sink.frameRate = Rational(av_d2q(1 / step, 100_000)) }
        }
        return sink
    }

    public func start(_ handler: @escaping @Sendable (SourceEvent) -> Void) throws(MediaError) {
        try input.start { [self] event in
            switch event {
            case .frame(let timed): handler(.frame(retimed(timed)))
            case .finish: handler(event)
            }
        }
    }

    public func stop() { input.stop() }

    /// `timed` at its new timestamp; the duration follows the expression
    /// over the frame's length.
    private func retimed(_ timed: TimedFrame) -> TimedFrame {
        let base = timed.timeBase.doubleValue ?? 0
        let (placed, length) = state.withLock { state -> (Int64, Int64?) in
            let zero = state.zero ?? timed.pts
            state.zero = zero
            let pts = timed.pts - zero
            let start = state.start ?? pts
            state.start = start
            var variables = ExpressionVariables(t: Double(pts) * base, n: Double(state.count))
            variables.timing.pts = Double(pts)
            variables.timing.startPTS = Double(start)
            variables.timing.startT = Double(start) * base
            variables.timing.timeBase = base
            variables.timing.frameRate = state.frameRate
            variables.timing.previousInPTS = state.previousIn.map(Double.init) ?? .nan
            variables.timing.previousInT = state.previousIn.map { Double($0) * base } ?? .nan
            variables.timing.previousOutPTS = state.previousOut.map(Double.init) ?? .nan
            variables.timing.previousOutT = state.previousOut.map { Double($0) * base } ?? .nan
            let value = expression.value(variables)
            var length: Int64?
            if let duration = timed.duration {
                var end = variables
                end.timing.pts = Double(pts + duration)
                end.t = Double(pts + duration) * base
                length = max(1, Int64((expression.value(end) - value).rounded()))
            }
            let out = Int64(value.rounded())
            state.previousIn = pts
            state.previousOut = out
            state.count += 1
            return (zero + out, length)
        }
        var frame = TimedFrame(
            frame: timed.frame, pts: placed, duration: length, timeBase: timed.timeBase, index: timed.index)
        frame.companions = timed.companions
        frame.endedInputs = timed.endedInputs
        frame.audio = timed.audio
        frame.otherOutputs = timed.otherOutputs
        frame.fieldOrder = timed.fieldOrder
        frame.fields = timed.fields
        switch placement {
        case .beforeFilters:
            frame.filterTime = timed.filterTime
        case .afterFilters:
            // Filters see the frame's own time, as if they ran before.
            frame.filterTime = FrameTime(index: timed.time.index, seconds: timed.filterTime?.seconds ?? timed.seconds)
        }
        return frame
    }
}
