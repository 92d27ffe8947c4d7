/// Where a frame is in its run: its index (0 for the first frame
/// delivered) and its presentation time in seconds. Per-frame chains
/// (`GraphProcessor(renderer:output:chain:)` in Kakapos) are made from it,
/// and animated parameters read it as `t` and `n`.
public struct FrameTime: Sendable, Hashable {
    /// 0 for the first frame delivered, counting up.
    public var index: Int
    /// Seconds on the run's timeline.
    public var seconds: Double

    /// The time of frame number `index` (0 for the first delivered), shown at `seconds` on the run's timeline.
    public init(index: Int, seconds: Double) {
        self.index = index
        self.seconds = seconds
    }
}
