import Harbeth

/// A sink that writes nothing: it checks and counts the frames and lets
/// them go, so a pipeline can be measured without encoding (the CLI's
/// `--null`). It keeps the recorder's lifecycle: `begin` once, frames,
/// then `finish()` or `cancel()`; a finish after a cancel throws
/// `recordingCancelled`, and a finish without frames `noFramesWritten`.
public final class NullSink: FrameSink {
    /// What a finished run saw.
    public struct Summary: Sendable, Equatable {
        /// Frames appended.
        public let frameCount: Int
        /// The format the frames had.
        public let format: FrameFormat
        /// Presentation time of the first frame and end of the last, in
        /// seconds, less the trim start (as a recording would have them).
        public let timeRange: ClosedRange<Double>

        /// Seconds from the first frame to the end of the last.
        public var duration: Double { timeRange.upperBound - timeRange.lowerBound }
    }

    public typealias Product = Summary

    private enum State {
        case idle
        case receiving(Receiving)
        case finished(Summary)
        case failed(MediaError)
        case cancelled
    }

    private struct Receiving {
        let input: SinkInput
        var frames = 0
        var start: Double?
        var end: Double?
    }

    /// Stands in for a path in the errors it throws.
    public let label: String
    private let state = ConditionLock(State.idle)

    /// - Parameter label: names the sink in errors (there is no file).
    public init(label: String = "null output") {
        self.label = label
    }

    public func begin(_ input: SinkInput) throws(MediaError) {
        try state.withLock { state throws(MediaError) in
            guard case .idle = state else { throw rejection(state) }
            state = .receiving(Receiving(input: input))
        }
    }

    /// Counts a frame after checking it has the format `begin` announced,
    /// as an encoder would.
    public func append(_ frame: TimedFrame) throws(MediaError) {
        try state.withLock { state throws(MediaError) in
            guard case .receiving(var receiving) = state else { throw rejection(state) }
            let expected = receiving.input.format
            guard frame.frame.width == expected.width, frame.frame.height == expected.height,
                frame.frame.layout == expected.layout
            else {
                let error = MediaError.frameFormatMismatch(
                    path: label, expected: "\(expected)", got: "\(frame.frame.format)")
                state = .failed(error)
                throw error
            }
            let base = frame.timeBase.doubleValue ?? 0
            let start = Double(frame.pts - receiving.input.startPTS) * base
            let end = start + Double(frame.duration ?? 0) * base
            receiving.frames += 1
            receiving.start = min(receiving.start ?? start, start)
            receiving.end = max(receiving.end ?? end, end)
            state = .receiving(receiving)
        }
    }

    public func finish() throws(MediaError) -> Summary {
        try state.withLock { state throws(MediaError) -> Summary in
            switch state {
            case .finished(let summary):
                return summary
            case .receiving(let receiving):
                guard receiving.frames > 0, let start = receiving.start, let end = receiving.end else {
                    let error = MediaError.noFramesWritten(path: label)
                    state = .failed(error)
                    throw error
                }
                let summary = Summary(
                    frameCount: receiving.frames, format: receiving.input.format, timeRange: start...max(start, end))
                state = .finished(summary)
                return summary
            case .idle, .failed, .cancelled:
                throw rejection(state)
            }
        }
    }

    public func cancel() {
        state.withLock { state in
            switch state {
            case .idle, .receiving: state = .cancelled
            case .finished, .failed, .cancelled: break
            }
        }
    }

    private func rejection(_ state: State) -> MediaError {
        switch state {
        case .cancelled: return .recordingCancelled(path: label)
        case .failed(let error): return error
        case .idle: return .recorderNotRecording(path: label, state: "idle")
        case .receiving: return .recorderNotRecording(path: label, state: "recording")
        case .finished: return .recorderNotRecording(path: label, state: "finished")
        }
    }
}
