import Harbeth
import HarbethTestSupport
import XCTest

/// apple_log, slog3, vlog and logc3 against the numpy references (curves
/// and gamut matrices computed there from the makers' formulas and
/// primaries), and each maker's published 18% grey code value decoding to
/// BT.709's 18% grey.
final class CameraLogFiltersTests: XCTestCase {
    func testCurvesAndGamutsMatchTheReference() throws {
        for chain in [
            "apple_log", "apple_log=exposure=1", "apple_log=range=full:gamut=none", "slog3", "slog3=gamut=sgamut3",
            "slog3=exposure=-1.5:range=full", "vlog", "vlog=gamut=none:exposure=0.5", "logc3", "logc3=range=full",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    /// S-Log3 puts 18% grey at code 420 of 1023, V-Log at 433, LogC3 (EI
    /// 800) at 400; BT.709's OETF puts it at 0.409 (104.3 of 255).
    func testPublishedGreyPointsDecodeToEighteenPercent() throws {
        let renderer = try Fixtures.renderer()
        for (name, code) in [("slog3", 420.0), ("vlog", 433.0), ("logc3", 400.0)] {
            let value = UInt8((code / 1023 * 255).rounded())
            let frame = try VideoFrame(rgba: [value, value, value, 255], width: 1, height: 1)
            let chain = try FilterChain(parsing: "\(name)=range=full")
            let output = try ImageNode(frame).applying(chain).makeFrame(on: renderer)
            let grey = Double(output.packedBytes(plane: 0)[1])
            XCTAssertEqual(grey, 104.3, accuracy: 2.5, "\(name): 18% grey in 8-bit BT.709")
        }
    }

    func testSwiftInitialiser() {
        XCTAssertEqual(Filter.cameraLog(.sLog3, exposure: 9).description, "slog3=exposure=6")
        XCTAssertEqual(Filter.cameraLog(.appleLog, legalRange: false).description, "apple_log=range=full")
    }
}
