import Foundation
import HarbethTestSupport
import XCTest

/// `-vf colorlevels=...` is FFmpeg's: its sixteen points, each channel's
/// table of codes as FFmpeg computes it, so on RGB input every frame is
/// FFmpeg's exactly (each frame's MD5); on YUV input FFmpeg converts to RGB
/// with swscale and we convert in floats (PSNR stated). Before, colorlevels
/// was an unknown filter.
final class ColorLevelsCLITests: XCTestCase {
    func testColorLevelsOnRGBAreFFmpegsExactly() throws {
        let folder = try Clips.folder(with: [
            try Clips.testPattern("colorlevels-rgb.mkv", size: "160x120", format: "bgr0")
        ])
        try FFmpegParity.assertExactlyFFmpegs(
            [
                "colorlevels=rimin=0.058:gimin=0.058:bimin=0.058", "colorlevels=rimax=0.8:gomin=0.1:bomax=0.7",
                "colorlevels=rimin=0.2:rimax=0.9:romin=0.05:romax=0.95",
            ], inputs: ["colorlevels-rgb.mkv"], in: folder)
    }

    func testColorLevelsOnYUVAreNearFFmpegs() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let recipe = "colorlevels=rimin=0.058:gimin=0.058:bimin=0.058"
        let run = try Tool.run(
            ["-vf", recipe, "--codec", "ffv1", "-an", "-y", "-o", "ours.mkv", "cli-clip.mp4"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let reference = try Clips.ffmpegFiltered(folder, input: "cli-clip.mp4", filter: recipe)
        for psnr in try Clips.framePSNRs(folder.appendingPathComponent("ours.mkv").path, reference) {
            XCTAssertGreaterThan(psnr, 40)
        }
        // FFmpeg's automatic levels (a negative input point) are not taken.
        try Tool.assertUsageError(
            ["-vf", "colorlevels=rimin=-1", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'colorlevels=rimin=-1': colorlevels rimin=-1 is out of range at column 19; allowed 0...1")
    }
}
