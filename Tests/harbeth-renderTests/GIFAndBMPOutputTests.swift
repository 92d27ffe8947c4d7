import Foundation
import HarbethTestSupport
import XCTest

/// A .gif output is an animated GIF of every frame, as FFmpeg writes one
/// (its gif encoder, 8-bit colour through swscale), and a .bmp output a
/// still, as a .png is. Each frame of the GIF is as close to the source,
/// as shown, as FFmpeg's own default GIF of it is, within 1 dB (both
/// dither to 256 colours; ours measured 26.8 dB, FFmpeg's 26.1); the BMP
/// is the source frame within 40 dB. Before, both were refused ("no
/// container for extension 'gif'"), and a .gif name was taken for a still.
final class GIFAndBMPOutputTests: XCTestCase {
    func testAGIFHoldsEveryFrameAndABMPOne() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let run = try Tool.run(["-i", "cli-clip.mp4", "-vf", "sepia=intensity=0", "-y", "ours.gif"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try Clips.probe("stream=codec_name,width,height", of: path("ours.gif")), ["gif", "160", "120"])
        XCTAssertEqual(try Clips.frameCount(path("ours.gif")), 25)
        try TestMedia.run(
            "ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path("cli-clip.mp4"), path("theirs.gif")])
        let ours = try Clips.framePSNRs(path("ours.gif"), path("cli-clip.mp4"), asShown: true)
        let theirs = try Clips.framePSNRs(path("theirs.gif"), path("cli-clip.mp4"), asShown: true)
        XCTAssertEqual(ours.count, 25)
        for (index, (mine, ffmpegs)) in zip(ours, theirs).enumerated() {
            XCTAssertGreaterThanOrEqual(mine, ffmpegs - 1, "frame \(index)")
        }

        let still = try Tool.run(["-i", "cli-clip.mp4", "-vf", "sepia=intensity=0", "-y", "ours.bmp"], in: folder)
        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertEqual(try Clips.probe("stream=codec_name", of: path("ours.bmp")), ["bmp"])
        try TestMedia.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-i", path("cli-clip.mp4"), "-frames:v", "1",
                path("first.png"),
            ])
        XCTAssertGreaterThanOrEqual(
            try Clips.framePSNRs(path("ours.bmp"), path("first.png"), asShown: true).first ?? 0, 40)
    }
}
