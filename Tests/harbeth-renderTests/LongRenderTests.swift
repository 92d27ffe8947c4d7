import Dispatch
import Foundation
import HarbethTestSupport
import XCTest

/// A long render keeps its memory flat: a bounded ring of frames in
/// flight, slots reused, nothing kept per frame beyond what the container's
/// index needs.
final class LongRenderTests: XCTestCase {
    /// 10 s of 64x48 at 1000 fps: 10,000 frames, small enough that the
    /// render takes seconds, numerous enough that a leak of about 1.5 KB a
    /// frame (5% of ~185 MB over the 7,500 frames after warm-up) fails.
    private func longClip() throws -> String {
        try TestMedia.clip(
            "cli-long.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=1000", "-t", "10", "-c:v", "libx264", "-preset",
                "ultrafast", "-pix_fmt", "yuv420p",
            ])
    }

    /// The resident set of process `pid` in bytes, from /proc (nil once it is gone).
    private static func residentBytes(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]), pages > 0 else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    func testTenThousandFramesKeepResidentMemoryFlat() throws {
        let folder = try Clips.folder(with: [try longClip()])
        let running = try Tool.start(["-vf", "sepia", "-o", "out.mp4", "cli-long.mp4"], in: folder, timeLimit: 300)
        // Measurement only: a timer samples the child's resident set every
        // 10 ms while it runs; the verdict is a ratio of samples.
        let pid = running.process.processIdentifier
        let samples = LockedBox<[(time: Double, bytes: Int)]>([])
        let started = DispatchTime.now()
        let sampling = DispatchQueue(label: "test.rss")
        let timer = DispatchSource.makeTimerSource(queue: sampling)
        timer.schedule(deadline: .now(), repeating: .milliseconds(10))
        timer.setEventHandler {
            guard let bytes = Self.residentBytes(pid) else { return }
            let time = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            samples.set(samples.value + [(time, bytes)])
        }
        timer.resume()
        let run = running.finish()
        timer.cancel()
        sampling.sync {}  // no sample is being taken any more

        XCTAssertFalse(run.timedOut)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("10000 frames"), run.stderr)
        XCTAssertEqual(
            try Clips.probe("stream=nb_frames", stream: "v:0", of: folder.appendingPathComponent("out.mp4").path),
            ["10000"])

        // Warm-up: the first quarter of the run (device, shader compiles,
        // the encoder's lookahead, the frame ring filling). The baseline is
        // the largest resident set in the quarter after it; the verdict is
        // the largest in the rest of the run against it.
        let all = samples.value
        XCTAssertGreaterThan(all.count, 40, "too few samples to judge")
        guard let end = all.last?.time, all.count > 40 else { return }
        let baseline = all.filter { $0.time >= end * 0.25 && $0.time < end * 0.5 }.map(\.bytes).max() ?? 0
        let later = all.filter { $0.time >= end * 0.5 }.map(\.bytes).max() ?? 0
        let growth = Double(later - baseline) / Double(max(baseline, 1))
        print(
            String(
                format: "LongRenderTests: %d frames, %d RSS samples over %.2f s, %.1f MB after warm-up, "
                    + "%.1f MB at most later: %+.2f%%", 10_000, all.count, end, Double(baseline) / 1e6,
                Double(later) / 1e6, growth * 100))
        XCTAssertGreaterThan(baseline, 0)
        XCTAssertLessThan(growth, 0.05, "resident memory grew \(growth * 100)% after warm-up")
    }
}
