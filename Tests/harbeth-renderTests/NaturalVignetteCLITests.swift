import Foundation
import HarbethTestSupport
import XCTest

/// `-vf vignette=PI/4` and FFmpeg's other vignette recipes are FFmpeg's
/// vignette (`natural_vignette`): its options in its order, run on the
/// planes for 8-bit planar YUV and grey with FFmpeg's dither drawn in
/// FFmpeg's order through the frames, so every sample is within one code
/// of FFmpeg's and all but a few in a hundred thousand are the same
/// (measured: 0 to 5 of 43,200 to 720,000). Before, `vignette=PI/4` was
/// catalog vignette's centre, refused as not a list of 2.
final class NaturalVignetteCLITests: XCTestCase {
    func testFFmpegsVignetteOnThePlanesIsWithinOneCodeOfFFmpegs() throws {
        let folder = try Clips.folder(with: [
            try Clips.video(), try Clips.testPattern("vignette-odd.mkv", size: "161x121", format: "yuv420p"),
            try Clips.testPattern("vignette-422.mkv", size: "160x120", format: "yuv422p"),
            try Clips.testPattern("vignette-gray.mkv", size: "161x120", format: "gray"),
        ])
        let recipes = [
            "vignette=PI/4", "vignette=angle=PI/5:dither=0", "vignette=a=PI/3:x0=20:y0=h/3",
            "vignette=PI/4:mode=backward", "vignette=a=PI/3:x0=20:y0=h/3:mode=backward",
        ]
        try FFmpegParity.assertWithinOneCodeOfFFmpegs(
            recipes, inputs: ["cli-clip.mp4", "vignette-odd.mkv", "vignette-422.mkv", "vignette-gray.mkv"],
            in: folder, plan: "natural_vignette on the planes", fraction: 0.0001)
    }

    func testOptionsFFmpegHasAndWeDoNotAreOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Tool.assertUsageError(
            ["-vf", "vignette=PI/4:aspect=2", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'vignette=PI/4:aspect=2': natural_vignette has no parameter 'aspect' at column 15; valid:"
                + " angle, x0, y0, mode, eval, dither")
    }
}
