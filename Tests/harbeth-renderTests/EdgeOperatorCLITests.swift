import Foundation
import HarbethTestSupport
import XCTest

/// FFmpeg's edge operators `prewitt`, `roberts`, `scharr`, `kirsch` and
/// `sobel` with FFmpeg's options (catalog `sobel` alone is Harbeth's) are
/// FFmpeg's own: its 3x3 square mirrored at the edges, its gradients in
/// float and its cut to whole codes, plane by plane with `planes`, `scale`
/// and `delta`, run on the planes for planar YUV and grey, so every frame
/// is FFmpeg's exactly (each frame's MD5): 4:2:0 even and odd, 4:2:2 10
/// bits, alpha, grey. On RGB video they are FFmpeg's on planar RGB.
/// Before, all five were unknown filters (`sobel=planes=1` was refused).
final class EdgeOperatorCLITests: XCTestCase {
    func testEdgeOperatorsOnThePlanesAreFFmpegsExactly() throws {
        let inputs = try Clips.planeLayouts("edges")
        let folder = try Clips.folder(with: inputs.paths)
        let recipes = [
            "prewitt", "roberts", "scharr", "kirsch", "sobel=planes=15", "prewitt=planes=1:scale=2:delta=10",
            "kirsch=scale=0.5:delta=-20", "roberts=planes=6:scale=3", "sobel=scale=1.5:delta=3",
        ]
        try FFmpegParity.assertExactlyFFmpegs(
            recipes,
            inputs: inputs.names,
            in: folder, plan: "on the planes")
    }

    func testEdgeOperatorsOnRGBAreFFmpegsExactly() throws {
        let rgb = try Clips.testPattern("edges-gbrp.mkv", size: "100x70", format: "gbrp")
        let folder = try Clips.folder(with: [rgb])
        try FFmpegParity.assertExactlyFFmpegs(
            // FFV1 keeps RGB at 8 bits as bgr0 only (FFmpeg would pick gbrp9).
            ["prewitt", "kirsch=planes=5", "scharr=scale=2", "roberts", "sobel=planes=7:delta=5"].map {
                $0 + ",format=bgr0"
            },
            inputs: ["edges-gbrp.mkv"], in: folder)
    }
}
