import Harbeth
import HarbethTestSupport
import XCTest

/// Painterly, cartoon, line-art, morphology and screen-pattern filters
/// against the numpy references.
final class StylizeFiltersTests: XCTestCase {
    func testKuwahara() throws {
        for radius in ["1", "3", "8"] {
            try assertMatchesReference("kuwahara=radius=\(radius)", .neighborhood)
        }
    }

    func testToonAndSketch() throws {
        for chain in [
            "toon", "toon=threshold=0.5:levels=4", "toon=threshold=0:levels=1", "sketch", "sketch=strength=3",
            "sketch=strength=0",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
        // With 64 levels, some 8-bit values lie closer to a posterisation
        // step than a half float resolves: which side they fall on depends on
        // the driver's rounding of the intermediate image (lavapipe truncates,
        // others round to nearest). Float intermediates decide them exactly.
        let float = Renderer(
            context: try GPUTestEnvironment.context(), options: Renderer.Options(precision: .float))
        try assertMatchesReference("toon=threshold=1:levels=64", .neighborhood, renderer: float)
    }

    func testCrosshatch() throws {
        for chain in ["crosshatch", "crosshatch=spacing=7:line_width=2.5", "crosshatch=spacing=2:line_width=0"] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testDilateAndErodeAreExact() throws {
        for chain in ["dilate", "dilate=radius=5", "erode", "erode=radius=32", "erode=2,dilate=2"] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testPixellateIsExact() throws {
        for size in ["1", "7", "16", "512"] {
            try assertMatchesReference("pixellate=size=\(size)", .pointwise)
        }
    }

    func testHalftoneAndPolkaDot() throws {
        for chain in [
            "halftone", "halftone=size=2", "halftone=size=13", "polka_dot", "polka_dot=size=5:dot_scaling=1",
            "polka_dot=size=256:dot_scaling=0.3", "polka_dot=dot_scaling=0",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testSwiftInitialisersClampIntoRange() {
        XCTAssertEqual(Filter.kuwahara(radius: 20).description, "kuwahara=radius=8")
        XCTAssertEqual(Filter.pixellate(size: 0).description, "pixellate=size=1")
        XCTAssertEqual(Filter.toon(threshold: 2, levels: 0).description, "toon=threshold=1:levels=1")
        XCTAssertEqual(Filter.polkaDot(size: 16, dotScaling: 3).description, "polka_dot=dot_scaling=1")
    }
}
