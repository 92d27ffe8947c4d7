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
            try assertMatchesReference("tonemap=curve=\(curve):target=203:black=0.203:knee=1", .pointwise)
        }
        for chain in [
            "tonemap=transfer=hlg", "tonemap=transfer=hlg:peak=2000:curve=hable", "tonemap=output=bt709",
            "tonemap=peak=600:target=100:curve=mobius:output=bt709:gamut=clip",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    /// The frames after tonemap are BT.709: the YUV they are written in and
    /// the tags they carry (primaries and transfer too), whatever the source's.
    func testTheOutputIsBT709() throws {
        let renderer = try Fixtures.renderer()
        let source = try Fixtures.frame(.yuv420p, colorimetry: Colorimetry(matrix: .bt2020, range: .limited))
        let plain = try ImageNode(source).makeFrame(on: renderer)
        XCTAssertEqual(plain.colorimetry, Colorimetry(matrix: .bt2020, range: .limited))
        let mapped = try ImageNode(source).applying(Filter.tonemap()).makeFrame(on: renderer)
        let bt709 = Colorimetry(matrix: .bt709, range: .limited, primaries: .bt709, transfer: .bt709)
        XCTAssertEqual(mapped.colorimetry, bt709)
        let format = try FilterChain([Filter.tonemap()]).outputFormat(for: source.format)
        XCTAssertEqual(format.colorimetry, bt709)
    }

    /// The range after tonemap is the source's, on one renderer for
    /// sources of either range (the plan follows the input's tags).
    func testTheRangeFollowsEachSource() throws {
        let renderer = try Fixtures.renderer()
        for range in [ColorRange.full, .limited, .full] {
            let source = try Fixtures.frame(.yuv420p, colorimetry: Colorimetry(matrix: .bt2020, range: range))
            let mapped = try ImageNode(source).applying(Filter.tonemap()).makeFrame(on: renderer)
            XCTAssertEqual(mapped.colorimetry?.range, range)
        }
    }

    /// Without `peak`, tonemap maps from the frames' HDR10 peak, else 1000.
    func testThePeakComesFromTheMetadata() throws {
        let renderer = try Fixtures.renderer()
        func render(_ filter: Filter, peak: Double?) throws -> [UInt8] {
            let source = try Fixtures.frame(
                .yuv420p,
                colorimetry: Colorimetry(
                    matrix: .bt2020, range: .limited, primaries: .bt2020, transfer: .pq, peakLuminance: peak))
            return try ImageNode(source).applying(filter).makeFrame(on: renderer).packedBytes(plane: 0)
        }
        let fromMetadata = try render(.tonemap(), peak: 4000)
        XCTAssertTrue(fromMetadata == (try render(.tonemap(peak: 4000), peak: nil)))
        XCTAssertTrue(fromMetadata != (try render(.tonemap(), peak: nil)))
        XCTAssertTrue(try render(.tonemap(), peak: nil) == (try render(.tonemap(peak: 1000), peak: nil)))
        XCTAssertTrue(try render(.tonemap(peak: 600), peak: 4000) == (try render(.tonemap(peak: 600), peak: nil)))
    }

    func testSwiftInitialiser() {
        XCTAssertEqual(Filter.tonemap(curve: .hable, peak: 20000).description, "tonemap=curve=hable:peak=10000")
        XCTAssertEqual(Filter.tonemap(hlg: true).description, "tonemap=transfer=hlg")
    }
}
