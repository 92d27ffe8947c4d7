import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's rotate written FFmpeg's way (an angle with PI in it, or any of
/// its own options `a`, `c`, `fillcolor`, `ow`, `oh`, `out_w`, `out_h`,
/// `bilinear`) is FFmpeg's: radians clockwise, the output the input's size
/// unless ow and oh say otherwise (`rotw(a)`, `roth(a)`, `hypot(iw,ih)`),
/// black or `c` outside, the picture reaching as far as FFmpeg's does.
/// Every frame is the same size as FFmpeg 5.1's rotate makes from the same
/// clip, and within a stated PSNR of it per plane. Before, `rotate=PI/6`
/// turned the frame by half a degree (catalog rotate's angle is in
/// degrees; 5.6 dB) and `rotate=PI/2` swapped the sides.
///
/// Luma is FFmpeg's within 46 dB (measured 47.1 to 51.3 at the worst
/// frame). Chroma is bounded at 25 dB (measured 25.8 to 32.6; 23 dB and
/// 23.7 for the blue fill, whose chroma is farthest from the picture's):
/// FFmpeg turns
/// each chroma plane at its own size, we turn the RGB picture and subsample
/// the result, so where a colour edge or the turned picture's border
/// crosses a chroma sample the two differ.
final class RotateCLITests: XCTestCase {
    func testFFmpegsRotateRecipesGiveFFmpegsFrames() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let cases: [(recipe: String, size: String, luma: Double, chroma: Double)] = [
            ("rotate=PI/6", "160x120", 46, 25),
            ("rotate=a=-PI/8:c=white", "160x120", 46, 25),
            ("rotate=PI/2", "160x120", 46, 25),
            ("rotate=angle=PI/6:ow=rotw(PI/6):oh=roth(PI/6)", "199x184", 46, 25),
            ("rotate=2*PI/3:out_w='hypot(iw,ih)':out_h='hypot(iw,ih)':fillcolor=0x336699", "200x200", 46, 25),
            ("rotate=-7.5:bilinear=1:c=red@0.5", "160x120", 46, 25),
            ("rotate=PI/5:ow=rotw(PI/5)", "200x120", 46, 25),
            // Turning as the clip plays, FFmpeg's documented example.
            ("rotate=PI/3+2*PI*t/0.8", "160x120", 46, 25),
            ("rotate=a=n*PI/12:c=blue", "160x120", 46, 23),
        ]
        for (recipe, size, luma, chroma) in cases {
            let run = try Tool.run(
                ["-vf", recipe, "--codec", "ffv1", "-an", "-y", "-q", "-o", "ours.mkv", "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            guard run.status == 0 else { continue }
            let reference = folder.appendingPathComponent("theirs.mkv").path
            try TestMedia.run(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-y", "-i",
                    folder.appendingPathComponent("cli-clip.mp4").path,
                    "-vf", recipe, "-an", "-c:v", "ffv1", reference,
                ])
            let ours = folder.appendingPathComponent("ours.mkv").path
            XCTAssertEqual(try Clips.probe("stream=width,height", of: reference).joined(separator: "x"), size, recipe)
            XCTAssertEqual(try Clips.probe("stream=width,height", of: ours).joined(separator: "x"), size, recipe)
            XCTAssertEqual(try Clips.frameCount(ours), try Clips.frameCount(reference), recipe)
            for (plane, bound) in [("y", luma), ("u", chroma), ("v", chroma)] {
                let values = try Clips.framePSNRs(ours, reference, plane: plane)
                XCTAssertEqual(values.count, 25, recipe)
                XCTAssertGreaterThanOrEqual(values.min() ?? 0, bound, "\(recipe): worst frame's PSNR of \(plane)")
            }
        }
    }

    /// Catalog rotate is unchanged: degrees, quarter turns swap the sides.
    func testCatalogRotateKeepsItsDegrees() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        for (recipe, size) in [
            ("rotate=90", "120x160"), ("rotate=angle=30", "160x120"), ("rotate=30:expand=1", "199x184"),
        ] {
            let run = try Tool.run(
                ["-vf", recipe, "--codec", "ffv1", "-an", "-y", "-q", "-o", "ours.mkv", "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            let ours = folder.appendingPathComponent("ours.mkv").path
            XCTAssertEqual(try Clips.probe("stream=width,height", of: ours).joined(separator: "x"), size, recipe)
        }
    }

    /// What cannot be FFmpeg's here is one line, and nothing is written.
    func testARotateThatCannotBeFFmpegsIsOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        for (recipe, message) in [
            // Catalog rotate moves only into a size of its own.
            (
                "rotate=angle=t*10",
                "rotate angle cannot change from frame to frame at column 14 unless w and h are given: it decides"
                    + " the output size"
            ),
            (
                "rotate=PI/6:bilinear=0",
                "rotate bilinear='0' is invalid at column 22; expected 1: rotate samples bilinearly"
            ),
            (
                "rotate=PI/6:sense=1",
                "rotate has no parameter 'sense' at column 13; valid: angle (a), out_w (ow), out_h (oh), fillcolor (c), bilinear"
            ),
        ] {
            let run = try Tool.run(["-vf", recipe, "-y", "-o", "refused.mp4", "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("refused.mp4").path))
    }
}
