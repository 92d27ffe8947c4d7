import Foundation
import HarbethTestSupport
import XCTest

/// `-vf avgblur=...` is FFmpeg's: its options in its order, run on the
/// planes for planar YUV and grey in whole numbers as FFmpeg 5.1 computes
/// it, so every frame is FFmpeg's exactly (each frame's MD5): 4:2:0 even
/// and odd, 4:2:2, 4:4:4, 10 bits, alpha, grey, boxes wider than a plane
/// (FFmpeg narrows the box of every plane by the smallest plane, the luma
/// too) and planes left alone. Before, avgblur was an unknown filter
/// (`did you mean 'box_blur'?`).
final class AvgblurCLITests: XCTestCase {
    func testAvgblurOnThePlanesIsFFmpegsExactly() throws {
        let folder = try Clips.folder(with: [
            try Clips.video(), try Clips.testPattern("avgblur-odd.mkv", size: "161x121", format: "yuv420p"),
            try Clips.testPattern("avgblur-422.mkv", size: "160x120", format: "yuv422p"),
            try Clips.testPattern("avgblur-444.mkv", size: "161x120", format: "yuv444p"),
        ])
        let recipes = [
            "avgblur", "avgblur=3", "avgblur=sizeX=7:sizeY=2", "avgblur=sizeX=50:planes=1", "avgblur=sizeX=30:planes=6",
            "avgblur=sizeX=100:sizeY=60",
        ]
        try FFmpegParity.assertExactlyFFmpegs(
            recipes, inputs: ["cli-clip.mp4", "avgblur-odd.mkv", "avgblur-422.mkv", "avgblur-444.mkv"], in: folder,
            plan: "avgblur rows on the planes")
    }

    func testDeeperAndAlphaAndGreyPlanesAreFFmpegsExactly() throws {
        let folder = try Clips.folder(with: [
            try Clips.testPattern("avgblur-10.mkv", size: "160x120", format: "yuv420p10le"),
            try Clips.testPattern("avgblur-alpha.mkv", size: "161x121", format: "yuva444p10le"),
            try Clips.testPattern("avgblur-gray.mkv", size: "161x121", format: "gray"),
        ])
        try FFmpegParity.assertExactlyFFmpegs(
            ["avgblur=4", "avgblur=sizeX=9:planes=13:sizeY=3"],
            inputs: ["avgblur-10.mkv", "avgblur-alpha.mkv", "avgblur-gray.mkv"], in: folder,
            plan: "avgblur columns on the planes")
    }
}
