import Foundation
import HarbethTestSupport
import XCTest

/// `-vf boxblur=...` is FFmpeg's: its options (long and short names, in
/// FFmpeg's order), radii as its expressions of w, h, cw, ch, and its fixed
/// point, run on the planes for planar YUV and grey, so every frame is
/// FFmpeg's exactly (each frame's MD5): even and odd sizes, 4:2:0, 4:2:2,
/// 4:4:4, 10 bits, alpha and grey, powers 0 to 4, chroma and alpha on their
/// own. Before, boxblur was an unknown filter (`did you mean 'box_blur'?`).
final class BoxblurCLITests: XCTestCase {
    func testBoxblurOnThePlanesIsFFmpegsExactly() throws {
        let folder = try Clips.folder(with: [
            try Clips.video(), try Clips.testPattern("boxblur-odd.mkv", size: "161x121", format: "yuv420p"),
            try Clips.testPattern("boxblur-422.mkv", size: "160x120", format: "yuv422p"),
            try Clips.testPattern("boxblur-444.mkv", size: "161x120", format: "yuv444p"),
        ])
        let recipes = [
            "boxblur", "boxblur=10:1", "boxblur=5:4", "boxblur=2:1:cr=0:ar=0", "boxblur=lr=1:lp=0:cr=6:cp=3",
            "boxblur=luma_radius=min(h\\,w)/20:luma_power=1:chroma_radius=min(cw\\,ch)/20:chroma_power=1",
            // After another filter on the planes: segments, each FFmpeg's.
            "negate,boxblur=3:2",
        ]
        try FFmpegParity.assertExactlyFFmpegs(
            recipes, inputs: ["cli-clip.mp4", "boxblur-odd.mkv", "boxblur-422.mkv", "boxblur-444.mkv"], in: folder,
            plan: "boxblur rows on the planes")
    }

    func testDeeperAndAlphaAndGreyPlanesAreFFmpegsExactly() throws {
        let folder = try Clips.folder(with: [
            try Clips.testPattern("boxblur-10.mkv", size: "160x120", format: "yuv420p10le"),
            try Clips.testPattern("boxblur-alpha.mkv", size: "161x121", format: "yuva444p10le"),
            try Clips.testPattern("boxblur-gray.mkv", size: "161x121", format: "gray"),
        ])
        try FFmpegParity.assertExactlyFFmpegs(
            ["boxblur=4:2", "boxblur=7:1:cr=2:cp=3:ar=9:ap=2"],
            inputs: ["boxblur-10.mkv", "boxblur-alpha.mkv", "boxblur-gray.mkv"], in: folder,
            plan: "boxblur columns on the planes")
    }

    func testARadiusPastHalfItsPlaneIsOneLineAsInFFmpeg() throws {
        let folder = try Clips.folder(with: [try Clips.video()])
        // 160x120 4:2:0: luma's limit is 60, chroma's (80x60) 30.
        for (recipe, message) in [
            ("boxblur=61", "luma radius 61 must be 0...60 (half the luma plane's smaller side, 120)"),
            ("boxblur=40", "chroma radius 40 must be 0...30 (half the chroma plane's smaller side, 60)"),
            ("boxblur=lr=10:cr=-1", "chroma radius -1 must be 0...30 (half the chroma plane's smaller side, 60)"),
        ] {
            let run = try Tool.run(["-vf", recipe, "-o", "out.mp4", "cli-clip.mp4"], in: folder)
            XCTAssertEqual(run.status, 1, recipe)
            XCTAssertEqual(
                run.stderrLines,
                ["harbeth-render: error: cli-clip.mp4: the filter chain does not fit this input: boxblur: " + message])
            XCTAssertEqual(Clips.entries(folder), ["cli-clip.mp4"])
        }
        try Tool.assertUsageError(
            ["-vf", "boxblur=lr=5:q=1", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'boxblur=lr=5:q=1': boxblur has no parameter 'q' at column 14; valid: luma_radius,"
                + " luma_power, chroma_radius, chroma_power, alpha_radius, alpha_power")
        try Tool.assertUsageError(
            ["-vf", "boxblur=lr=w/x", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'boxblur=lr=w/x': boxblur luma_radius='w/x': unknown name 'x' (the variables are w, h,"
                + " cw, ch, hsub, vsub; the constants PI, E, PHI, NAN) at column 14")
    }
}
