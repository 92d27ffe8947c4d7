import Foundation
import Kakapos

/// The progress line on a terminal's standard error: frames done of the
/// total, frames per second, speed relative to real time and the time left,
/// redrawn at most ten times a second.
final class ProgressLine: @unchecked Sendable {
    // @unchecked: `lastDraw` and `ended` are only touched on the pipeline's
    // observer queue, one callback at a time.
    private let console: Console
    private let frameRate: Double?
    /// The source's drops so far (a live input's `--drop`).
    private let dropped: @Sendable () -> Int
    private var lastDraw: ContinuousClock.Instant?
    private var ended = false

    /// - Parameter frameRate: the input's frames per second, for the speed.
    init(console: Console, frameRate: Double?, dropped: @escaping @Sendable () -> Int = { 0 }) {
        self.console = console
        self.frameRate = frameRate
        self.dropped = dropped
    }

    /// Draws the progress unless it was drawn less than 0.1 s ago; the last
    /// frame is always drawn.
    func update(_ progress: PipelineProgress) {
        guard !ended else { return }
        let now = ContinuousClock.now
        let last = progress.totalFrames.map { progress.framesDone >= $0 } ?? false
        if let lastDraw, now - lastDraw < .milliseconds(100), !last { return }
        lastDraw = now
        console.progress(Self.text(progress, frameRate: frameRate, dropped: dropped()))
    }

    /// Stops drawing and ends the line.
    func end() {
        ended = true
        console.endProgress()
    }

    /// `frame 12/25  48%  31.2 fps  1.25x  ETA 0:00:01`; without a known
    /// total, the frame count, fps and speed only; then the frames a live
    /// input dropped, if any (`3 dropped`).
    static func text(_ progress: PipelineProgress, frameRate: Double?, dropped: Int = 0) -> String {
        let done = progress.framesDone
        let fps = progress.framesPerSecond
        var parts: [String] = []
        if let total = progress.totalFrames, total > 0 {
            parts.append("frame \(done)/\(total)")
            // Rounded down: 100% only when every frame is done.
            parts.append(String(format: "%3d%%", Int(100 * (progress.fractionDone ?? 0))))
        } else {
            parts.append("frame \(done)")
        }
        parts.append(String(format: "%.1f fps", fps))
        if let frameRate, frameRate > 0, progress.elapsed > 0 {
            parts.append(String(format: "%.2fx", Double(done) / frameRate / progress.elapsed))
        }
        if let total = progress.totalFrames, total > done, fps > 0 {
            parts.append("ETA " + clock(Double(total - done) / fps))
        }
        if dropped > 0 { parts.append("\(dropped) dropped") }
        return parts.joined(separator: "  ")
    }

    /// h:mm:ss.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
    }
}
