import Harbeth
import HarbethTestSupport
import XCTest

/// Intermediate images are reused once every pass that reads them has run,
/// and the summary reports the peak. FusionTests compare unfused chains
/// (many passes, so many reuses) with fused ones pixel for pixel.
final class IntermediateReuseTests: XCTestCase {
    func testPassesShareImagesOnceTheirReadersHaveRun() throws {
        let renderer = try Renderer(context: try GPUTestEnvironment.context(), options: Renderer.Options(fusion: false))
        let format = FrameFormat(width: 40, height: 30, layout: .rgba8)
        let image = 40 * 30 * 8  // half-precision RGBA
        // Six passes of one size between the conversions: two images take turns.
        let chain = try FilterChain(parsing: "sepia,invert,saturation=1.3,gamma=0.9,brightness=0.1,contrast=1.2")
        let summary = try renderer.summary(for: format, chain: chain)
        XCTAssertGreaterThanOrEqual(summary.passes.count, 7)
        XCTAssertEqual(summary.intermediateBytes, 2 * image)
        // unsharp_mask's last pass reads the image that entered it, which
        // stays alive across the blur between: a third image.
        let unsharp = try renderer.summary(for: format, chain: try FilterChain(parsing: "sepia,unsharp_mask,invert"))
        XCTAssertEqual(unsharp.intermediateBytes, 3 * image, "\(unsharp.passes)")
        // A smaller image is its own, and so is the 20x30 one between the
        // separable resize's two passes (rows, then columns).
        let resized = try renderer.summary(
            for: format, chain: try FilterChain(parsing: "sepia,resize=w=20:h=14,invert,sepia"))
        XCTAssertEqual(resized.intermediateBytes, 2 * image + (20 * 30 + 2 * 20 * 14) * 8, "\(resized.passes)")
        // The pixels are the fused chain's (which has no intermediate at all).
        let frame = try Fixtures.frame(.rgba8, index: 2)
        let fused = try ImageNode(frame).applying(chain).makeFrame(on: try Fixtures.renderer())
        let unfused = try ImageNode(frame).applying(chain).makeFrame(on: renderer)
        let worst = zip(fused.packedBytes(plane: 0), unfused.packedBytes(plane: 0)).map { abs(Int($0) - Int($1)) }.max()
        XCTAssertLessThanOrEqual(worst ?? 99, 1)
    }

    /// A blur or resize on the planes holds intermediate planes (16-bit
    /// samples) between its passes, and the summary counts them.
    func testIntermediatePlanesCount() throws {
        let renderer = try Fixtures.renderer()
        let format = FrameFormat(width: 320, height: 240, layout: .yuv420p)
        let blur = try renderer.summary(for: format, chain: try FilterChain(parsing: "box_blur=radius=3"))
        XCTAssertEqual(blur.passes.count, 2)
        XCTAssertEqual(blur.intermediateBytes, 320 * 240 * 2 * 3 / 2, "luma and two quarter-size chroma planes")
        let resize = try renderer.summary(for: format, chain: try FilterChain(parsing: "resize=w=640:h=360"))
        XCTAssertEqual(resize.intermediateBytes, 640 * 240 * 2 * 3 / 2, "the new width, the old height")
    }
}
