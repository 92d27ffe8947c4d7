import Foundation
import HarbethTestSupport
import XCTest

/// A program may end while its renderer is busy. `exit()` then runs the
/// Vulkan layers' and the driver's clean-up while other threads are inside
/// Vulkan calls, unless the exit drain first waits for them; with the
/// validation layer on, such a program used to crash in most exits.
final class ProcessExitTests: XCTestCase {
    /// Built beside the test bundle (the test target depends on it), which
    /// on Linux is itself the executable the tests run in.
    private static let program = Bundle.main.executableURL!.deletingLastPathComponent()
        .appendingPathComponent("exit-while-rendering").path

    func testAProgramThatExitsWhileRenderingExitsCleanly() throws {
        GPUTestEnvironment.configure()
        var environment = ProcessInfo.processInfo.environment
        environment["HARBETH_VALIDATION"] = "1"
        environment["HARBETH_CACHE_DIR"] = GPUTestEnvironment.cacheDirectory
        for run in 1...5 {
            let output = try TestMedia.run(Self.program, [], environment: environment)
            XCTAssertEqual(
                String(decoding: output, as: UTF8.self), "exiting with a render in flight\n", "run \(run)")
        }
    }
}
