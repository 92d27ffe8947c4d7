import Harbeth
import HarbethTestSupport
import XCTest

/// tonemap's arithmetic against the numpy reference (2/255): every curve,
/// both transfers, both gamut modes and encodings, on a real frame whose
/// values are read as a PQ or HLG signal; and the output's colorimetry.
final class TonemapTests: XCTestCase {
    func testCurvesTransfersAndGamuts() throws {
        for curve in ["bt2390", "hable", "reinhard", "mobius", "clip"] {
            try assertMatchesReference("tonemap=curve=\(curve)", .pointwise)
            try assertMatchesReference("tonemap=curve=\(curve):peak=4000:target=203:gamut=clip", .pointwise)
        }
        for chain in [
            "tonemap=transfer=hlg", "tonemap=transfer=hlg:peak=2000:curve=hable", "tonemap=output=bt709",
            "tonemap=peak=600:target=100:curve=mobius:output=bt709:gamut=clip",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    /// The frames after tonemap are BT.709: the YUV they are written in and
    /// the tag they carry, whatever the source's matrix.
    func testTheOutputIsBT709() throws {
        let renderer = try Fixtures.renderer()
        let source = try Fixtures.frame(.yuv420p, colorimetry: Colorimetry(matrix: .bt2020, range: .limited))
        let plain = try ImageNode(source).makeFrame(on: renderer)
        XCTAssertEqual(plain.colorimetry, Colorimetry(matrix: .bt2020, range: .limited))
        let mapped = try ImageNode(source).applying(Filter.tonemap()).makeFrame(on: renderer)
        XCTAssertEqual(mapped.colorimetry, Colorimetry(matrix: .bt709, range: .limited))
        let format = try FilterChain([Filter.tonemap()]).outputFormat(for: source.format)
        XCTAssertEqual(format.colorimetry, Colorimetry(matrix: .bt709, range: .limited))
    }

    func testSwiftInitialiser() {
        XCTAssertEqual(Filter.tonemap(curve: .hable, peak: 20000).description, "tonemap=curve=hable:peak=10000")
        XCTAssertEqual(Filter.tonemap(hlg: true).description, "tonemap=transfer=hlg")
    }
}
