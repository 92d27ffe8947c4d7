import CVulkan
import Dispatch
import HarbethTestSupport
import XCTest

@testable import HarbethGPU

/// Destroying a context: the validation layer's report of every Vulkan
/// object left alive reaches a log that outlives the context, and the last
/// reference may go from any thread, the GPU's completion thread included.
final class GPUContextTeardownTests: XCTestCase {
    private func options(log: ValidationLog) -> GPUContext.Options {
        var options = GPUTestEnvironment.options()
        options.validation = true
        options.validationLog = log
        return options
    }

    /// Calls `body` when released.
    private final class Sentinel: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        deinit { body() }
    }

    /// The check can fail: a sampler made behind the context's back and
    /// never destroyed is reported when the device is destroyed.
    func testAnObjectLeftAliveIsReportedWhenTheDeviceIsDestroyed() throws {
        let log = ValidationLog()
        weak var weakContext: GPUContext?
        do {
            let context = try GPUContext(options: options(log: log))
            weakContext = context
            var info = VkSamplerCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO
            info.magFilter = VK_FILTER_NEAREST
            info.minFilter = VK_FILTER_NEAREST
            var sampler: VkSampler?
            XCTAssertEqual(vkCreateSampler(context.device, &info, nil, &sampler), VK_SUCCESS)
            XCTAssertEqual(log.failures, [], "nothing to report while the context lives")
        }
        XCTAssertNil(weakContext)
        let leaks = log.failures.filter(\.reportsObjectLeftAlive)
        XCTAssertEqual(leaks.count, 1, "\(log.failures)")
        XCTAssertTrue(leaks.first?.text.contains("VkSampler") == true, "\(leaks)")
    }

    /// The last reference to a context held only by GPU work goes when that
    /// work completes, on the queue's completion thread. Tearing the device
    /// down there must neither wait for that thread to exit (a deadlock) nor
    /// leave anything alive.
    func testTheLastReferenceGoingWithCompletedGPUWorkTearsDownWithoutHanging() throws {
        let log = ValidationLog()
        let gate = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        weak var weakContext: GPUContext?
        do {
            let context = try GPUContext(options: options(log: log))
            weakContext = context
            let first = try context.makeCommandBuffer()
            try first.record { _ in }
            let second = try context.makeCommandBuffer()
            try second.record { _ in }
            // The completion thread parks in the first completion until the
            // test has let go of the context; the second submission's
            // command buffer then holds the last reference.
            try context.submit(first) { _ in gate.wait() }
            try context.submit(second, retaining: [Sentinel { released.signal() }]) { _ in }
        }
        gate.signal()
        XCTAssertEqual(
            released.wait(timeout: .now() + 30), .success,
            "the context's teardown, run where its last reference went, did not finish")
        XCTAssertNil(weakContext)
        XCTAssertEqual(log.failures, [])
    }
}

extension GPUContextTeardownTests {
    /// A context whose set-up fails at any step leaves nothing alive: each
    /// step's failure is injected in turn, and the validation layer's object
    /// tracker, whose log outlives the attempt, reports no leaked object.
    func testASetUpThatFailsAtAnyStepLeavesNoObjectAlive() throws {
        for step in GPUContext.SetUpStep.allCases {
            let log = ValidationLog()
            var options = options(log: log)
            options.failingSetUpStep = step
            XCTAssertThrowsError(try GPUContext(options: options), "\(step)") { error in
                XCTAssertEqual(error as? GPUError, .unsupported("set-up step \(step) (injected)"))
            }
            XCTAssertEqual(log.failures.filter(\.reportsObjectLeftAlive).map(\.text), [], "\(step)")
            XCTAssertEqual(log.failures.map(\.text), [], "\(step)")
        }
    }
}

extension ValidationMessage {
    /// The object tracker's report, at vkDestroyDevice or vkDestroyInstance,
    /// of an object that was never destroyed.
    var reportsObjectLeftAlive: Bool {
        identifier.hasPrefix("VUID-vkDestroyDevice-device-") || identifier.hasPrefix("VUID-vkDestroyInstance-instance-")
            || text.contains("has not been destroyed")
    }
}
