import Harbeth
import XCTest

/// FFmpeg's avgblur on the RGB path against the numpy reference
/// (Tests/References/spatial.py, within 2/255) on a real decoded frame; the
/// Swift initialiser is the text form. (On planar YUV and grey it runs on
/// the planes in whole numbers, FFmpeg's frames exactly: AvgblurCLITests.)
final class AvgblurFilterTests: XCTestCase {
    func testTheRGBPathMatchesTheReference() throws {
        for chain in [
            "avgblur", "avgblur=sizeX=4", "avgblur=sizeX=2:sizeY=9", "avgblur=sizeX=3:planes=5", "avgblur=500",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testSwiftInitialiserIsTheTextForm() throws {
        let filter = try Filter.avgblur(sizeX: 4, sizeY: 2, planes: 1)
        XCTAssertEqual(filter.description, "avgblur=sizeX=4:planes=1:sizeY=2")
        XCTAssertEqual(try FilterChain(parsing: "avgblur=4:1:2").description, filter.description)
        XCTAssertThrowsError(try Filter.avgblur(sizeX: 0))
    }
}
