import Foundation
import HarbethGPU
import XCTest

/// Shared set-up for tests that touch the GPU: lavapipe unless the user
/// chose a driver, validation on, and a private shader cache folder.
public enum GPUTestEnvironment {
    /// Mesa's software Vulkan driver, which CI installs.
    public static let lavapipeICD = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"

    /// A cache folder for this test process only.
    public static let cacheDirectory: String = {
        let path = NSTemporaryDirectory() + "harbeth-tests-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        return path
    }()

    private static let configured: Void = {
        let environment = ProcessInfo.processInfo.environment
        if environment["VK_DRIVER_FILES"] == nil && environment["VK_ICD_FILENAMES"] == nil {
            setenv("VK_DRIVER_FILES", lavapipeICD, 1)
        }
        if environment["HARBETH_VALIDATION"] == nil {
            setenv("HARBETH_VALIDATION", "1", 1)
        }
        // lavapipe may print a warning on stderr when no GPU exists; silence
        // the loader's own chatter so test logs stay readable.
        if environment["VK_LOADER_DEBUG"] == nil {
            setenv("VK_LOADER_DEBUG", "error", 1)
        }
        atexit {
            try? FileManager.default.removeItem(atPath: GPUTestEnvironment.cacheDirectory)
        }
    }()

    /// Every context the tests make reports here, so a validation message
    /// fails the test it happened in, whichever context it came from.
    public static let validationLog = ValidationLog()

    /// Applies the environment; call before making any context.
    public static func configure() {
        _ = configured
    }

    /// Options for a fresh context with the test cache folder.
    public static func options(cache: CacheLocation? = nil) -> GPUContext.Options {
        configure()
        return GPUContext.Options(cache: cache ?? .directory(cacheDirectory), validationLog: validationLog)
    }

    private static let sharedContext = Result { () throws -> GPUContext in
        try GPUContext(options: options())
    }

    /// One context for the whole test process: making a device with the
    /// validation layer costs a noticeable fraction of a second.
    public static func context() throws -> GPUContext {
        try sharedContext.get()
    }

    /// Fails the current test for every validation error or warning that
    /// arrived since the last call; performance messages are only counted.
    public static func assertNoValidationMessages(
        _ context: GPUContext, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let log = context.validationLog else {
            XCTFail("validation is off: tests must run with the Khronos validation layer", file: file, line: line)
            return
        }
        for message in log.failures {
            XCTFail("validation: \(message)", file: file, line: line)
        }
        let performance = log.performanceCount
        if performance > 0 {
            print("note: \(performance) performance-category validation messages")
        }
        log.clear()
    }
}

/// Fails each test for the validation errors and warnings its GPU work
/// caused (performance advice is only counted), so no test can forget to
/// look. Messages are drained after every test.
private final class ValidationObserver: NSObject, XCTestObservation {
    func testCaseWillStart(_ testCase: XCTestCase) {
        // A teardown block runs while the test can still record failures.
        testCase.addTeardownBlock { [weak testCase] in
            let log = GPUTestEnvironment.validationLog
            let failures = log.failures
            log.clear()
            for message in failures {
                testCase?.recordFailure(
                    withDescription: "validation: \(message)", inFile: #filePath, atLine: #line, expected: false)
            }
        }
    }
}

/// Called once when a test bundle loads (Tests/SupportRegistration).
@_cdecl("harbeth_register_test_observers")
public func registerTestObservers() {
    XCTestObservationCenter.shared.addTestObserver(ValidationObserver())
}
