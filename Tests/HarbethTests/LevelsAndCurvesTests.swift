import Harbeth
import HarbethTestSupport
import XCTest

/// levels and curves against the numpy references, and the values they refuse.
final class LevelsAndCurvesTests: XCTestCase {
    func testLevels() throws {
        for chain in [
            "levels", "levels=in_black=0.1:in_white=0.9:gamma=1.5", "levels=0.2:0.6:0.1", "levels=gamma=10",
            "levels=in_black=0.1/0/0.2:in_white=1/0.8/0.9:gamma=0.8/1/1.3:out_black=0/0.1/0.05:out_white=0.9/1/0.8",
            "levels=out_black=1:out_white=0",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testLevelsRejectsTwoValuesAndAnEmptyInputRange() throws {
        for (chain, message) in [
            ("levels=gamma=1/2", "levels: gamma takes one value or three (r/g/b), not two"),
            ("levels=in_black=0.5:in_white=0.5", "levels: in_white must lie above in_black"),
        ] {
            let node = ImageNode(try Fixtures.frame(.rgba8)).applying(try FilterChain(parsing: chain))
            XCTAssertThrowsError(try node.makeFrame(on: try Fixtures.renderer()), chain) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }

    func testCurves() throws {
        for chain in [
            "curves", "curves=master=0/0/0.25/0.15/0.75/0.85/1/1",
            "curves=r=0/0.2/1/1:b=0/0/0.5/0.7/1/1",
            // An extremum and a flat run: tangents go to zero there.
            "curves=master=0/0.1/0.5/0.9/1/0.2:g=0/0/0.3/0.5/0.6/0.5/1/1",
            "curves=master=0/1/1/0:r=0.2/0/0.8/1",
            // A steep rise into a flat step: the tangents are scaled down so
            // the curve does not overshoot 0.52 between 0.1 and 0.2.
            "curves=g=0/0/0.1/0.5/0.2/0.52/1/1",
            // FFmpeg's curves: its natural spline and 8-bit tables, its
            // presets and `all` (CurvesCLITests: FFmpeg's frames exactly).
            "curves=vintage", "curves=cross_process", "curves=preset=darker:all='0/0 0.3/0.6 1/1'",
            "curves=interpolation=natural:master=0/0/0.5/0.7/1/1:g=0/0.2/1/0.9",
            "curves=preset=strong_contrast:interpolation=monotone",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testFFmpegsColorLevels() throws {
        // FFmpeg's own (ColorLevelsCLITests: its frames exactly on RGB).
        for chain in [
            "colorlevels", "colorlevels=rimin=0.058:gimin=0.058:bimin=0.058",
            "colorlevels=rimax=0.8:gomin=0.1:bomax=0.7", "colorlevels=rimin=0.2:rimax=0.9:romin=0.05:romax=0.95",
            "colorlevels=gimin=0.5:gimax=0.5",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testTableFiltersShareTheirLookupInOneFusedPass() throws {
        // curves, colorlevels and lookup_1d read their tables through one
        // function (common/table_lookup.glsl), emitted once in the pass
        // that fuses them.
        let chain = "curves=vintage,colorlevels=rimin=0.1:gomax=0.9,curves=master=0/0.1/1/0.9"
        let renderer = try Fixtures.renderer()
        let summary = try renderer.summary(
            for: ImageNode(try Fixtures.frame(.rgba8)).applying(try FilterChain(parsing: chain)))
        XCTAssertEqual(summary.dispatchesPerFrame, 1)
        try assertMatchesReference(chain, .pointwise, renderer: renderer)
    }

    func testCurvesRejectsPointsThatAreNotACurve() throws {
        for (chain, message) in [
            ("curves=master=0/0/0.5/1/1", "curves: master: 5 numbers are not x/y pairs"),
            ("curves=r=0/0/0.5/0.5/0.5/1/1/1", "curves: r: point 3 does not lie right of the one before it"),
            (
                "curves=r='0/0 0.001/0.5 1/1'",
                "curves: r: points 1 and 2 are too close or not rising on x (FFmpeg's limit: a table entry apart)"
            ),
        ] {
            let node = ImageNode(try Fixtures.frame(.rgba8)).applying(try FilterChain(parsing: chain))
            XCTAssertThrowsError(try node.makeFrame(on: try Fixtures.renderer()), chain) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }
}
