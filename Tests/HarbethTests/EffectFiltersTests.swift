import Harbeth
import HarbethTestSupport
import XCTest

/// Harbeth's frame effects and the distortions added with them, against
/// the numpy references (PSNR >= 45 dB; the integer-addressed ones
/// exactly as well), and their Swift initialisers.
final class EffectFiltersTests: XCTestCase {
    func testMirrorSplitScreenStoryboardAndCGA() throws {
        for chain in [
            "mirror", "mirror=keep=right", "mirror=keep=top", "mirror=keep=bottom", "split_screen",
            "split_screen=panes=3", "split_screen=axis=y", "split_screen=panes=3:axis=y", "storyboard",
            "storyboard=ranks=3", "storyboard=ranks=1",
        ] {
            try assertMatchesReference(chain, .psnr(60))
        }
        // A colour almost equidistant from two palette entries may pick
        // either in single precision: the catalog's bound.
        for chain in ["cga_space", "cga_space=columns=40:rows=25", "cga_space=columns=64:rows=36:intensity=0.5"] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    func testGhostsAndGlitchesAtSeveralTimes() throws {
        for chain in ["soul_out", "soul_out=soul=0:max_alpha=1", "soul_out=soul=1:max_scale=3"] {
            try assertMatchesReference(chain, .neighborhood)
        }
        for time in [0.0, 0.37, 2.5] {
            for chain in [
                "shift_glitch", "shift_glitch=amount=3:rate=25", "glitch", "glitch=amount=1:max_jitter=0.5:rate=3",
            ] {
                try assertMatchesReference(chain, .neighborhood, time: time)
            }
        }
    }

    /// oil_painting's bins split tones where half-precision intermediates
    /// may round either way: checked in float; voronoi_overlay at several times.
    func testOilPaintingAndVoronoi() throws {
        let float = Renderer(context: try GPUTestEnvironment.context(), options: .init(precision: .float))
        for chain in ["oil_painting", "oil_painting=radius=1:levels=2", "oil_painting=radius=5:levels=32"] {
            try assertMatchesReference(chain, .neighborhood, renderer: float)
        }
        for time in [0.0, 1.7] {
            try assertMatchesReference("voronoi_overlay", .neighborhood, time: time)
            try assertMatchesReference("voronoi_overlay=scale=30:speed=4:alpha=1", .neighborhood, time: time)
        }
        XCTAssertEqual(Filter.oilPainting(levels: 99).description, "oil_painting=levels=32")
        XCTAssertEqual(Filter.voronoiOverlay(alpha: 1).description, "voronoi_overlay=alpha=1")
    }

    func testDistortions() throws {
        for chain in [
            "fluctuate", "fluctuate=frequency=40:amplitude=0.02:fluctuate=1", "polar_pixellate",
            "polar_pixellate=center=0.3/0.6:scale=0.2", "glass_sphere",
            "glass_sphere=center=0.4/0.5:radius=0.4:refractive_index=1.2",
            "water_ripple", "water_ripple=center=0.2/0.3:ripple=0.5:boundary=0.1",
        ] {
            try assertMatchesReference(chain, .neighborhood)
        }
    }

    /// The glitches change with the frame's time, and only with it.
    func testGlitchesMoveWithTime() throws {
        let renderer = try Fixtures.renderer()
        for text in ["shift_glitch", "glitch=amount=1:max_jitter=0.5"] {
            let chain = try FilterChain(parsing: text)
            func render(at time: Double) throws -> [UInt8] {
                var frame = try Fixtures.frame(.rgba8, index: 3)
                frame.time = time
                return try ImageNode(frame).applying(chain).makeFrame(on: renderer).packedBytes(plane: 0)
            }
            XCTAssertTrue(try render(at: 0.5) == render(at: 0.5), text)
            XCTAssertTrue(try render(at: 0.5) != render(at: 1.5), text)
        }
    }

    func testSwiftInitialisersClampAndMatchTheTextForm() {
        XCTAssertEqual(Filter.mirror(keeping: .bottom).description, "mirror=keep=bottom")
        XCTAssertEqual(Filter.splitScreen(panes: 9, stacked: true).description, "split_screen=panes=3:axis=y")
        XCTAssertEqual(Filter.storyboard(ranks: 0).description, "storyboard=ranks=1")
        XCTAssertEqual(Filter.soulOut(2, maxScale: 3).description, "soul_out=soul=1:max_scale=3")
        XCTAssertEqual(Filter.shiftGlitch(amount: 2).description, "shift_glitch=amount=2")
        XCTAssertEqual(Filter.glitch(amount: 1, rate: 500).description, "glitch=amount=1:rate=120")
        XCTAssertEqual(Filter.cgaSpace(columns: 40, rows: 25).description, "cga_space=columns=40:rows=25")
        XCTAssertEqual(Filter.fluctuate(amplitude: 1).description, "fluctuate=amplitude=0.5")
        XCTAssertEqual(Filter.polarPixellate(scale: 0.1).description, "polar_pixellate=scale=0.1")
        XCTAssertEqual(Filter.glassSphere(radius: 0.5).description, "glass_sphere=radius=0.5")
        XCTAssertEqual(Filter.waterRipple(ripple: 0.4).description, "water_ripple=ripple=0.4")
    }
}
