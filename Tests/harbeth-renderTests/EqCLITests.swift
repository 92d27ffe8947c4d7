import Foundation
import HarbethTestSupport
import XCTest

/// `-vf eq=...` is FFmpeg's eq: on 8-bit planar YUV alone it runs on the
/// planes and decodes to exactly FFmpeg's frames (each frame's MD5), at an
/// even and an odd size and on 4:4:4, through every one of FFmpeg's three
/// ways (a copy, the integer scale for gamma 1, the table for the rest),
/// with FFmpeg's single-precision values.
final class EqCLITests: XCTestCase {
    func testEqOnThePlanesIsFFmpegsEqExactly() throws {
        let folder = try Clips.folder(with: [
            try Clips.video(), try Clips.testPattern("eq-odd.mkv", size: "161x121", format: "yuv420p"),
            try Clips.testPattern("eq-444.mkv", size: "160x120", format: "yuv444p"),
        ])
        let values = [
            "brightness=0.1:contrast=1.3:saturation=1.5", "contrast=-0.5", "gamma=1.6:contrast=1.2:brightness=-0.05",
            "gamma_r=1.5:gamma_b=0.8:saturation=0", "gamma=0.7:gamma_weight=0.5", "contrast=9:brightness=0.2",
            "saturation=2.5",
            // FFmpeg keeps each value as a float (av_clipf): 0.02 is
            // 0.0199999996, whose integer offset is one code lower.
            "brightness=0.02", "brightness=-0.3:contrast=1.1", "brightness=0.13:gamma=1.2",
        ]
        try FFmpegParity.assertExactlyFFmpegs(
            values.map { "eq=" + $0 }, inputs: ["cli-clip.mp4", "eq-odd.mkv", "eq-444.mkv"], in: folder,
            plan: "eq on the planes")
    }
}
