import Foundation
import HarbethTestSupport
import XCTest

/// `-vf hue=...` is FFmpeg's hue (as `yuv_hue`): the same recipe gives
/// FFmpeg's pictures, every frame as shown (in RGB) within a stated PSNR
/// of FFmpeg 5.1's own hue on the same decoded clip, in the clip's own
/// matrix (BT.601 for the untagged clip, BT.709 for the tagged one).
/// Before, `hue=s=0` (the FFmpeg user's greyscale) was an unknown
/// parameter of catalog hue.
///
/// As shown, not as stored: FFmpeg's hue keeps codes no RGB colour has
/// (a turned vivid colour, a luma pushed below 16 or above 235), which a
/// player clips; our frames pass through RGB and are clipped there, so
/// their stored codes differ (25 to 35 dB) where the pictures do not.
final class HueCLITests: XCTestCase {
    /// testsrc2 tagged BT.709, 4:2:0 in FFV1.
    private func tagged() throws -> String {
        try TestMedia.clip(
            "hue-bt709.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25", "-t", "0.4", "-c:v", "ffv1", "-pix_fmt",
                "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
            ])
    }

    func testFFmpegsHueRecipesGiveFFmpegsFrames() throws {
        let folder = try Clips.folder(with: [try Clips.video(), try tagged()])
        // Where the result has no RGB colour (a vivid colour turned or
        // darkened past what RGB holds), ours is clipped in RGB before its
        // chroma is subsampled and FFmpeg's after: those recipes' bounds
        // are lower (measured 40.0, 42.4 and 44.7 dB at the worst frame).
        let cases: [(recipe: String, minimum: Double)] = [
            ("hue=s=0", 45), ("hue=h=90:s=0.5", 45), ("hue=30:0.6", 45), ("hue=H=PI/4:s=0.7:b=0.4", 44),
            ("hue=b=-1.5", 39), ("hue=h='90*t':s=0.8", 41.5),
        ]
        for input in ["cli-clip.mp4", "hue-bt709.mkv"] {
            for (recipe, minimum) in cases {
                let run = try Tool.run(
                    ["-vf", recipe, "--codec", "ffv1", "-an", "-y", "-q", "-o", "ours.mkv", input], in: folder)
                XCTAssertEqual(run.status, 0, run.stderr)
                guard run.status == 0 else { continue }
                let reference = folder.appendingPathComponent("theirs.mkv").path
                try TestMedia.run(
                    "ffmpeg",
                    [
                        "-hide_banner", "-loglevel", "error", "-y", "-i", folder.appendingPathComponent(input).path,
                        "-vf", recipe, "-an", "-c:v", "ffv1", reference,
                    ])
                let ours = folder.appendingPathComponent("ours.mkv").path
                XCTAssertEqual(try Clips.frameCount(ours), try Clips.frameCount(reference), "\(input) \(recipe)")
                let values = try Clips.framePSNRs(ours, reference, asShown: true)
                XCTAssertFalse(values.isEmpty)
                XCTAssertGreaterThanOrEqual(values.min() ?? 0, minimum, "\(input) \(recipe): worst frame's PSNR")
            }
        }
    }

    /// What FFmpeg refuses is one line here too, and nothing is written.
    func testABadHueIsOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        for (recipe, message) in [
            ("hue=h=10:H=1", "expected h or H, not both"), ("hue=s=11", "out of range"),
        ] {
            let run = try Tool.run(["-vf", recipe, "-y", "-o", "refused.mp4", "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("refused.mp4").path))
    }
}
