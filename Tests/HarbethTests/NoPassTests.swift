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

    /// A crop whose corner moves (FFmpeg's `crop=...:x='t*100'`) is, on
    /// each frame, the constant crop at that frame's corner held inside the
    /// frame: a view where the corner is on the chroma grid, a pass where it
    /// is not, the same size throughout. Before, a moving x or y was refused.
    func testAMovingCropIsTheConstantCropAtEachFramesCorner() throws {
        let renderer = try Fixtures.renderer()
        let frame = try Fixtures.frame(.yuv420p)
        let chain = try FilterChain(parsing: "crop=w=64:h=32:x='t*100-20':y='n*3'")
        XCTAssertEqual(try chain.formatWithoutPass(for: frame.format)?.width, 64)
        // t 0 holds x at the left edge, t 10 at the right (320 - 64), n 100 y at the bottom (240 - 32).
        for (index, seconds, x, y) in [(0, 0.0, 0, 0), (1, 0.3, 10, 3), (2, 0.5, 30, 6), (100, 10.0, 256, 208)] {
            let what = "frame \(index) at \(seconds) s"
            let node = ImageNode(frame, chain: chain, time: FrameTime(index: index, seconds: seconds))
            let still = ImageNode(frame).applying(.crop(x: x, y: y, width: 64, height: 32))
            let expected = try still.makeFrame(on: renderer)
            let rendered = try node.makeFrame(on: renderer)
            XCTAssertEqual(rendered.format, expected.format, what)
            for plane in frame.planes.indices {
                XCTAssertTrue(rendered.packedBytes(plane: plane) == expected.packedBytes(plane: plane), what)
            }
            let viewed = try node.frameWithoutPass()
            XCTAssertEqual(viewed != nil, x % 2 == 0 && y % 2 == 0, what)
            if let viewed {
                for plane in frame.planes.indices {
                    XCTAssertTrue(viewed.packedBytes(plane: plane) == expected.packedBytes(plane: plane), what)
                }
            }
        }
        // The rest of the input as the size would change with the corner.
        let rest = try FilterChain(parsing: "crop=h=32:x='t*100'")
        XCTAssertThrowsError(try rest.formatWithoutPass(for: frame.format)) { error in
            XCTAssertTrue(
                "\(error)".contains("a moving x needs w: the rest of the input would change size"), "\(error)")
        }
        // A corner from the size alone is a constant: -1 still centres, and
        // the rest of the input is still a size.
        let centred = try FilterChain(parsing: "crop=w=iw/2:h=32:x=-1:y=ih-oh")
        XCTAssertEqual(try centred.formatWithoutPass(for: frame.format)?.width, 160)
        XCTAssertEqual(try FilterChain(parsing: "crop=x=iw/4").formatWithoutPass(for: frame.format)?.width, 240)
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
