import Harbeth
import HarbethTestSupport
import XCTest

final class FusionTests: XCTestCase {
    private let fivePointwise = "sepia,brightness=0.1,contrast=1.3,saturation=0.8,gamma=1.2"

    func testFivePointwiseFiltersAreOneDispatchWithTheConversions() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.yuv420p)
        let summary = try renderer.summary(for: ImageNode(frame).applying(try FilterChain(parsing: fivePointwise)))
        XCTAssertEqual(summary.dispatchesPerFrame, 1)
        XCTAssertEqual(summary.passes, ["yuv->rgb+fold(sepia,brightness,contrast,saturation)+gamma+rgb->yuv"])
    }

    func testKernelsSplitPassesAndPointwiseRunsJoinThem() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.yuv420p)
        // Gamma is off the planes: the chain takes the RGB path (without
        // it, the chain runs in segments on the planes, PlaneSegmentTests).
        let chain = try FilterChain(parsing: "sepia,brightness=0.1,gaussian_blur=sigma=2,contrast=1.2,flip,gamma=1.1")
        let summary = try renderer.summary(for: ImageNode(frame).applying(chain))
        // The blur's two passes are whole kernels that write strips of 8
        // pixels, so the pointwise run after them starts a pass of its own.
        XCTAssertEqual(
            summary.passes,
            ["yuv->rgb+fold(sepia,brightness)", "gaussian_blur", "gaussian_blur", "contrast", "flip+gamma+rgb->yuv"])
        // A remapping kernel first reads the planes directly: no conversion pass.
        let flipFirst = try renderer.summary(for: ImageNode(frame).applying(try FilterChain(parsing: "flip,sepia")))
        XCTAssertEqual(flipFirst.passes, ["yuv->rgb+flip+sepia+rgb->yuv"])
    }

    func testFusedAndUnfusedRunsAgreeWithinOneStep() throws {
        let context = try GPUTestEnvironment.context()
        let fused = try Fixtures.renderer()
        let unfused = Renderer(context: context, options: Renderer.Options(fusion: false))
        for layout in [PixelLayout.yuv420p, .rgba8, .yuv420p10] {
            let frame = try Fixtures.frame(layout)
            for text in [fivePointwise, "exposure=0.5,gaussian_blur=sigma=1.2,saturation=1.4,crop=w=300:h=200,invert"] {
                let node = ImageNode(frame).applying(try FilterChain(parsing: text))
                let a = try node.makeFrame(on: fused, output: .rgba8)
                let b = try node.makeFrame(on: unfused, output: .rgba8)
                XCTAssertGreaterThan(
                    try unfused.summary(for: node).dispatchesPerFrame, try fused.summary(for: node).dispatchesPerFrame)
                let bytesA = a.packedBytes(plane: 0)
                let bytesB = b.packedBytes(plane: 0)
                XCTAssertEqual(bytesA.count, bytesB.count)
                let worst = zip(bytesA, bytesB).map { abs(Int($0) - Int($1)) }.max() ?? 0
                XCTAssertLessThanOrEqual(worst, 1, "\(layout) \(text)")
            }
        }
        GPUTestEnvironment.assertNoValidationMessages(context)
    }

    func testAChainSeenBeforeCompilesNothing() throws {
        let context = try GPUTestEnvironment.context()
        let frame = try Fixtures.frame(.yuv420p)
        let node = ImageNode(frame).applying(
            try FilterChain(parsing: "sepia=0.7,brightness=0.02,gaussian_blur=sigma=3"))
        _ = try node.makeFrame(on: Renderer(context: context))
        let before = context.compiler.cacheStatistics
        // A new renderer makes new plans, whose shaders are cache hits.
        let again = Renderer(context: context)
        _ = try node.makeFrame(on: again)
        let after = context.compiler.cacheStatistics
        XCTAssertEqual(after.compiles, before.compiles)
        XCTAssertGreaterThan(after.memoryHits, before.memoryHits)
        // Other values of non-structural parameters reuse the plan too (a
        // blur keeps its plan while its radius, ceil(3 sigma), stays the same).
        let tweaked = ImageNode(frame).applying(
            try FilterChain(parsing: "sepia=0.2,brightness=0.3,gaussian_blur=sigma=2.9"))
        _ = try tweaked.makeFrame(on: again)
        XCTAssertEqual(again.statistics.plansCompiled, 1)
        XCTAssertEqual(context.compiler.cacheStatistics.compiles, before.compiles)
    }
}
