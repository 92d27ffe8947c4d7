import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's timeline option: `enable=EXPR` on a filter runs it only on the
/// frames where the expression of t, n, w and h is not 0; the others go
/// through unchanged. Recipes copied from FFmpeg's documentation give
/// FFmpeg's frames exactly (each frame's MD5), and both sides of each
/// window are seen: some frames are the input's, some the filter's. A
/// filter that changes the frame's size is refused in one line. Before,
/// `enable` was an unknown parameter of every filter.
final class TimelineCLITests: XCTestCase {
    private func ours(_ folder: URL, _ chain: String, to name: String) throws -> String {
        let run = try Tool.run(
            ["-vf", chain, "--codec", "ffv1", "-an", "-q", "-y", "-o", name, "cli-clip.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        return folder.appendingPathComponent(name).path
    }

    func testEnabledFiltersAreFFmpegsFrameForFrame() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        for (recipe, always) in [
            (
                "drawbox=x=10:y=10:w=60:h=40:color=red:t=fill:enable='between(t,0.2,0.6)'",
                "drawbox=x=10:y=10:w=60:h=40:color=red:t=fill"
            ),
            ("negate=enable='gte(n,7)'", "negate"),
            ("eq=brightness=0.2:contrast=1.3:enable='lt(t,0.5)+gt(n,20)'", "eq=brightness=0.2:contrast=1.3"),
            ("lutyuv=y=negval:enable='eq(mod(n,3),0)'", "lutyuv=y=negval"),
        ] {
            let output = try ours(folder, recipe, to: "ours.mkv")
            let reference = try Clips.ffmpegFiltered(folder, input: "cli-clip.mp4", filter: recipe)
            let frames = try FFmpegParity.pictures(output)
            XCTAssertEqual(frames.count, 25, recipe)
            XCTAssertEqual(frames, try FFmpegParity.pictures(reference), recipe)
            // Both sides of the window: the input's frames and the filter's.
            let plain = try FFmpegParity.pictures(try ours(folder, "null", to: "plain.mkv"))
            let filtered = try FFmpegParity.pictures(try ours(folder, always, to: "always.mkv"))
            let asInput = zip(frames, plain).filter { $0 == $1 }.count
            let asFiltered = zip(frames, filtered).filter { $0 == $1 }.count
            XCTAssertGreaterThan(asInput, 0, recipe)
            XCTAssertGreaterThan(asFiltered, 0, recipe)
            XCTAssertEqual(asInput + asFiltered, 25, recipe)
        }
    }

    func testASwitchThatWouldChangeTheSizeIsOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Tool.assertUsageError(
            ["-vf", "crop=80:60:enable='gt(t,1)'", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'crop=80:60:enable='gt(t,1)'': crop enable='gt(t,1)' is invalid at column 19; expected no"
                + " enable: crop changes the frame's size, which cannot change from frame to frame")
        try Tool.assertUsageError(
            ["-vf", "scale=80:-2:enable=1", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'scale=80:-2:enable=1': resize enable='1' is invalid at column 20; expected no enable:"
                + " resize changes the frame's size, which cannot change from frame to frame")
        try Tool.assertUsageError(
            ["-vf", "sepia=enable='between(t,1)'", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'sepia=enable='between(t,1)'': sepia enable='between(t,1)': between takes 3 arguments,"
                + " not 2 at column 15")
        try Tool.assertUsageError(
            ["-vf", "sepia=enable=1:enable=0", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'sepia=enable=1:enable=0': sepia enable is given twice at column 16")
    }
}
