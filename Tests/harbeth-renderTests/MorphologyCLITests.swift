import Foundation
import HarbethTestSupport
import XCTest

/// `-vf erosion`, `dilation`, `deflate` and `inflate` are FFmpeg's: its options, its edges
/// (rows repeat, columns mirror) and its thresholds in codes, run on the
/// planes for planar YUV and grey, so every frame is FFmpeg's exactly (each
/// frame's MD5): 4:2:0 even and odd, 4:2:2, 10 bits, alpha, grey, some
/// neighbours only. Before, all four were unknown filters (deflate and
/// inflate until this commit).
final class MorphologyCLITests: XCTestCase {
    func testErosionAndDilationOnThePlanesAreFFmpegsExactly() throws {
        let inputs = try Clips.planeLayouts("morphology")
        let folder = try Clips.folder(with: inputs.paths)
        let recipes = [
            "erosion", "dilation", "erosion=threshold0=10:threshold1=2", "dilation=coordinates=90:threshold2=5",
            "erosion=coordinates=3", "deflate", "inflate", "deflate=threshold0=2:threshold1=1",
            "inflate=threshold0=3:threshold2=1",
        ]
        try FFmpegParity.assertExactlyFFmpegs(
            recipes,
            inputs: inputs.names,
            in: folder, plan: "on the planes")
    }
}
