import Harbeth
import XCTest

/// A chain of filters that each run on the frame's planes (moves of the
/// samples, folded colour maths, blurs, resizes, sharpening) runs as
/// segments on the planes, one after another, never converting to RGB:
/// each segment writes its planes into a region of the input buffer that
/// the next reads (`GraphCompiler.segments`). The result is exactly that
/// of rendering each segment alone into a frame and the next from it;
/// each filter is held to its own CPU reference elsewhere. Crops and
/// vertical flips that start such a chain cost no pass at all.
final class PlaneSegmentTests: XCTestCase {
    func testChainsOfPlaneFiltersRunOnThePlanesSegmentBySegment() throws {
        let renderer = try Fixtures.renderer()
        let cases: [(layout: PixelLayout, chain: String, segments: [String])] = [
            (.yuv420p, "resize=w=160:h=90:method=bicubic,sepia", ["resize=w=160:h=90:method=bicubic", "sepia"]),
            (
                .yuv420p10, "transpose,gaussian_blur=sigma=2,brightness=0.1,contrast=1.2",
                ["transpose", "gaussian_blur=sigma=2", "brightness=0.1,contrast=1.2"]
            ),
            (.yuv420p, "brightness=0.1,contrast=1.2,transpose", ["brightness=0.1,contrast=1.2", "transpose"]),
            // A leading crop is a view of the frame's planes (`PlaneView`):
            // no pass, the rest renders from it.
            (
                .yuv420p, "crop=w=200:h=120:x=10:y=20,flip=direction=vertical,resize=w=100:h=60,saturation=1.4",
                ["crop=w=200:h=120:x=10:y=20,flip=direction=vertical", "resize=w=100:h=60", "saturation=1.4"]
            ),
            (
                .yuv444p, "saturation=1.3,box_blur=radius=3,flip=direction=horizontal",
                ["saturation=1.3", "box_blur=radius=3", "flip=direction=horizontal"]
            ),
            // Several segments that each write intermediate planes (a
            // blur's rows, a resize's; a recursive blur's forward sums
            // beside them), one after another in the plan's one buffer,
            // sized for the largest.
            (
                .yuv420p, "gaussian_blur=sigma=2,resize=w=160:h=90:method=bicubic",
                ["gaussian_blur=sigma=2", "resize=w=160:h=90:method=bicubic"]
            ),
            (
                .yuv420p, "resize=w=400:h=240,sepia,box_blur=radius=2",
                ["resize=w=400:h=240", "sepia", "box_blur=radius=2"]
            ),
            (
                .yuv422p, "gaussian_blur=sigma=8,unsharp_mask=sigma=1.5:amount=0.8,resize=w=100:h=60",
                ["gaussian_blur=sigma=8", "unsharp_mask=sigma=1.5:amount=0.8", "resize=w=100:h=60"]
            ),
        ]
        for (layout, text, segments) in cases {
            let frame = try Fixtures.frame(layout)
            let node = ImageNode(frame).applying(try FilterChain(parsing: text))
            let passes = try renderer.summary(for: node).passes
            XCTAssertTrue(passes.allSatisfy { $0.hasSuffix("on the planes") }, "\(text): \(passes)")
            XCTAssertFalse(passes.isEmpty, text)
            if text.hasPrefix("crop") {
                XCTAssertFalse(passes.contains { $0.contains("crop") || $0.contains("flip") }, "\(text): \(passes)")
            }
            let made = try node.makeFrame(on: renderer)
            var expected = frame
            for segment in segments {
                let alone = ImageNode(expected).applying(try FilterChain(parsing: segment))
                let alonePasses = try renderer.summary(for: alone).passes
                XCTAssertTrue(alonePasses.allSatisfy { $0.hasSuffix("on the planes") }, segment)
                expected = try alone.makeFrame(on: renderer)
            }
            XCTAssertEqual(made.layout, layout, text)
            XCTAssertEqual([made.width, made.height], [expected.width, expected.height], text)
            let differing = zip(PlaneSamples.planes(of: made), PlaneSamples.planes(of: expected)).map { plane in
                zip(plane.0.joined(), plane.1.joined()).filter { $0 != $1 }.count
            }
            XCTAssertEqual(differing, differing.map { _ in 0 }, "\(text): samples that differ, by plane")
        }
    }
}
