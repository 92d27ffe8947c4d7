import Harbeth
import HarbethTestSupport
import XCTest

/// The looks: each at two amounts against the numpy transcription of the
/// table (Tests/References/looks.py), amount 0 changing nothing, the
/// expansion fusing like any chain, animated amounts, `look=NAME`, and a
/// look ahead of a multi-input filter in a graph.
final class LookFiltersTests: XCTestCase {
    private let pointwiseLooks = [
        "cinematic", "vintage", "vintage_film", "film_simulation", "color_grading", "bleach_bypass", "teal_orange",
        "noir",
    ]
    private let spatialLooks = ["dreamy", "cyberpunk", "hdr_boost", "modern_hdr", "creative_atmosphere", "beautiful"]

    func testEveryLookMatchesTheReference() throws {
        XCTAssertEqual(
            Set(pointwiseLooks + spatialLooks),
            Set(FilterCatalog.standard.descriptors.filter(\.isLook).map(\.name)).subtracting(["look"]))
        for look in pointwiseLooks {
            for amount in ["", "=0.4"] { try assertMatchesReference(look + amount, .pointwise, time: 0.5) }
        }
        for look in spatialLooks {
            for amount in ["", "=0.4"] { try assertMatchesReference(look + amount, .neighborhood, time: 0.5) }
        }
        try assertMatchesReference("look=vintage:amount=0.7", .pointwise, time: 0.5)
        try assertMatchesReference("look=modern_hdr", .neighborhood)
    }

    func testAmountZeroChangesNothing() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.rgba8, index: 3)
        let plain = try ImageNode(frame).makeFrame(on: renderer).packedBytes(plane: 0)
        for look in pointwiseLooks + spatialLooks {
            let filter = try Filter(named: look, values: ["amount": .number(0)])
            let output = try ImageNode(frame).applying(filter).makeFrame(on: renderer).packedBytes(plane: 0)
            let largest = zip(output, plain).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(largest, 1, "\(look)=0")
        }
    }

    /// A look is its chain: the same plan (one fused pass for a pointwise
    /// look), the same pixels, and the text form keeps the look's name.
    func testALookFusesAsItsChain() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.rgba8, index: 3)
        let look = Filter.look(.cinematic, amount: 0.6)
        XCTAssertEqual(look.description, "cinematic=amount=0.6")
        let chain = FilterChain(look.expanded())
        XCTAssertEqual(chain.filters.map(\.name), ["contrast", "saturation", "exposure", "vignette_blend"])
        let summary = try renderer.summary(for: frame.format, chain: FilterChain([look]))
        XCTAssertEqual(summary.passes.count, 1, "\(summary.passes)")
        XCTAssertEqual(summary.passes, try renderer.summary(for: frame.format, chain: chain).passes)
        XCTAssertTrue(
            try ImageNode(frame).applying(look).makeFrame(on: renderer).packedBytes(plane: 0)
                == ImageNode(frame).applying(chain).makeFrame(on: renderer).packedBytes(plane: 0))
        XCTAssertEqual(try FilterChain(parsing: "look=dreamy:amount=0.3").description, "look=name=dreamy:amount=0.3")
    }

    /// An animated amount is evaluated per frame, as any animated value.
    func testAnAnimatedAmountFollowsTime() throws {
        let renderer = try Fixtures.renderer()
        let animated = try FilterChain(parsing: "vintage_film=amount='0@0;1@2'")
        for time in [0.5, 1.5] {
            var frame = try Fixtures.frame(.rgba8, index: 3)
            frame.time = time
            let constant = try FilterChain(parsing: "vintage_film=amount=\(time / 2)")
            XCTAssertTrue(
                try ImageNode(frame).applying(animated).makeFrame(on: renderer).packedBytes(plane: 0)
                    == ImageNode(frame).applying(constant).makeFrame(on: renderer).packedBytes(plane: 0),
                "at \(time) s")
        }
    }

    /// A look ahead of an overlay in a graph moves the overlay in the
    /// expanded chain: its node input must still reach it.
    func testALookBeforeAMultiInputFilter() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.rgba8, index: 3)
        let opaqueGrey: [UInt8] = (0..<40 * 30).flatMap { _ -> [UInt8] in [200, 200, 200, 255] }
        let layer = try VideoFrame(rgba: opaqueGrey, width: 40, height: 30)
        let viaLook = try ImageNode(frame).applying(Filter.look(.hdrBoost, amount: 0.5))
            .overlay(ImageNode(layer), x: 10, y: 5).makeFrame(on: renderer).packedBytes(plane: 0)
        let viaChain = try ImageNode(frame).applying(FilterChain(Filter.look(.hdrBoost, amount: 0.5).expanded()))
            .overlay(ImageNode(layer), x: 10, y: 5).makeFrame(on: renderer).packedBytes(plane: 0)
        XCTAssertTrue(viaLook == viaChain)
        // The overlay is there: the 200-grey block at (10, 5).
        let width = frame.width
        XCTAssertEqual(viaLook[(5 * width + 10) * 4], 200)
    }
}
