import Foundation
import Harbeth
import HarbethTestSupport
import XCTest

/// FFmpeg's vibrance, told by its options (`intensity`, the balances
/// `rbal`, `gbal`, `bbal`, the luma weights `rlum`, `glum`, `blum`,
/// `alternate`), is luma_vibrance, FFmpeg 5.1's model: each channel pushed
/// from a weighted luma by 1 + intensity * balance * (1 - saturation), the
/// sign of the saturation term flipped by `alternate`. On RGB input every
/// sample is within one code of FFmpeg's: FFmpeg truncates to 8 bits where
/// we round, so up to half differ by one. Catalog `vibrance=0.5` stays
/// Harbeth's. Before, FFmpeg's options were refused (`vibrance has no
/// parameter 'intensity'`).
final class VibranceCLITests: XCTestCase {
    func testFFmpegsVibranceOnRGBIsWithinOneCodeOfFFmpegs() throws {
        let folder = try Clips.folder(with: [
            try Clips.testPattern("vibrance-rgb.mkv", size: "160x120", format: "bgr0")
        ])
        try FFmpegParity.assertWithinOneCodeOfFFmpegs(
            [
                "vibrance=intensity=0.8", "vibrance=intensity=-1.2:rbal=2:gbal=0.5", "vibrance=intensity=1:alternate=1",
                "vibrance=intensity=0.5:rlum=0.3:glum=0.6:blum=0.1",
            ],
            inputs: ["vibrance-rgb.mkv"], in: folder, fraction: 0.7)
    }

    func testHarbethsVibranceKeepsItsValuesAndFFmpegsLimitsAreOneLine() throws {
        XCTAssertEqual(try FilterChain(parsing: "vibrance=0.5").filters.map(\.name), ["vibrance"])
        let folder = try Clips.folder(with: [try Clips.video()])
        try Tool.assertUsageError(
            ["-vf", "vibrance=intensity=3", "--null", "cli-clip.mp4"], in: folder,
            "filter chain 'vibrance=intensity=3': vibrance intensity='3' is invalid at column 20; expected a number"
                + " -2...2")
    }
}
