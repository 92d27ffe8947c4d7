import Harbeth
import XCTest

/// FFmpeg's unsharp on the RGB path against the numpy reference
/// (Tests/References/spatial.py, within 2/255) on a real decoded frame;
/// its limits refused as FFmpeg refuses them; the Swift initialiser is
/// the text form. (On 8-bit planar YUV it runs on the planes, FFmpeg's
/// frames exactly: UnsharpCLITests.)
final class UnsharpFilterTests: XCTestCase {
    func testTheRGBPathMatchesTheReference() throws {
        for chain in [
            "unsharp", "unsharp=luma_amount=2:chroma_amount=1", "unsharp=3:7:-1.5",
            "unsharp=luma_msize_x=13:luma_msize_y=11:luma_amount=0.3:chroma_msize_x=3:chroma_msize_y=3:chroma_amount=-2",
            "unsharp=alpha_amount=1.5:luma_amount=0",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testFFmpegsLimitsAreRefused() throws {
        XCTAssertThrowsError(try FilterChain(parsing: "unsharp=4:5")) { error in
            XCTAssertEqual(
                "\(error)", "unsharp luma_msize_x='4' is invalid; expected an odd size, 3...23")
        }
        XCTAssertThrowsError(try FilterChain(parsing: "unsharp=chroma_msize_x=15:chroma_msize_y=15")) { error in
            XCTAssertEqual(
                "\(error)",
                "unsharp chroma_msize_y='15' is invalid; expected a mask of 15x15 or smaller: FFmpeg's"
                    + " limit is half sizes that add up to 12 (13x13, 23x3)")
        }
        XCTAssertNoThrow(try FilterChain(parsing: "unsharp=23:3:1:3:23:1"))
        XCTAssertThrowsError(try FilterChain(parsing: "unsharp=luma_msize_x='3+2*n'")) { error in
            XCTAssertEqual(
                "\(error)",
                "unsharp luma_msize_x='3+2*n' is invalid; expected an odd size, 3...23 (a mask's size does not move)")
        }
        // The amounts may move.
        XCTAssertNoThrow(try FilterChain(parsing: "unsharp=luma_amount='sin(t)'"))
    }

    func testSwiftInitialiserIsTheTextForm() throws {
        let filter = try Filter.unsharp(luma: (7, 7, 2.5), chroma: (3, 3, 0.5))
        XCTAssertEqual(
            filter.description,
            "unsharp=luma_msize_x=7:luma_msize_y=7:luma_amount=2.5:chroma_msize_x=3:chroma_msize_y=3:chroma_amount=0.5")
        XCTAssertEqual(
            try FilterChain(parsing: "unsharp=lx=7:ly=7:la=2.5:cx=3:cy=3:ca=0.5").description, filter.description)
        XCTAssertThrowsError(try Filter.unsharp(luma: (6, 5, 1)))
    }
}
