import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's limiter (`min:max:planes`) is FFmpeg's own: each plane's codes
/// clamped, in the plane's own depth, run on the planes for planar YUV and
/// grey, so every frame is FFmpeg's exactly (each frame's MD5): 4:2:0 even
/// and odd, 4:2:2 10 bits, alpha, grey; on RGB video FFmpeg's on planar
/// RGB. Before, limiter was an unknown filter.
final class LimiterCLITests: XCTestCase {
    private let recipes = ["limiter=min=16:max=235", "limiter=40:180:5", "limiter=max=600:planes=1", "limiter"]

    func testFFmpegsLimiterOnThePlanesIsFFmpegsExactly() throws {
        let inputs = try Clips.planeLayouts("limiter")
        let folder = try Clips.folder(with: inputs.paths)
        try FFmpegParity.assertExactlyFFmpegs(recipes, inputs: inputs.names, in: folder, plan: "on the planes")
    }

    func testFFmpegsLimiterOnRGBIsFFmpegsExactly() throws {
        let rgb = try Clips.testPattern("limiter-gbrp.mkv", size: "100x70", format: "gbrp")
        let folder = try Clips.folder(with: [rgb])
        // FFV1 keeps RGB at 8 bits as bgr0 only (FFmpeg would pick gbrp9).
        try FFmpegParity.assertExactlyFFmpegs(
            recipes.map { $0 + ",format=bgr0" }, inputs: ["limiter-gbrp.mkv"], in: folder)
    }
}
