import Harbeth
import HarbethTestSupport
import XCTest

/// Nodes that combine other nodes: overlay and blend of a node (the same
/// pixels as the file form, whose numpy references BlendFiltersTests
/// hold), stacks and grids placed exactly, and xfade against FFmpeg's
/// formulas written out on the CPU.
final class GraphNodeTests: XCTestCase {
    private var renderer: Renderer { get throws { try BlendTestImages.renderer() } }

    /// The node form samples a rendered node where the file form samples a
    /// decoded image: with the node being that image, the outputs agree.
    func testOverlayAndBlendOfANodeEqualTheFileForm() throws {
        let path = try BlendTestImages.smallLayer()
        let layer = try FFmpegImageLoader().image(at: path)
        let maskPath = try BlendTestImages.layer()
        let mask = try FFmpegImageLoader().image(at: maskPath)
        let wide = try ImageNode(layer).makeFrame(on: renderer, output: .layout(.rgba16))
        let narrowed = try ImageNode(wide).makeFrame(on: renderer, output: .rgba8)
        XCTAssertEqual(narrowed.packedBytes(plane: 0), layer.packedBytes(plane: 0), "16-bit RGBA keeps 8-bit pixels")
        let video = ImageNode(try Fixtures.frame(.yuv420p, index: 2))
        let cases: [(ImageNode, Filter)] = [
            (video.overlay(ImageNode(layer), x: 40, y: -20, opacity: 0.8), .overlay(path, x: 40, y: -20, opacity: 0.8)),
            (video.blend(ImageNode(layer), mode: .softLight, fit: .fit), .blend(path, mode: .softLight, fit: .fit)),
            (video.blend(ImageNode(layer), mode: .chromaKey), .blend(path, mode: .chromaKey)),
            (
                video.maskBlend(mask: ImageNode(mask), with: ImageNode(layer)),
                .maskBlend(mask: maskPath, image: path)
            ),
            (
                video.maskBlend(mask: ImageNode(mask), color: [1, 0.6, 0], invert: true),
                .maskBlend(mask: maskPath, color: [1, 0.6, 0], invert: true)
            ),
        ]
        for (graph, filter) in cases {
            let fromNode = try graph.makeFrame(on: renderer, output: .rgba8)
            let fromFile = try video.applying(filter).makeFrame(on: renderer, output: .rgba8)
            let worst = zip(fromNode.packedBytes(plane: 0), fromFile.packedBytes(plane: 0)).map {
                abs(Int($0) - Int($1))
            }.max()
            XCTAssertLessThanOrEqual(worst ?? 99, 1, "\(filter)")
        }
    }

