import Dispatch
import HarbethTestSupport
import XCTest

@testable import Harbeth

/// A consumer that holds on to output frames bounds what a plan makes:
/// past the pool's limit a submission waits for a frame to be let go.
final class SlotPoolTests: XCTestCase {
    func testASubmissionWaitsForAHeldOutputFrameToBeLetGo() throws {
        let renderer = Renderer(context: try GPUTestEnvironment.context(), options: .init(framesInFlight: 1))
        let node = ImageNode(try Fixtures.frame(.rgba8)).applying(.sepia())
        let plan = try renderer.plan(for: node.source.format, filters: node.chain.filters, output: .sameAsSource)
        // Every slot the plan may make, held by an output frame.
        var held = try (0..<plan.pool.limit).map { _ in try node.makeFrame(on: renderer) }
        XCTAssertEqual(plan.pool.count, plan.pool.limit)

        let waiting = DispatchSemaphore(value: 0)
        plan.pool.onWait = { waiting.signal() }
        let handle = node.transmitFrame(on: renderer)
        waiting.wait()  // it waits in the pool now
        XCTAssertEqual(handle.snapshot.state, .executing)
        held.removeLast()  // the last copy of a frame gone: its slot goes back
        let frame = try handle.wait().get()
        XCTAssertEqual(frame.format, held[0].format)
        XCTAssertEqual(plan.pool.count, plan.pool.limit, "no slot past the limit")
        plan.pool.onWait = nil
        GPUTestEnvironment.assertNoValidationMessages(renderer.context)
    }
}
