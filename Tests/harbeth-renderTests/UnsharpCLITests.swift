import Foundation
import HarbethTestSupport
import XCTest

/// `-vf unsharp=...` is FFmpeg's: its options (long and short names, in
/// FFmpeg's order) and its fixed point, run on the planes for 8-bit planar
/// YUV, so every frame is FFmpeg's exactly (each frame's MD5) at an even
/// and an odd size and on 4:2:2 and 4:4:4, sharpening and blurring, luma and
/// chroma. Before, unsharp was an unknown filter (`did you mean
/// 'unsharp_mask'?`).
final class UnsharpCLITests: XCTestCase {
    func testUnsharpOnThePlanesIsFFmpegsExactly() throws {
        let folder = try Clips.folder(with: [
            try Clips.video(), try Clips.testPattern("unsharp-odd.mkv", size: "161x121", format: "yuv420p"),
            try Clips.testPattern("unsharp-422.mkv", size: "160x120", format: "yuv422p"),
            try Clips.testPattern("unsharp-444.mkv", size: "160x120", format: "yuv444p"),
        ])
        let recipes = [
            "unsharp", "unsharp=5:5:1.0:5:5:0.0", "unsharp=3:3:1.5", "unsharp=7:7:-2",
            "unsharp=luma_msize_x=13:luma_msize_y=13:luma_amount=2.5", "unsharp=lx=23:ly=3:la=0.3:cx=3:cy=3:ca=1.2",
            "unsharp=5:5:0.8:9:7:-0.7", "unsharp=la=5:lx=3:ly=23",
            // After another filter on the planes: segments, each FFmpeg's.
            "drawgrid=w=iw/4:h=ih/4:t=2:c=white,unsharp=7:7:1.5",
        ]
        try FFmpegParity.assertExactlyFFmpegs(
            recipes, inputs: ["cli-clip.mp4", "unsharp-odd.mkv", "unsharp-422.mkv", "unsharp-444.mkv"], in: folder,
            plan: "unsharp on the planes")
    }

    func testFFmpegsLimitsAreOneLine() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        try Tool.assertUsageError(
            ["-vf", "unsharp=4:5", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'unsharp=4:5': unsharp luma_msize_x='4' is invalid; expected an odd size, 3...23")
        try Tool.assertUsageError(
            ["-vf", "unsharp=lx=15:ly=15", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'unsharp=lx=15:ly=15': unsharp luma_msize_y='15' is invalid; expected a mask of"
                + " 15x15 or smaller: FFmpeg's limit is half sizes that add up to 12 (13x13, 23x3)")
        try Tool.assertUsageError(
            ["-vf", "unsharp=lx=5:q=1", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'unsharp=lx=5:q=1': unsharp has no parameter 'q' at column 14; valid: luma_msize_x,"
                + " luma_msize_y, luma_amount, chroma_msize_x, chroma_msize_y, chroma_amount, alpha_msize_x,"
                + " alpha_msize_y, alpha_amount")
    }
}
