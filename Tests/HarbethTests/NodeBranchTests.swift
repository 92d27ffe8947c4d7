import Harbeth
import HarbethTestSupport
import XCTest

/// Node inputs that are frames with chains of their own render inside
/// their consumer's plan (`NodeBranches`): one plan and one submission per
/// output frame, each input's passes reading its own frame's planes (its
/// own layout, bit depth, colours and time) before the consumer's. The
/// pixels are those of rendering each input first into 16-bit RGBA, which
/// fusion off still does.
final class NodeBranchTests: XCTestCase {
    func testNodeInputsWithChainsRenderInsideTheConsumersPlan() throws {
        let context = try GPUTestEnvironment.context()
        let separate = Renderer(context: context, options: .init(fusion: false))
        let video = ImageNode(try Fixtures.frame(.yuv420p, index: 2), time: FrameTime(index: 0, seconds: 0))
        // Another layout and depth, and another time (its own `t`).
        let other = try Fixtures.frame(.yuv422p10, index: 5)
        let later = FrameTime(index: 75, seconds: 2.5)
        let mask = ImageNode(try Fixtures.frame(.gray8, index: 7))
        let cases: [(name: String, node: ImageNode, passes: [String])] = [
            (
                // Brightness past 1: the input clamps, as its 16-bit RGBA
                // frame would. A vignette reads its pass's size: it runs on
                // its input's own pass, not inside the blend's.
                "blend of two filtered videos",
                video.applying(.sepia()).blend(
                    ImageNode(other, time: later).applying(
                        try FilterChain(parsing: "brightness=0.45,contrast=1.3,vignette")),
                    mode: .multiply),
                ["yuv->rgb+fold(brightness,contrast)+vignette", "yuv->rgb+sepia+blend"]
            ),
            (
                "picture in picture, resized and animated at the input's time",
                video.overlay(
                    ImageNode(other, time: later).applying(
                        try FilterChain(parsing: "resize=w=120:h=90:method=bicubic,brightness='0.1*t'")),
                    x: 16, y: 8, opacity: 0.8),
                ["yuv->rgb", "resize", "resize+brightness", "yuv->rgb+overlay"]
            ),
            (
                "a mask and a plain frame into one filter",
                video.maskBlend(mask: mask.applying(.gaussianBlur(sigma: 3)), with: ImageNode(other)),
                [],
            ),
        ]
        for (name, node, passes) in cases {
            // A renderer of its own, so the plans it compiles are this node's.
            let inside = Renderer(context: context)
            let made = try node.makeFrame(on: inside, output: .rgba8)
            XCTAssertEqual(inside.statistics.plansCompiled, 1, "\(name): one plan for the whole graph")
            let summary = try inside.summary(for: node, output: .rgba8)
            if !passes.isEmpty { XCTAssertEqual(summary.passes, passes, name) }
            XCTAssertEqual(inside.statistics.dispatches, summary.dispatchesPerFrame, name)
            let expected = try node.makeFrame(on: separate, output: .rgba8)
            XCTAssertGreaterThan(try separate.summary(for: node, output: .rgba8).dispatchesPerFrame, 2, name)
            let worst = zip(made.packedBytes(plane: 0), expected.packedBytes(plane: 0)).map {
                abs(Int($0) - Int($1))
            }.max()
            XCTAssertLessThanOrEqual(worst ?? 99, 1, "\(name): against each input rendered first")
        }
    }

    /// A node input whose chain is pointwise (or empty) runs inside the
    /// pass of the filter that takes it: that pass loads the input's own
    /// planes (its layout, bit depth, colours and time), runs its chain per
    /// sample and blends, fits or places it. A blend of two pointwise
    /// branches of two sources is one pass.
    func testPointwiseNodeInputsRunInsideTheirConsumersPass() throws {
        let context = try GPUTestEnvironment.context()
        let separate = Renderer(context: context, options: .init(fusion: false))
        let video = ImageNode(try Fixtures.frame(.yuv420p, index: 2), time: FrameTime(index: 0, seconds: 0))
        let later = FrameTime(index: 75, seconds: 2.5)
        let other = ImageNode(try Fixtures.frame(.yuv422p10, index: 5), time: later)
        let small = ImageNode(try Fixtures.crop(.yuv444p10, width: 90, height: 52), time: later)
        let grey = ImageNode(try Fixtures.frame(.gray8, index: 7))
        let graded = try FilterChain(parsing: "brightness='0.18*t',contrast=1.3")
        let cases: [(name: String, node: ImageNode, pass: String)] = [
            (
                // Brightness past 1 at the input's own time: the input clamps.
                "blend of two pointwise branches",
                video.applying(.sepia()).blend(other.applying(graded), mode: .multiply),
                "yuv->rgb+sepia+blend(fold(brightness,contrast))"
            ),
            (
                "a smaller input fitted, sampled bilinearly",
                video.applying(.saturation(1.4)).blend(small.applying(.invert), mode: .screen, opacity: 0.8, fit: .fit),
                "yuv->rgb+saturation+blend(invert)"
            ),
            (
                "a translucent picture in picture", video.overlay(small.applying(.sepia()), x: 37, y: 11, opacity: 0.7),
                "yuv->rgb+overlay(sepia)"
            ),
            (
                "a mask and a plain frame", video.maskBlend(mask: grey.applying(.invert), with: other),
                "yuv->rgb+mask_blend(invert,frame)"
            ),
        ]
        for (name, node, pass) in cases {
            let inside = Renderer(context: context)
            let made = try node.makeFrame(on: inside, output: .rgba8)
            let summary = try inside.summary(for: node, output: .rgba8)
            XCTAssertEqual(summary.passes, [pass], name)
            XCTAssertEqual(inside.statistics.dispatches, 1, "\(name): one dispatch for the whole graph")
            let expected = try node.makeFrame(on: separate, output: .rgba8)
            let worst = zip(made.packedBytes(plane: 0), expected.packedBytes(plane: 0)).map {
                abs(Int($0) - Int($1))
            }.max()
            XCTAssertLessThanOrEqual(worst ?? 99, 1, "\(name): against each input rendered first")
        }
    }

    /// An input that is itself a graph, or starts from a shared node,
    /// still renders first; the consumer's plan takes its frame.
    func testInputsThatAreGraphsOrSharedRenderFirst() throws {
        let renderer = Renderer(context: try GPUTestEnvironment.context())
        let a = ImageNode(try Fixtures.frame(.yuv420p, index: 1))
        let b = ImageNode(try Fixtures.frame(.yuv420p, index: 4))
        let nested = a.blend(b.blend(a.applying(.invert), mode: .screen), mode: .multiply)
        _ = try nested.makeFrame(on: renderer)
        // The inner blend's plan (its input inside it), then the outer one's.
        XCTAssertEqual(renderer.statistics.plansCompiled, 2)
        let shared = b.applying(.invert).shared()
        _ = try a.blend(shared, mode: .screen).makeFrame(on: renderer)
        XCTAssertEqual(renderer.statistics.plansCompiled, 4)
    }
}
