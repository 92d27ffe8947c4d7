import CVulkan
import Dispatch
import HarbethTestSupport
import XCTest

@testable import HarbethGPU

/// Destroying a context: the validation layer's report of every Vulkan
/// object left alive reaches a log that outlives the context.
final class GPUContextTeardownTests: XCTestCase {
    private func options(log: ValidationLog) -> GPUContext.Options {
        var options = GPUTestEnvironment.options()
        options.validation = true
        options.validationLog = log
        return options
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
}

extension ValidationMessage {
    /// The object tracker's report, at vkDestroyDevice or vkDestroyInstance,
    /// of an object that was never destroyed.
    var reportsObjectLeftAlive: Bool {
        identifier.hasPrefix("VUID-vkDestroyDevice-device-") || identifier.hasPrefix("VUID-vkDestroyInstance-instance-")
            || text.contains("has not been destroyed")
    }
}
