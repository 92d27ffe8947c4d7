import Harbeth
import HarbethTestSupport
import XCTest

/// colorspace against the numpy reference (2/255) for every transfer and
/// set of primaries, both gamut modes and PQ's white; the colorimetry the
/// output carries; and the input taken from the frame's tags.
final class ColorspaceTests: XCTestCase {
    func testTransfersPrimariesAndGamut() throws {
        for chain in [
            "colorspace", "colorspace=primaries=bt2020", "colorspace=primaries=display_p3:transfer=srgb",
            "colorspace=from_primaries=bt2020:gamut=perceptual", "colorspace=from_primaries=bt2020",
            "colorspace=primaries=keep:transfer=gamma22", "colorspace=transfer=gamma28:primaries=bt470bg",
            "colorspace=transfer=smpte240m:primaries=smpte170m", "colorspace=transfer=linear",
            "colorspace=primaries=bt2020:transfer=pq", "colorspace=primaries=bt2020:transfer=pq:white=100",
            "colorspace=primaries=bt2020:transfer=hlg", "colorspace=from_transfer=pq:from_primaries=bt2020",
            "colorspace=from_transfer=pq:from_primaries=bt2020:white=400:gamut=perceptual",
            "colorspace=from_transfer=hlg:from_primaries=bt2020:transfer=pq",
            "colorspace=from_transfer=srgb:from_primaries=display_p3:gamut=perceptual",
            "colorspace=from_transfer=linear:transfer=bt2020_10:primaries=bt2020",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    /// A converted frame says what it is: matrix, range, primaries and transfer.
    func testTheOutputCarriesWhatItWasConvertedTo() throws {
        let renderer = try Fixtures.renderer()
        let source = try Fixtures.frame(.yuv420p, colorimetry: Colorimetry(matrix: .bt709, range: .limited))
        let hdr = try ImageNode(source).applying(Filter.colorspace(primaries: .bt2020, transfer: .pq))
            .makeFrame(on: renderer)
        XCTAssertEqual(
            hdr.colorimetry, Colorimetry(matrix: .bt2020, range: .limited, primaries: .bt2020, transfer: .pq))
        let chain = try FilterChain(parsing: "colorspace=primaries=smpte170m:matrix=bt709:range=full")
        XCTAssertEqual(
            try chain.outputFormat(for: source.format).colorimetry,
            Colorimetry(matrix: .bt709, range: .full, primaries: .smpte170m, transfer: .bt709))
    }

    /// With `auto`, the input is what the frame's tags say: a BT.2020 PQ
    /// frame converted to BT.709 matches the same conversion named outright.
    func testAutoReadsTheFrameTags() throws {
        let renderer = try Fixtures.renderer()
        let tagged = try Fixtures.frame(
            .yuv420p, colorimetry: Colorimetry(matrix: .bt2020, range: .limited, primaries: .bt2020, transfer: .pq))
        let untagged = try Fixtures.frame(.yuv420p, colorimetry: Colorimetry(matrix: .bt2020, range: .limited))
        let auto = try ImageNode(tagged).applying(try FilterChain(parsing: "colorspace=transfer=bt709")).makeFrame(
            on: renderer)
        let named = try ImageNode(untagged)
            .applying(try FilterChain(parsing: "colorspace=transfer=bt709:from_transfer=pq:from_primaries=bt2020"))
            .makeFrame(on: renderer)
        let guessed = try ImageNode(untagged).applying(try FilterChain(parsing: "colorspace=transfer=bt709")).makeFrame(
            on: renderer)
        XCTAssertTrue(try auto.packedBytes(plane: 0) == named.packedBytes(plane: 0))
        XCTAssertTrue(try auto.packedBytes(plane: 0) != guessed.packedBytes(plane: 0), "untagged is BT.709's curve")
    }

    func testSwiftInitialiser() {
        XCTAssertEqual(Filter.colorspace().description, "colorspace")
        XCTAssertEqual(
            Filter.colorspace(primaries: .bt2020, transfer: .hlg, range: .full, gamut: .perceptual).description,
            "colorspace=primaries=bt2020:transfer=hlg:range=full:gamut=perceptual")
    }
}
