import Harbeth
import HarbethTestSupport
import XCTest

/// Every blend mode against its numpy reference.
final class BlendModesTests: XCTestCase {
    func testEveryBlendModeIsExactOnAnOpaqueImage() throws {
        // chroma_key, which reads more parameters, is in BlendFiltersTests.
        let layer = try BlendTestImages.layer()
        let renderer = try BlendTestImages.renderer()
        for mode in Filter.BlendMode.allCases where mode != .chromaKey {
            try assertMatchesReference("blend=file=\(layer):mode=\(mode.rawValue)", .pointwise, renderer: renderer)
        }
    }
}
