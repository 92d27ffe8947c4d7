import HarbethTestSupport
import XCTest

@testable import Harbeth

/// What plans choose by the device, each turned off to run the path of a
/// device without it on lavapipe (every other test runs the chosen one):
///
/// - Kernels read and write the frame's planes, and read the tables of
///   filters such as curves, as 32-bit words through texel buffer views.
///   Forced back to storage buffers, as on a device whose views are too
///   small, every kind of pass that touches those buffers gives the same
///   bytes: RGB passes that load and store each layout, a table lookup, a
///   neighbourhood pass that reads whole blocks, folded colour maths and
///   moved samples on the planes, and compositions of several sources.
///   Blurs and resizes on the planes (rows, then columns through
///   intermediate planes) and sharpens likewise.
/// - Compositions vote across a subgroup to copy spans that one layer or
///   one side of a transition shows whole; without votes, the same bytes.
final class KernelChoiceTests: XCTestCase {
    override func tearDownWithError() throws {
        GPUTestEnvironment.assertNoValidationMessages(try GPUTestEnvironment.context())
    }

    func testStorageBuffersGiveTheBytesOfTexelBuffers() throws {
        let context = try GPUTestEnvironment.context()
        XCTAssertGreaterThan(context.capabilities.maxTexelBufferWords, 1 << 20, "lavapipe's views hold a 4K frame")
        let texel = Renderer(context: context)
        var options = Renderer.Options()
        options.texelBuffers = false
        let storage = Renderer(context: context, options: options)
        let chains = [
            "sepia,vignette", "curves=master=0/0.1/0.5/0.9/1/0.2", "gaussian_blur=sigma=1.5",
            "brightness=0.1,contrast=1.2,saturation=0.8",
            "flip=direction=horizontal", "rotate=90", "pad=w=360:h=264:x=8:y=4:color=1/0.5/0",
            "box_blur=radius=3", "unsharp_mask=sigma=1:amount=1.5", "resize=w=480:h=270:method=lanczos", "sharpen",
            "gaussian_blur=sigma=14", "unsharp_mask=sigma=8:amount=1.5", "box_blur=radius=20",
            // Segments on the planes, through regions of the input buffer.
            "resize=w=200:h=150,sepia", "crop=w=200:h=120:x=10:y=6,gaussian_blur=sigma=2,brightness=0.1",
        ]
        // Every kernel on 8-bit and 16-bit planes; each other layout's loads
        // and stores through a pass of each kind (RGB, blur and remap on
        // the planes, resize, a segment), not every kernel again: the
        // kernels are the same code for every layout.
        let kinds: Set = [
            "sepia,vignette", "gaussian_blur=sigma=1.5", "flip=direction=horizontal",
            "resize=w=480:h=270:method=lanczos", "resize=w=200:h=150,sepia",
        ]
        for layout in [PixelLayout.yuv420p, .yuv420p10, .nv12, .rgba8, .yuva444p10] {
            let frame = try Fixtures.frame(layout)
            for text in chains where layout == .yuv420p || layout == .yuv420p10 || kinds.contains(text) {
                let node = ImageNode(frame).applying(try FilterChain(parsing: text))
                try assertSameBytes(node, texel: texel, storage: storage, "\(layout) \(text)")
            }
        }
        let a = ImageNode(try Fixtures.frame(.yuv420p, index: 3), time: FrameTime(index: 0, seconds: 0.5))
        let b = ImageNode(try Fixtures.frame(.yuv420p, index: 7))
        for (name, node) in [
            ("grid", try ImageNode.grid([[a, b], [b, a]], padding: 2)), ("overlay", a.overlay(b, x: 10, y: 6)),
            ("xfade", a.xfade(to: b, .circleOpen, duration: 1)),
            // A node input loaded inside the blend's pass (`NodeLoader`).
            ("blend", a.applying(.sepia()).blend(b.applying(.invert), mode: .screen)),
        ] {
            try assertSameBytes(node, texel: texel, storage: storage, name)
        }
    }

    func testCompositionsWithoutSubgroupVotesAreTheSame() throws {
        let context = try GPUTestEnvironment.context()
        XCTAssertTrue(context.capabilities.subgroupVote, "lavapipe votes")
        var options = Renderer.Options()
        options.subgroupVotes = false
        let unvoted = Renderer(context: context, options: options)
        let renderer = Renderer(context: context)
        for layout in [PixelLayout.yuv420p, .yuv444p10] {
            let a = ImageNode(try Fixtures.frame(layout, index: 3), time: FrameTime(index: 0, seconds: 2.5))
            let b = ImageNode(try Fixtures.frame(layout, index: 7))
            for (name, node) in [
                ("grid", try ImageNode.grid([[a, b], [b, a]], padding: 2)), ("overlay", a.overlay(b, x: 40, y: 6)),
                ("wipeleft", a.xfade(to: b, .wipeLeft, duration: 1, offset: 2)),
                ("slideup", a.xfade(to: b, .slideUp, duration: 1, offset: 2)),
            ] {
                let what = "\(layout) \(name)"
                let passes = try renderer.summary(for: node).passes
                XCTAssertTrue(passes.count == 1 && passes[0].hasSuffix("on the planes"), "\(what): \(passes)")
                XCTAssertEqual(
                    PlaneSamples.planes(of: try node.makeFrame(on: renderer)),
                    PlaneSamples.planes(of: try node.makeFrame(on: unvoted)), what)
            }
        }
    }

    private func assertSameBytes(_ node: ImageNode, texel: Renderer, storage: Renderer, _ what: String) throws {
        let summary = try texel.summary(for: node)
        XCTAssertFalse(summary.passes.isEmpty, "\(what): a pass touches the frame buffers")
        XCTAssertTrue(summary.texelBufferFrames, what)
        XCTAssertFalse(try storage.summary(for: node).texelBufferFrames, what)
        let expected = try node.makeFrame(on: storage)
        let actual = try node.makeFrame(on: texel)
        XCTAssertEqual(actual.format, expected.format, what)
        XCTAssertEqual(PlaneSamples.planes(of: actual), PlaneSamples.planes(of: expected), what)
    }
}
