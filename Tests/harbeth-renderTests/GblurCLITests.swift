import Foundation
import HarbethTestSupport
import XCTest

/// `-vf gblur=...` is FFmpeg's: its options in its order and its recursive
/// filter in floats, run on the planes for planar YUV and grey, so every
/// sample of every frame is within one code of FFmpeg's and all but a few
/// in ten thousand are the same (measured: 1 to 7 samples of 43,200 to
/// 172,800 on these clips, where a float lands on the other side of a
/// half). Even and odd sizes, 4:2:0, 4:2:2, 4:4:4, 10 bits, alpha and grey,
/// steps, planes and sigmaV. Before, gblur was an unknown filter (`did you
/// mean 'gaussian_blur'?`).
final class GblurCLITests: XCTestCase {
    func testGblurOnThePlanesIsWithinOneCodeOfFFmpegs() throws {
        let folder = try Clips.folder(with: [
            try Clips.video(), try Clips.testPattern("gblur-odd.mkv", size: "161x121", format: "yuv420p"),
            try Clips.testPattern("gblur-422.mkv", size: "160x120", format: "yuv422p"),
            try Clips.testPattern("gblur-444.mkv", size: "161x120", format: "yuv444p"),
        ])
        let recipes = [
            "gblur", "gblur=sigma=5", "gblur=20", "gblur=sigma=3:steps=4", "gblur=sigma=8:planes=1",
            "gblur=sigma=2:steps=2:sigmaV=9",
        ]
        try FFmpegParity.assertWithinOneCodeOfFFmpegs(
            recipes, inputs: ["cli-clip.mp4", "gblur-odd.mkv", "gblur-422.mkv", "gblur-444.mkv"], in: folder,
            plan: "gblur rows on the planes", fraction: 0.001)
    }

    func testDeeperAndAlphaAndGreyPlanesAreWithinOneCodeOfFFmpegs() throws {
        let folder = try Clips.folder(with: [
            try Clips.testPattern("gblur-10.mkv", size: "160x120", format: "yuv420p10le"),
            try Clips.testPattern("gblur-alpha.mkv", size: "161x121", format: "yuva444p10le"),
            try Clips.testPattern("gblur-gray.mkv", size: "161x121", format: "gray"),
        ])
        try FFmpegParity.assertWithinOneCodeOfFFmpegs(
            ["gblur=sigma=4", "gblur=sigma=9:steps=3:planes=13"],
            inputs: ["gblur-10.mkv", "gblur-alpha.mkv", "gblur-gray.mkv"], in: folder,
            plan: "gblur columns on the planes", fraction: 0.001)
    }

    func testAMovingSigmaCompilesOnePlan() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        let run = try Tool.run(
            ["-v", "-vf", "gblur=sigma='1+8*t'", "--codec", "ffv1", "-y", "-o", "ours.mkv", "cli-clip.mp4"],
            in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderrLines.filter { $0.contains("plan:") }.count, 1, run.stderr)
        try Tool.assertUsageError(
            ["-vf", "gblur=sigma=5:steps=7", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'gblur=sigma=5:steps=7': gblur steps=7 is out of range at column 21; allowed 1...6")
    }
}
