import Harbeth
import HarbethTestSupport
import XCTest

/// FFmpeg's gblur on the RGB path against the numpy reference of FFmpeg's
/// own recursion (Tests/References/spatial.py) on a real decoded frame:
/// the RGB path takes the recursion's response as clamp-to-edge weights,
/// so it differs near the edges (PSNR stated); on the planes a moving sigma
/// compiles one plan and each frame is the constant sigma's. (On planar
/// YUV and grey it is within one code of FFmpeg's: GblurCLITests.)
final class GblurFilterTests: XCTestCase {
    func testTheRGBPathMatchesTheReference() throws {
        for chain in [
            "gblur", "gblur=sigma=1", "gblur=sigma=2.5:steps=3", "gblur=sigma=1.5:planes=5:sigmaV=3",
            "gblur=sigma=0",
        ] {
            try assertMatchesReference(chain, .psnr(45))
        }
    }

    func testAMovingSigmaOnThePlanesCompilesOnePlan() throws {
        let renderer = Renderer(context: try GPUTestEnvironment.context())
        let chain = try FilterChain(parsing: "gblur=sigma='1+8*t'")
        let source = try Fixtures.crop(.yuv420p, width: 96, height: 64)
        var made: [VideoFrame] = []
        for index in 0..<5 {
            let time = FrameTime(index: index, seconds: Double(index) / 4)
            made.append(try ImageNode(source, chain: chain, time: time).makeFrame(on: renderer))
        }
        XCTAssertEqual(renderer.statistics.plansCompiled, 1)
        for (index, frame) in made.enumerated() {
            let sigma = 1 + 8 * Double(index) / 4
            let constant = try ImageNode(source, chain: [try .gblur(sigma: sigma)])
                .makeFrame(on: renderer)
            for plane in 0..<3 {
                XCTAssertEqual(frame.packedBytes(plane: plane), constant.packedBytes(plane: plane), "sigma \(sigma)")
            }
        }
    }

    func testSwiftInitialiserIsTheTextForm() throws {
        let filter = try Filter.gblur(sigma: 4, steps: 2, planes: 1)
        XCTAssertEqual(filter.description, "gblur=sigma=4:steps=2:planes=1")
        XCTAssertEqual(try FilterChain(parsing: "gblur=4:2:1").description, filter.description)
        XCTAssertThrowsError(try Filter.gblur(sigma: 4, steps: 9))
    }
}
