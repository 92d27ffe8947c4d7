import Harbeth
import HarbethTestSupport
import XCTest

/// A new plan (which may come mid-stream, from a chain whose structure
/// changes) never waits for the pipeline cache to reach the disk: the save
/// runs in the background, once for plans made close together.
final class PipelineCacheSaveTests: XCTestCase {
    func testANewPlanLeavesThePipelineCacheSaveToTheBackground() throws {
        let renderer = try Fixtures.renderer()
        let context = renderer.context
        let saver = context.pipelineCacheSaveQueue
        saver.suspend()
        let before = context.pipelineCacheSaves
        // Sizes no other test uses: each is a new plan.
        let compiled = renderer.statistics.plansCompiled
        for (width, height) in [(37, 23), (41, 29)] {
            let format = FrameFormat(width: width, height: height, layout: .rgba8)
            _ = try renderer.summary(for: format, chain: try FilterChain(parsing: "sepia,box_blur"))
        }
        XCTAssertEqual(renderer.statistics.plansCompiled, compiled + 2)
        XCTAssertEqual(context.pipelineCacheSaves, before, "no plan saved the cache on its own path")
        saver.resume()
        saver.sync {}
        XCTAssertEqual(context.pipelineCacheSaves, before + 1, "the two plans' saves are one")
    }
}
