import Harbeth
import XCTest

/// FFmpeg's vignette (`natural_vignette`) on the RGB path against the numpy
/// reference (Tests/References/spatial.py, within 2/255) on a real decoded
/// frame, its centre FFmpeg's default (w/2, h/2) or given; the Swift
/// initialiser is the text form. (On 8-bit planar YUV it runs on the
/// planes with FFmpeg's dither, within one code of FFmpeg's frames:
/// NaturalVignetteCLITests.)
final class NaturalVignetteFilterTests: XCTestCase {
    func testTheRGBPathMatchesTheReference() throws {
        for chain in [
            "natural_vignette", "natural_vignette=angle=1.2", "natural_vignette=angle=0.9:x0=10:y0='h/3'",
            "natural_vignette=angle=0.5:mode=backward",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testSwiftInitialiserIsTheTextForm() throws {
        XCTAssertEqual(
            try Filter.naturalVignette(angle: 1, backward: true).description,
            "natural_vignette=angle=1:mode=backward")
        XCTAssertEqual(
            try FilterChain(parsing: "vignette=a=1:mode=backward").description,
            "natural_vignette=angle=1:mode=backward")
        // Catalog vignette keeps its own values.
        XCTAssertEqual(try FilterChain(parsing: "vignette=0.4/0.6").filters.map(\.name), ["vignette"])
        XCTAssertEqual(try FilterChain(parsing: "vignette=PI/4").filters.map(\.name), ["natural_vignette"])
    }
}
