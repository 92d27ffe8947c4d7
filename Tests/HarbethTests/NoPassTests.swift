import Harbeth
import HarbethTestSupport
import XCTest

/// Frames that need no GPU pass are made without a device
/// (`FilterChain.formatWithoutPass`, `ImageNode.frameWithoutPass`): the
/// same format and bytes a renderer gives for them, and nil wherever the
/// renderer runs a pass.
final class NoPassTests: XCTestCase {
    func testTheFrameWithoutAPassIsTheRenderersFrame() throws {
        let renderer = try Fixtures.renderer()
        for layout in [PixelLayout.yuv420p, .yuv422p10, .rgba8] {
            let frame = try Fixtures.frame(layout)
            for text in [
                "crop=w=150:h=101:x=20:y=10,crop=x=4:y=2", "flip=direction=vertical,brightness=0",
                "contrast=1,crop=w=64:h=32:x=16:y=8,flip=direction=vertical",
            ] {
                let what = "\(layout) \(text)"
                let chain = try FilterChain(parsing: text)
                let node = ImageNode(frame).applying(chain)
                let summary = try renderer.summary(for: node)
                XCTAssertEqual(summary.passes, [], what)
                XCTAssertEqual(try chain.formatWithoutPass(for: frame.format), summary.output, what)
                let viewed = try XCTUnwrap(try node.frameWithoutPass(), what)
                let rendered = try node.makeFrame(on: renderer)
                XCTAssertEqual(viewed.format, rendered.format, what)
                for plane in frame.planes.indices {
                    XCTAssertTrue(viewed.packedBytes(plane: plane) == rendered.packedBytes(plane: plane), what)
                }
            }
        }
    }

    func testAChainThatNeedsAPassHasNoFrameWithoutOne() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.yuv420p)
        for (text, output) in [
            ("crop=w=100:h=100:x=3:y=2", RenderOutput.sameAsSource), ("crop=w=100:h=100:x=4:y=2", .rgba8),
            ("brightness=0", .layout(.yuv444p)), ("crop=w=100:h=100:x=4:y=2,sepia", .sameAsSource),
            ("hue=0", .sameAsSource), ("brightness='0*t'", .sameAsSource),
        ] {
            let chain = try FilterChain(parsing: text)
            let node = ImageNode(frame).applying(chain)
            XCTAssertEqual(try renderer.summary(for: node, output: output).dispatchesPerFrame, 1, text)
            XCTAssertNil(try chain.formatWithoutPass(for: frame.format, output: output), text)
            XCTAssertNil(try node.frameWithoutPass(output: output), text)
        }
        // A node that takes other nodes renders them.
        let overlaid = ImageNode(frame).overlay(
            ImageNode(frame).applying(.crop(x: 0, y: 0, width: 64, height: 64)), x: 0, y: 0)
        XCTAssertNil(try overlaid.frameWithoutPass())
    }
}
