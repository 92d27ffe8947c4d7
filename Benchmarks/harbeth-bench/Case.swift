/// Which program a contestant runs.
enum Side: String, Encodable {
    /// harbeth-render.
    case ours
    /// ffmpeg, or our own run that a comparison measures against.
    case theirs
}

/// One program with fixed arguments, timed over several runs.
struct Contestant {
    /// Unique in a plan, e.g. `ours.sepia.mp4@1080p`.
    let id: String
    let side: Side
    /// What it does, for people.
    let summary: String
    let command: Command
    /// An untimed run before the timed ones: it compiles and caches shaders
    /// and pulls programs and inputs into the page cache.
    let warmup: Command?
    /// Frames each run must report (harbeth-render's `--json`), so a run that
    /// stopped early is never timed as a fast one.
    let expectedFrames: Int?
    /// The file each run writes, if any: its size is recorded, so that a
    /// difference in what the encoder did is visible.
    var outputPath: String? = nil
}

/// Contestants whose runs alternate (A B C A B C ...), so that a slow
/// spell on the shared machine falls on all of them alike.
struct Group {
    let name: String
    let repetitions: Int
    let contestants: [Contestant]
}

/// A number a comparison is made of, from contestants' medians.
enum Measure {
    /// Median wall seconds of a contestant's runs.
    case wall(String)
    /// Seconds per extra frame: (median(many) - median(one)) / extraFrames,
    /// which leaves out start-up (device, shader compilation, first decode).
    case perFrame(many: String, one: String, extraFrames: Int)
    /// Median peak resident memory (wait4's ru_maxrss), in MiB.
    case peakMemory(String)
}

enum Target {
    /// ours / reference at most this.
    case ratioAtMost(Double)
    /// ours itself at most this, in the measure's unit.
    case valueAtMost(Double)
}

/// One row of the table: the item number, what is compared, and
/// the target when the issue sets one.
struct Comparison {
    let item: Int
    let title: String
    let ours: Measure
    let reference: Measure?
    let target: Target?
}

extension Measure {
    /// The contestants it reads.
    var ids: [String] {
        switch self {
        case .wall(let id), .peakMemory(let id): return [id]
        case .perFrame(let many, let one, _): return [many, one]
        }
    }
}

extension Comparison {
    /// The contestants it reads, on both sides.
    var ids: [String] { ours.ids + (reference?.ids ?? []) }
}
