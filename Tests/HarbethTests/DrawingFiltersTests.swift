import Harbeth
import XCTest

/// draw_box and draw_grid against the numpy references
/// (Tests/References/spatial.py, within 2/255) on a real decoded frame:
/// outlined, filled, translucent, replacing, past the frame's edges, with
/// a size of 0 (the frame's), and moving with time.
final class DrawingFiltersTests: XCTestCase {
    func testDrawBoxMatchesTheReference() throws {
        for chain in [
            "draw_box=x=10:y=12:width=40:height=30", "draw_box=x=10:y=12:width=40:height=30:thickness=7:color=red",
            "draw_box=x=5.9:y=-3.5:width=50.7:height=20:fill=1:color=0/0.5/1",
            "draw_box=x=20:y=20:width=30:height=25:fill=1:color=yellow@0.4",
            "draw_box=x=-10:y=30:width=40:height=200:thickness=4:color=#ff00ff80",
            "draw_box=thickness=5:color=white", "draw_box=x=8:y=8:width=16:height=16:thickness=0",
            "draw_box=x=30:y=10:width=20:height=20:fill=1:replace=1:color=0.2/0.9/0.1/0.5",
            "draw_box=x=30:y=10:width=20:height=20:fill=1,contrast=1.5",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
    }

    func testDrawGridMatchesTheReference() throws {
        for chain in [
            "draw_grid=width=20:height=10", "draw_grid=x=5:y=3:width=32:height=24:thickness=3:color=red",
            "draw_grid=x=-7:y=-4:width=15:height=11:thickness=2:color=yellow@0.4",
            "draw_grid=width=0:height=0:thickness=4:color=white",
            "draw_grid=width=9:height=9:replace=1:color=0/1/0/0.5",
        ] {
            try assertMatchesReference(chain, .pointwise)
        }
        XCTAssertEqual(
            Filter.drawGrid(width: 20, height: 10, color: [1, 0, 0, 1]).description,
            "draw_grid=width=20:height=10:color=1/0/0/1")
    }

    func testAMovingBoxIsDrawnWhereItIsAtTheFramesTime() throws {
        for time in [0.0, 0.5, 1.25] {
            let chain = "draw_box=x='10+40*t':y='5+n':width='w/4':height=20:fill=1:color=blue"
            try assertMatchesReference(chain, .pointwise, time: time)
        }
    }

    func testSwiftInitialiserIsTheTextForm() throws {
        let filter = Filter.drawBox(x: 4, y: 6, width: 20, height: 10, color: [1, 0, 0, 0.5], filled: true)
        XCTAssertEqual(filter.description, "draw_box=x=4:y=6:width=20:height=10:color=1/0/0/0.5:fill=1")
        XCTAssertEqual(try FilterChain(parsing: filter.description).description, filter.description)
    }
}
