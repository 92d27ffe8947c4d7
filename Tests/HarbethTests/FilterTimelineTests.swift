import Harbeth
import XCTest

/// A filter's `enable` (FFmpeg's timeline): the filter runs only on frames
/// where its expression is not 0, and the others come out as they went in,
/// sample for sample; the text form writes it back; a filter that changes
/// the frame's size or timing is refused.
final class FilterTimelineTests: XCTestCase {
    func testAFilterRunsOnlyWhereItsExpressionIsNotZero() throws {
        let renderer = try Fixtures.renderer()
        for layout in [PixelLayout.yuv420p, .rgba8] {
            var frame = try Fixtures.frame(layout)
            let sepia = try Filter(named: "sepia").enabled(when: "between(t,1,2)+eq(n,40)")
            for (time, index, on) in [(0.5, 12, false), (1.5, 37, true), (2.5, 62, false), (2.6, 40, true)] {
                frame.time = time
                let what = "\(layout) at \(time) s, frame \(index)"
                let node = ImageNode(frame, time: FrameTime(index: index, seconds: time))
                let rendered = try node.applying(FilterChain([sepia])).makeFrame(on: renderer)
                // Off, the frame as it came; on, sepia's.
                let expected =
                    on ? try node.applying(FilterChain([try Filter(named: "sepia")])).makeFrame(on: renderer) : frame
                for plane in 0..<layout.planeCount {
                    XCTAssertTrue(rendered.packedBytes(plane: plane) == expected.packedBytes(plane: plane), what)
                }
                if on {
                    XCTAssertFalse(rendered.packedBytes(plane: 0) == frame.packedBytes(plane: 0), what)
                }
            }
        }
    }

    func testTheTextFormWritesItBack() throws {
        for text in [
            "sepia=intensity=0.5:enable='between(t,2,5)'", "draw_box=x=4:y=4:width=8:height=8:enable='gte(n,10)'",
            "gaussian_blur=enable='lt(w,1000)'",
        ] {
            XCTAssertEqual(try FilterChain(parsing: text).description, text)
        }
        XCTAssertEqual(
            try Filter.sepia(intensity: 0.5).enabled(when: "gt(t,1)").description,
            "sepia=intensity=0.5:enable='gt(t,1)'")
        XCTAssertNil(try FilterChain(parsing: "sepia").filters[0].enable)
    }

    func testFiltersThatChangeTheSizeOrTimingAreRefused() throws {
        for (name, what) in [
            ("crop", "the frame's size"), ("resize", "the frame's size"), ("deinterlace", "its timing"),
        ] {
            XCTAssertThrowsError(try Filter(named: name).enabled(when: "1")) { error in
                XCTAssertEqual(
                    "\(error)",
                    "\(name) enable='1' is invalid; expected no enable: \(name) changes \(what), which cannot change"
                        + " from frame to frame")
            }
        }
        XCTAssertThrowsError(try Filter(named: "sepia").enabled(when: "between(t")) { error in
            XCTAssertTrue("\(error)".hasPrefix("sepia enable='between(t': "), "\(error)")
        }
    }
}
