extension ParameterExpression {
    /// Whether this timestamp expression (`Names.timestamp`) is FFmpeg's
    /// `PTS-STARTPTS` however it is written: each frame's time counted
    /// from the stream's first frame, which every input of a run already
    /// has here (a file starts at 0, and each input of a graph counts from
    /// its own first frame), so setpts with it changes nothing.
    ///
    /// Decided by value: the expression gives `PTS - STARTPTS` at frames
    /// of different streams (time bases, rates, starts, indices).
    public var isTimeFromStart: Bool {
        let frames: [(pts: Double, start: Double, timeBase: Double, rate: Double, n: Double)] = [
            (0, 0, 1.0 / 90_000, 25, 0), (3_600, 0, 1.0 / 90_000, 25, 1), (48_048, 1_001, 1.0 / 24_000, 23.976, 47),
            (7, 2, 1.0 / 25, 25, 5), (1_234_567, 1_000, 1.0 / 1_000, 60, 74_000), (512, 512, 1.0 / 12_800, 50, 0),
        ]
        return frames.allSatisfy { frame in
            var variables = ExpressionVariables(t: frame.pts * frame.timeBase, n: frame.n)
            variables.timing.pts = frame.pts
            variables.timing.startPTS = frame.start
            variables.timing.startT = frame.start * frame.timeBase
            variables.timing.timeBase = frame.timeBase
            variables.timing.frameRate = frame.rate
            variables.timing.previousInPTS = frame.pts - 1
            variables.timing.previousInT = (frame.pts - 1) * frame.timeBase
            variables.timing.previousOutPTS = frame.pts - frame.start - 1
            variables.timing.previousOutT = (frame.pts - frame.start - 1) * frame.timeBase
            return abs(value(variables) - (frame.pts - frame.start)) < 1e-6
        }
    }
}