    /// A node with its own filters feeds the overlay: the picture in
    /// picture is the small video, filtered, pasted exactly.
    func testPictureInPicturePastesTheFilteredNodeExactly() throws {
        let background = try Fixtures.frame(.rgba8, index: 1)
        let small = ImageNode(try Fixtures.frame(.rgba8, index: 4)).applying(
            try FilterChain(parsing: "resize=w=80:h=60:method=bilinear,invert"))
        let pip = try ImageNode(background).overlay(small, x: 200, y: 10).makeFrame(on: renderer)
        let inset = try small.makeFrame(on: renderer)
        let out = pip.packedBytes(plane: 0)
        let base = background.packedBytes(plane: 0)
        let top = inset.packedBytes(plane: 0)
        var worst = 0
        for y in 0..<pip.height {
            for x in 0..<pip.width {
                let inside = x >= 200 && x < 280 && y >= 10 && y < 70
                for c in 0..<4 {
                    let expected =
                        inside ? top[((y - 10) * 80 + (x - 200)) * 4 + c] : base[(y * pip.width + x) * 4 + c]
                    worst = max(worst, abs(Int(out[(y * pip.width + x) * 4 + c]) - Int(expected)))
                }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1)
    }

    func testStacksAndGridsPlaceEachNodeExactly() throws {
        let a = try Fixtures.frame(.rgba8, index: 0)
        let b = ImageNode(try Fixtures.frame(.rgba8, index: 3)).applying(
            try FilterChain(parsing: "crop=w=100:h=200:x=10:y=5"))
        let bFrame = try b.makeFrame(on: renderer)
        let side = try ImageNode(a).hstack(b, padding: 4, color: [1, 0, 0, 1]).makeFrame(on: renderer)
        XCTAssertEqual([side.width, side.height], [320 + 4 + 100, 240])
        let stacked = try ImageNode(a).vstack(b).makeFrame(on: renderer)
        XCTAssertEqual([stacked.width, stacked.height], [320, 440])
        let grid = try ImageNode.grid([[ImageNode(a), ImageNode(a)], [ImageNode(a), ImageNode(a)]], padding: 2)
        XCTAssertEqual(try grid.outputFormat().width, 642)
        XCTAssertEqual(try grid.makeFrame(on: renderer).height, 482)

        func pixel(_ frame: VideoFrame, _ x: Int, _ y: Int) -> [UInt8] {
            let bytes = frame.packedBytes(plane: 0)
            return Array(bytes[(y * frame.width + x) * 4..<(y * frame.width + x) * 4 + 4])
        }
        for (x, y) in [(0, 0), (319, 239), (17, 120)] { XCTAssertEqual(pixel(side, x, y), pixel(a, x, y)) }
        for (x, y) in [(0, 0), (99, 199), (50, 60)] { XCTAssertEqual(pixel(side, 324 + x, y), pixel(bFrame, x, y)) }
        XCTAssertEqual(pixel(side, 321, 5), [255, 0, 0, 255], "the padding is the colour")
        XCTAssertEqual(pixel(side, 350, 220), [255, 0, 0, 255], "below the shorter node, the colour")
        for (x, y) in [(0, 0), (99, 199)] { XCTAssertEqual(pixel(stacked, x, 240 + y), pixel(bFrame, x, y)) }
        XCTAssertEqual(pixel(stacked, 200, 300), [0, 0, 0, 255])
        XCTAssertThrowsError(try ImageNode.grid([]))
    }

    /// Each transition at three moments against FFmpeg xfade's formula for
    /// it, written out here per pixel (wipes, slides, circle, pixelize).
    func testTransitionsFollowFFmpegsFormulas() throws {
        let width = 64
        let height = 48
        func small(_ index: Int, _ filters: String) throws -> VideoFrame {
            let bytes = try TestMedia.frame(
                of: try TestMedia.standardClip(), index: index, pixelFormat: "rgba", filters: filters)
            return try Fixtures.frame(bytes: bytes, layout: .rgba8, width: width, height: height)
        }
        let a = try small(0, "scale=\(width):\(height)")
        let b = try small(5, "scale=\(width):\(height):flags=neighbor,hflip")
        let aBytes = a.packedBytes(plane: 0)
        let bBytes = b.packedBytes(plane: 0)
        func at(_ bytes: [UInt8], _ x: Int, _ y: Int, _ c: Int) -> Double {
            Double(bytes[(min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 4 + c])
        }
        func smoothstep(_ x: Double) -> Double {
            let s = min(max(x, 0), 1)
            return s * s * (3 - 2 * s)
        }
        func wrap(_ x: Int, _ n: Int) -> Int { ((x % n) + n) % n }
        typealias Formula = (_ x: Int, _ y: Int, _ c: Int, _ progress: Double) -> Double
        let w = Double(width)
        let h = Double(height)
        let formulas: [(Filter.Transition, Formula)] = [
            (.fade, { x, y, c, progress in at(aBytes, x, y, c) * progress + at(bBytes, x, y, c) * (1 - progress) }),
            (.wipeLeft, { x, y, c, progress in x > Int(w * progress) ? at(bBytes, x, y, c) : at(aBytes, x, y, c) }),
            (
                .wipeDown,
                { x, y, c, progress in y > Int(h * (1 - progress)) ? at(aBytes, x, y, c) : at(bBytes, x, y, c) }
            ),
            (
                .slideRight,
                { x, y, c, progress in
                    let zx = Int(progress * w) + x
                    return zx >= 0 && zx < width ? at(bBytes, wrap(zx, width), y, c) : at(aBytes, wrap(zx, width), y, c)
                }
            ),
            (
                .circleOpen,
                { x, y, c, progress in
                    let z = (Double(width / 2) * Double(width / 2) + Double(height / 2) * Double(height / 2))
                        .squareRoot()
                    let dx = Double(x - width / 2)
                    let dy = Double(y - height / 2)
                    let m = smoothstep((dx * dx + dy * dy).squareRoot() / z + (progress - 0.5) * 3)
                    return at(aBytes, x, y, c) * m + at(bBytes, x, y, c) * (1 - m)
                }
            ),
            (
                .pixelize,
                { x, y, c, progress in
                    // In Float, as FFmpeg and the shader compute it, so the
                    // block edges fall on the same pixels.
                    let p = Float(progress)
                    let dist = (min(p, 1 - p) * 50).rounded(.up) / 50
                    let square = 2 * dist * Float(min(width, height)) / 20
                    let sx = dist > 0 ? Int(min(((Float(x) / square).rounded(.down) + 0.5) * square, Float(w - 1))) : x
                    let sy = dist > 0 ? Int(min(((Float(y) / square).rounded(.down) + 0.5) * square, Float(h - 1))) : y
                    return at(aBytes, sx, sy, c) * progress + at(bBytes, sx, sy, c) * (1 - progress)
                }
            ),
        ]
        // Two plain RGBA videos mix on their planes; with fusion off, in
        // the RGBA kernel.
        let unfused = try Renderer(context: try GPUTestEnvironment.context(), options: .init(fusion: false))
        for (transition, formula) in formulas {
            // Times exact in binary, so t - offset is the same in the
            // shader's float as here (pixelize's ceil would tell them apart).
            for seconds in [1.875, 2.5, 2.75] {
                for renderer in [try renderer, unfused] {
                    let progress = min(max(1 - (seconds - 2) / 1, 0), 1)
                    let node = ImageNode(a, time: FrameTime(index: 0, seconds: seconds))
                        .xfade(to: ImageNode(b), transition, duration: 1, offset: 2)
                    let planes = renderer === unfused ? "" : " on the planes"
                    XCTAssertEqual(
                        try renderer.summary(for: node).passes == ["xfade on the planes"], renderer !== unfused,
                        "\(transition)")
                    let out = try node.makeFrame(on: renderer).packedBytes(plane: 0)
                    var worst = 0.0
                    var wrong = 0
                    for y in 0..<height {
                        for x in 0..<width {
                            for c in 0..<3 {
                                let error = abs(Double(out[(y * width + x) * 4 + c]) - formula(x, y, c, progress))
                                worst = max(worst, error)
                                if error > 1.5 { wrong += 1 }
                            }
                        }
                    }
                    // A pixel on a boundary may land on the other side when the
                    // GPU's float rounds the other way: at most a line of them.
                    XCTAssertLessThanOrEqual(
                        wrong, 3 * max(width, height), "\(transition) at \(seconds) s\(planes): worst \(worst)")
                }
            }
        }
        XCTAssertThrowsError(
            try ImageNode(a).xfade(to: ImageNode(try Fixtures.frame(.rgba8))).makeFrame(on: renderer)
        ) { error in
            XCTAssertEqual(
                "\(error)", "xfade: its inputs differ in size (64x48 and 320x240): resize one to match")
        }
    }

    func testAMultiInputFilterInAPlainChainSaysHowToGiveItsInput() throws {
        XCTAssertThrowsError(
            try ImageNode(try Fixtures.frame(.rgba8)).applying(try FilterChain(parsing: "hstack")).makeFrame(
                on: renderer)
        ) { error in
            XCTAssertEqual(
                "\(error)",
                "hstack: it needs a second video: use it in a graph, e.g. --graph '[0][1]hstack[out]' with two -i")
        }
        XCTAssertThrowsError(try ImageNode(try Fixtures.frame(.rgba8)).combining(.sepia(), with: []))
    }

    /// A graph's summary lists every pass it runs: on the planes, each
    /// source's chain, then the composition; rendering its inputs first
    /// (fusion off), the input nodes' passes, then its own.
    func testTheSummaryCountsEveryNodesPasses() throws {
        let a = ImageNode(try Fixtures.frame(.yuv420p)).applying(try FilterChain(parsing: "sepia"))
        let b = ImageNode(try Fixtures.frame(.yuv420p, index: 1)).applying(try FilterChain(parsing: "gaussian_blur"))
        XCTAssertEqual(
            try renderer.summary(for: a.hstack(b)).passes,
            [
                "fold(sepia) on the planes", "gaussian_blur rows on the planes", "gaussian_blur columns on the planes",
                "hstack on the planes",
            ])
        let unfused = Renderer(context: try GPUTestEnvironment.context(), options: .init(fusion: false))
        let summary = try unfused.summary(for: a.hstack(b))
        let blur = try unfused.summary(for: b, output: .layout(.rgba16)).passes
        XCTAssertEqual(Array(summary.passes.prefix(blur.count)), blur)
        XCTAssertEqual(summary.passes.last, "rgb->yuv")
    }
}

/// A node that several nodes start from renders once per frame.
final class SharedNodeTests: XCTestCase {
    private func dispatches(_ node: ImageNode, on renderer: Renderer) throws -> (frame: VideoFrame, count: Int) {
        let before = renderer.statistics.dispatches
        let frame = try node.makeFrame(on: renderer)
        return (frame, renderer.statistics.dispatches - before)
    }

    func testASharedNodeIsComputedOnce() throws {
        let renderer = try Renderer(context: try GPUTestEnvironment.context())
        let blur = try FilterChain(parsing: "gaussian_blur=sigma=3")
        let source = ImageNode(try Fixtures.frame(.yuv420p, index: 2))
        let blurPasses = try renderer.summary(for: source.applying(blur), output: .layout(.rgba16)).passes.count
        let blurred = source.applying(blur)
        let separate = blurred.applying(.sepia()).hstack(blurred.applying(.invert))
        let sharedBlur = blurred.shared()
        let shared = sharedBlur.applying(.sepia()).hstack(sharedBlur.applying(.invert))

        let (expected, separateCount) = try dispatches(separate, on: renderer)
        let (made, sharedCount) = try dispatches(shared, on: renderer)
        // What ran is what the summaries list: the blur's two strips once
        // when shared, twice when each branch begins with its own blur.
        let sharedPasses = try renderer.summary(for: shared).passes
        let separatePasses = try renderer.summary(for: separate).passes
        XCTAssertEqual(sharedCount, sharedPasses.count)
        XCTAssertEqual(separateCount, separatePasses.count)
        XCTAssertEqual(sharedPasses.filter { $0.contains("gaussian_blur") }.count, 2)
        XCTAssertEqual(separatePasses.filter { $0.contains("gaussian_blur") }.count, 4)
        XCTAssertEqual(blurPasses, 4, "alone: in, two strips, out")
        let worst = zip(made.packedBytes(plane: 0), expected.packedBytes(plane: 0)).map { abs(Int($0) - Int($1)) }.max()
        XCTAssertLessThanOrEqual(worst ?? 99, 1, "sharing changes nothing in the picture")
    }

    func testASplitInAFilterGraphRendersItsInputOnce() throws {
        let renderer = try Renderer(context: try GPUTestEnvironment.context())
        let graph = try FilterGraph(
            parsing: "[0]gaussian_blur=sigma=3,split[a][b];[a]sepia[x];[b]invert[y];[x][y]hstack")
        let node = try graph.node(
            inputs: [try Fixtures.frame(.yuv420p, index: 2)], time: FrameTime(index: 0, seconds: 0))
        let summary = try renderer.summary(for: node)
        XCTAssertEqual(summary.passes.filter { $0.contains("gaussian_blur") }.count, 2, "one blur: two strips")
        let (_, count) = try dispatches(node, on: renderer)
        XCTAssertEqual(count, summary.passes.count)
    }

    /// Two outputs of one graph, as one submission: the split's blur runs
    /// once for both, and each frame is what rendering its output alone makes.
    func testTheOutputsOfAGraphRenderTogetherWithTheirSharedNodeOnce() throws {
        let renderer = try Renderer(context: try GPUTestEnvironment.context())
        let graph = try FilterGraph(
            parsing: "[0]gaussian_blur=sigma=3,split[a][b];[a]sepia[big];[b]resize=w=80:h=60[small]")
        let frame = try Fixtures.frame(.yuv420p, index: 2)
        let time = FrameTime(index: 0, seconds: 0)
        let nodes = try graph.nodes(for: ["big", "[small]"], inputs: [frame], time: time)
        let alone = try ["big", "small"].map { label in
            try graph.node(for: label, inputs: [frame], time: time).makeFrame(on: renderer)
        }
        let before = renderer.statistics.dispatches
        let frames = try ImageNode.transmitFrames(nodes, on: renderer).wait().get()
        let dispatched = renderer.statistics.dispatches - before

        XCTAssertEqual(frames.map { "\($0.width)x\($0.height)" }, ["\(frame.width)x\(frame.height)", "80x60"])
        // Each output's summary lists the shared node's passes; they ran once.
        let shared = try renderer.summary(for: nodes[0].base!.node, output: .layout(.rgba16)).passes.count
        let passes = try nodes.map { try renderer.summary(for: $0).passes.count }
        XCTAssertEqual(dispatched, passes.reduce(0, +) - shared, "the shared blur ran once for both outputs")
        for (made, expected) in zip(frames, alone) {
            XCTAssertEqual(made.packedBytes(plane: 0), expected.packedBytes(plane: 0))
        }
        XCTAssertThrowsError(try graph.nodes(for: ["big", "nowhere"], inputs: [frame], time: time))
    }
}

/// The discrete-GPU data path (planes through device-only buffers) gives
/// a graph the same pixels: the consumer copies the input nodes' frames
/// from the device buffers they were rendered into.
final class GraphStagingTests: XCTestCase {
    func testAGraphRendersTheSameThroughDeviceOnlyBuffers() throws {
        let context = try GPUTestEnvironment.context()
        let unified = Renderer(context: context)
        let staged = Renderer(context: context, options: Renderer.Options(alwaysStage: true))
        let a = ImageNode(try Fixtures.frame(.yuv420p, index: 1))
        let b = ImageNode(try Fixtures.frame(.yuv420p, index: 4)).applying(
            try FilterChain(parsing: "resize=w=100:h=80:method=bilinear,invert"))
        for node in [a.overlay(b, x: 30, y: 20), a.hstack(b.applying(.sepia()), padding: 2)] {
            let expected = try node.makeFrame(on: unified)
            let made = try node.makeFrame(on: staged)
            for plane in 0..<3 {
                XCTAssertEqual(made.packedBytes(plane: plane), expected.packedBytes(plane: plane), "plane \(plane)")
            }
        }
        XCTAssertTrue(try staged.summary(for: a.overlay(b)).stagingCopies)
    }
}
