import Harbeth
import HarbethTestSupport
import XCTest

/// The data path of a discrete GPU without resizable BAR (planes copied into
/// device-only buffers and back inside each frame's commands), forced on
/// lavapipe, whose one memory type would otherwise skip it: the frames are
/// the same bytes as the zero-copy path's, and the validation layer has
/// nothing to say about the copies and their barriers.
final class StagingTests: XCTestCase {
    func testStagedFramesAreTheBytesOfTheZeroCopyPath() throws {
        let context = try GPUTestEnvironment.context()
        XCTAssertTrue(context.info.hasUnifiedMemory, "lavapipe maps its one memory type directly")
        let direct = Renderer(context: context)
        let staged = Renderer(context: context, options: Renderer.Options(alwaysStage: true))
        let chains = [
            "sepia,brightness=0.1,contrast=1.2",
            "gaussian_blur=sigma=2,crop=w=200:h=120:x=10:y=6,invert",
            // On the planes, through device-local intermediate planes.
            "unsharp_mask=sigma=1:amount=1.5", "resize=w=200:h=150",
            "gaussian_blur=sigma=14",
            // Segments on the planes, through regions of the input buffer.
            "resize=w=200:h=150,sepia", "crop=w=200:h=120:x=10:y=6,gaussian_blur=sigma=2,brightness=0.1",
        ]
        for layout in [PixelLayout.yuv420p, .nv12, .rgba8, .yuv420p10] {
            let frame = try Fixtures.frame(layout)
            for text in chains {
                let node = ImageNode(frame).applying(try FilterChain(parsing: text))
                XCTAssertFalse(try direct.summary(for: node).stagingCopies)
                XCTAssertTrue(try staged.summary(for: node).stagingCopies)
                for output in [RenderOutput.sameAsSource, .rgba8] {
                    let a = try node.makeFrame(on: direct, output: output)
                    let b = try node.makeFrame(on: staged, output: output)
                    XCTAssertEqual(a.format, b.format)
                    for plane in 0..<a.format.layout.planeCount {
                        let bytesA = a.packedBytes(plane: plane)
                        let bytesB = b.packedBytes(plane: plane)
                        XCTAssertEqual(bytesA.count, bytesB.count)
                        let differing = zip(bytesA, bytesB).filter { $0 != $1 }.count
                        XCTAssertEqual(differing, 0, "\(layout) \(text) \(output) plane \(plane): bytes that differ")
                    }
                }
            }
        }
        // A node input loaded inside the blend's pass (`NodeLoader`), from
        // the same input buffer.
        let other = ImageNode(try Fixtures.frame(.yuv422p10, index: 5))
        let blend = ImageNode(try Fixtures.frame(.yuv420p)).applying(.sepia()).blend(
            other.applying(.invert), mode: .screen)
        XCTAssertEqual(try staged.summary(for: blend).passes.count, 1)
        XCTAssertEqual(
            try blend.makeFrame(on: direct).packedBytes(plane: 0), try blend.makeFrame(on: staged).packedBytes(plane: 0)
        )
        GPUTestEnvironment.assertNoValidationMessages(context)
    }
}
