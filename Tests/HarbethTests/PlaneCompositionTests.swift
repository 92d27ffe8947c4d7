import Harbeth
import HarbethTestSupport
import XCTest

/// Stacks, grids, opaque overlays and transitions of plain videos in one
/// layout are one pass on the planes: each output sample is a source's
/// sample, exactly, or the canvas colour's code value, or FFmpeg xfade's
/// mix of two samples (held to pastes and formulas done here, per plane,
/// on real decoded frames).
final class PlaneCompositionTests: XCTestCase {
    override func tearDownWithError() throws {
        GPUTestEnvironment.assertNoValidationMessages(try GPUTestEnvironment.context())
    }

    private typealias Plane = PlaneSamples.Plane

    /// A frame pasted with its corner at (x, y), showing only inside `clip`
    /// (luma pixels of the canvas).
    private struct Paste {
        /// The frame's planes.
        let frame: [Plane]
        let x: Int
        let y: Int
        var clip: (x0: Int, y0: Int, x1: Int, y1: Int) = (Int.min, Int.min, Int.max, Int.max)
    }

    /// The canvas's planes with the pastes in order; `fill` where none is.
    private static func pasted(_ pastes: [Paste], canvas: FrameSize, layout: PixelLayout, fill: UInt32) -> [Plane] {
        let shift = layout.chromaShift
        return (0..<layout.planeCount).map { index in
            let subsampled = index == 1 || index == 2
            let (sx, sy) = subsampled ? (shift.x, shift.y) : (0, 0)
            let size = layout.planeSize(index, width: canvas.width, height: canvas.height)
            var plane = Plane(repeating: [UInt32](repeating: fill, count: size.width), count: size.height)
            for paste in pastes {
                let source = paste.frame[index]
                for (row, samples) in source.enumerated() {
                    for (column, sample) in samples.enumerated() {
                        let (x, y) = (column + (paste.x >> sx), row + (paste.y >> sy))
                        let (lx, ly) = (x << sx, y << sy)
                        guard x >= 0, y >= 0, x < size.width, y < size.height, lx >= paste.clip.x0,
                            ly >= paste.clip.y0, lx < paste.clip.x1, ly < paste.clip.y1
                        else { continue }
                        plane[y][x] = sample
                    }
                }
            }
            return plane
        }
    }

    func testStacksGridsAndOverlaysCopyEverySampleExactly() throws {
        let renderer = try Fixtures.renderer()
        let fill = UInt32.max
        for layout in [PixelLayout.yuv420p, .yuv422p, .yuv444p10, .yuva444p10, .gray8, .rgba8, .yuv420p10] {
            // 96x72 frames: the references here run per sample.
            func small(_ index: Int) throws -> ImageNode {
                let bytes = try TestMedia.frame(
                    of: try TestMedia.standardClip(), index: index, pixelFormat: Fixtures.ffmpegName(layout),
                    filters: "scale=96:72")
                return ImageNode(try Fixtures.frame(bytes: bytes, layout: layout, width: 96, height: 72))
            }
            let (nodeA, nodeB) = (try small(3), try small(7))
            let (a, b) = (PlaneSamples.planes(of: nodeA.source), PlaneSamples.planes(of: nodeB.source))
            let orange: [Double] = [1, 0.5, 0, 1]
            let cases: [(name: String, node: ImageNode, canvas: FrameSize, pastes: [Paste], color: [Double])] = [
                (
                    "hstack", nodeA.hstack(nodeB), FrameSize(width: 192, height: 72),
                    [Paste(frame: a, x: 0, y: 0), Paste(frame: b, x: 96, y: 0)], []
                ),
                (
                    "vstack", nodeA.vstack(nodeB, padding: 4, color: orange), FrameSize(width: 96, height: 148),
                    [Paste(frame: a, x: 0, y: 0), Paste(frame: b, x: 0, y: 76)], orange
                ),
                (
                    "hstack+vstack", try ImageNode.grid([[nodeA, nodeB], [nodeB, nodeA]], padding: 2),
                    FrameSize(width: 194, height: 146),
                    [
                        Paste(frame: a, x: 0, y: 0), Paste(frame: b, x: 98, y: 0), Paste(frame: b, x: 0, y: 74),
                        Paste(frame: a, x: 98, y: 74),
                    ], [0, 0, 0, 1]
                ),
                (
                    "overlay", nodeA.overlay(nodeB, x: 40, y: 20), FrameSize(width: 96, height: 72),
                    [Paste(frame: a, x: 0, y: 0), Paste(frame: b, x: 40, y: 20)], []
                ),
                (
                    // The overlay hangs over its canvas's edges: the stack
                    // beside it shows none of that.
                    "overlay+hstack", nodeA.overlay(nodeB, x: -40, y: 50).hstack(nodeB),
                    FrameSize(width: 192, height: 72),
                    [
                        Paste(frame: a, x: 0, y: 0), Paste(frame: b, x: -40, y: 50, clip: (0, 0, 96, 72)),
                        Paste(frame: b, x: 96, y: 0),
                    ], []
                ),
            ]
            for test in cases {
                let label = "\(layout) \(test.name)"
                let passes = try renderer.summary(for: test.node).passes
                if test.name.hasPrefix("overlay") && layout.hasAlpha {
                    // A source with alpha composites source-over: the RGB path.
                    XCTAssertFalse(passes.joined().contains("on the planes"), label)
                    continue
                }
                XCTAssertEqual(passes, ["\(test.name) on the planes"], label)
                let output = try test.node.makeFrame(on: renderer)
                XCTAssertEqual([output.width, output.height], [test.canvas.width, test.canvas.height], label)
                let expected = Self.pasted(test.pastes, canvas: test.canvas, layout: layout, fill: fill)
                let codes = test.color.isEmpty ? [] : PlaneSamples.codes(of: test.color, layout: layout)
                for (index, (actual, wanted)) in zip(PlaneSamples.planes(of: output), expected).enumerated() {
                    XCTAssertEqual(actual.count, wanted.count, "\(label) plane \(index) rows")
                    var wrong = 0
                    for (made, sample) in zip(actual.joined(), wanted.joined()) {
                        if sample != fill {
                            if made != sample { wrong += 1 }
                        } else if codes.isEmpty || !PlaneSamples.within(made, codes[index], layout: layout) {
                            wrong += 1
                        }
                    }
                    XCTAssertEqual(wrong, 0, "\(label) plane \(index)")
                }
            }
        }
    }

    /// Sources with chains of their own (a resized, graded inset; the
    /// background's own filters before the overlay) run those chains as
    /// passes of the composition's plan, into planes beside the frames':
    /// one plan, and every sample exactly that of each chain rendered
    /// alone (tested against its own references elsewhere), pasted.
    func testFilteredSourcesRunTheirChainsInsideTheCompositionsPlan() throws {
        let context = try GPUTestEnvironment.context()
        for layout in [PixelLayout.yuv420p, .yuv444p10] {
            let a = ImageNode(try Fixtures.frame(layout, index: 3))
            let b = ImageNode(try Fixtures.frame(layout, index: 7))
            let background = a.applying(try FilterChain(parsing: "brightness=0.05,saturation=1.2"))
            let insets = [
                "resize=w=160:h=120:method=bicubic,sepia", "gaussian_blur=sigma=2", "flip,crop=w=128:h=96:x=16:y=8",
            ]
            for text in insets {
                let inset = b.applying(try FilterChain(parsing: text))
                let graphs = [
                    (background.overlay(inset, x: 32, y: 16), "overlay on the planes", (32, 16)),
                    (background.hstack(inset), "hstack on the planes", (a.source.width, 0)),
                ]
                for (node, last, corner) in graphs {
                    let label = "\(layout) \(text) \(last)"
                    let renderer = Renderer(context: context)
                    let made = try node.makeFrame(on: renderer)
                    XCTAssertEqual(renderer.statistics.plansCompiled, 1, label)
                    let passes = try renderer.summary(for: node).passes
                    XCTAssertEqual(passes.last, last, label)
                    if layout == .yuv420p && text.hasPrefix("resize") {
                        // A resize, then sepia: two segments on the planes
                        // (`GraphCompiler.segments`), never RGB.
                        XCTAssertTrue(passes.allSatisfy { $0.hasSuffix("on the planes") }, "\(label): \(passes)")
                    }
                    let alone = try [background, inset].map { try $0.makeFrame(on: renderer) }
                    let expected = Self.pasted(
                        [
                            Paste(frame: PlaneSamples.planes(of: alone[0]), x: 0, y: 0),
                            Paste(frame: PlaneSamples.planes(of: alone[1]), x: corner.0, y: corner.1),
                        ], canvas: FrameSize(width: made.width, height: made.height), layout: layout, fill: 0)
                    // The stack's canvas below the shorter inset is the
                    // colour: compare the pasted rectangles only.
                    var wrong = 0
                    for (actual, wanted) in zip(PlaneSamples.planes(of: made), expected) {
                        for (row, samples) in wanted.enumerated() {
                            for (column, sample) in samples.enumerated() where sample != 0 {
                                if actual[row][column] != sample { wrong += 1 }
                            }
                        }
                    }
                    XCTAssertEqual(wrong, 0, label)
                }
            }
        }
    }

    /// Two sources whose chains both write intermediate planes (a blur's
    /// rows, a resize's) run one after the other through the plan's one
    /// intermediate buffer, sized for the larger: every pass on the planes,
    /// every sample that of each chain rendered alone, pasted.
    func testSourcesWhoseChainsBothNeedIntermediatePlanesShareTheirBuffer() throws {
        let renderer = try Fixtures.renderer()
        let a = ImageNode(try Fixtures.frame(.yuv420p, index: 3)).applying(.gaussianBlur(sigma: 2))
        let b = ImageNode(try Fixtures.frame(.yuv420p, index: 7))
            .applying(try FilterChain(parsing: "resize=w=400:h=240:method=bicubic"))
        let node = a.hstack(b)
        let passes = try renderer.summary(for: node).passes
        XCTAssertTrue(passes.allSatisfy { $0.hasSuffix("on the planes") }, "\(passes)")
        XCTAssertEqual(passes.last, "hstack on the planes")
        let made = try node.makeFrame(on: renderer)
        let alone = try [a, b].map { try $0.makeFrame(on: renderer) }
        let expected = Self.pasted(
            [
                Paste(frame: PlaneSamples.planes(of: alone[0]), x: 0, y: 0),
                Paste(frame: PlaneSamples.planes(of: alone[1]), x: alone[0].width, y: 0),
            ], canvas: FrameSize(width: made.width, height: made.height), layout: .yuv420p, fill: 0)
        var wrong = 0
        for (actual, wanted) in zip(PlaneSamples.planes(of: made), expected) {
            for (row, samples) in wanted.enumerated() {
                for (column, sample) in samples.enumerated() where sample != 0 {
                    if actual[row][column] != sample { wrong += 1 }
                }
            }
        }
        XCTAssertEqual(wrong, 0)
    }

    /// Off the chroma grid, or with fusion off, a composition takes the
    /// RGB path, and agrees with the planes' one.
    func testOtherCompositionsTakeTheRGBPath() throws {
        let renderer = try Fixtures.renderer()
        let a = ImageNode(try Fixtures.frame(.yuv420p, index: 3))
        let b = ImageNode(try Fixtures.frame(.yuv420p, index: 7))
        for node in [a.overlay(b, x: 101, y: 60), a.hstack(b, padding: 3)] {
            XCTAssertFalse(try renderer.summary(for: node).passes.joined().contains("on the planes"))
        }
        let unfused = try Renderer(context: try GPUTestEnvironment.context(), options: .init(fusion: false))
        let node = a.overlay(b, x: 100, y: 60).hstack(b)
        XCTAssertFalse(try unfused.summary(for: node).passes.joined().contains("on the planes"))
        let planes = PlaneSamples.planes(of: try node.makeFrame(on: renderer))
        let rgb = PlaneSamples.planes(of: try node.makeFrame(on: unfused))
        for (index, (one, other)) in zip(planes, rgb).enumerated() {
            let differences = zip(one.joined(), other.joined()).map { abs(Int($0) - Int($1)) }
            let mean = Double(differences.reduce(0, +)) / Double(differences.count)
            // The RGB round trip clips colours outside RGB and resamples
            // chroma across the inset's edge: small on average.
            XCTAssertLessThan(mean, 1, "plane \(index)")
        }
    }

    /// Through device-only buffers (as on a discrete GPU), the same
    /// samples: every source is copied in, the canvas out.
    func testAStagedCompositionIsTheSame() throws {
        let staged = try Renderer(context: try GPUTestEnvironment.context(), options: .init(alwaysStage: true))
        let a = ImageNode(try Fixtures.frame(.yuv420p, index: 3), time: FrameTime(index: 0, seconds: 0.5))
        let b = ImageNode(try Fixtures.frame(.yuv420p, index: 7))
        for node in [try ImageNode.grid([[a, b], [b, a]], padding: 2), a.xfade(to: b, .circleOpen, duration: 1)] {
            let summary = try staged.summary(for: node)
            XCTAssertTrue(summary.stagingCopies)
            XCTAssertEqual(summary.passes.count, 1)
            XCTAssertEqual(
                PlaneSamples.planes(of: try node.makeFrame(on: staged)),
                PlaneSamples.planes(of: try node.makeFrame(on: try Fixtures.renderer())))
        }
    }

    /// xfade on the planes: each sample picked at its luma position by
    /// FFmpeg xfade's formula (written out here), the mix truncated as
    /// FFmpeg's C does, on 4:2:0 and 10-bit 4:4:4.
    func testTransitionsOnThePlanesFollowFFmpegsFormulas() throws {
        let renderer = try Fixtures.renderer()
        for layout in [PixelLayout.yuv420p, .yuv444p10] {
            let a = try Fixtures.frame(layout, index: 3)
            let b = try Fixtures.frame(layout, index: 7)
            let (aPlanes, bPlanes) = (PlaneSamples.planes(of: a), PlaneSamples.planes(of: b))
            let shift = layout.chromaShift
            let (w, h) = (a.width, a.height)
            func wrap(_ x: Int, _ n: Int) -> Int { ((x % n) + n) % n }
            /// Where FFmpeg's formula looks at luma pixel (x, y) for
            /// the progress: A at `a`, B at `b`, A's weight `m`.
            typealias Pick = (_ x: Int, _ y: Int, _ progress: Float) -> (a: (Int, Int), b: (Int, Int), m: Float)
            let picks: [(String, Pick)] = [
                ("fade", { x, y, progress in ((x, y), (x, y), progress) }),
                ("wipeleft", { x, y, progress in ((x, y), (x, y), x > Int(Float(w) * progress) ? 0 : 1) }),
                ("wipeup", { x, y, progress in ((x, y), (x, y), y > Int(Float(h) * progress) ? 0 : 1) }),
                (
                    "slideright",
                    { x, y, progress in
                        let zx = Int(progress * Float(w)) + x
                        return ((wrap(zx, w), y), (wrap(zx, w), y), zx >= 0 && zx < w ? 0 : 1)
                    }
                ),
                (
                    "slidedown",
                    { x, y, progress in
                        let zy = Int(progress * Float(h)) + y
                        return ((x, wrap(zy, h)), (x, wrap(zy, h)), zy >= 0 && zy < h ? 0 : 1)
                    }
                ),
            ]
            // Plane `index`'s sample at (x, y): the pick's mix truncated (a
            // fade mixes the samples in place); a subsampled chroma sample
            // the rounded mean over the luma pixels it covers.
            func expected(_ name: String, _ pick: Pick, _ index: Int, _ x: Int, _ y: Int, _ progress: Float) -> UInt32 {
                let (sx, sy) = index == 1 || index == 2 ? (shift.x, shift.y) : (0, 0)
                func mixed(_ lx: Int, _ ly: Int) -> Float {
                    let (at, bt, m) = pick(lx, ly, progress)
                    let a = m == 0 ? 0 : Float(aPlanes[index][at.1 >> sy][at.0 >> sx])
                    let b = m == 1 ? 0 : Float(bPlanes[index][bt.1 >> sy][bt.0 >> sx])
                    return a * m + b * (1 - m)
                }
                if name == "fade" || (sx, sy) == (0, 0) { return UInt32(mixed(x << sx, y << sy)) }
                var total: Float = 0
                for dy in 0..<(1 << sy) {
                    for dx in 0..<(1 << sx) {
                        total += mixed(min((x << sx) + dx, w - 1), min((y << sy) + dy, h - 1))
                    }
                }
                return UInt32(total / Float(1 << (sx + sy)) + 0.5)
            }
            for (name, pick) in picks {
                // 2.484375 s slides by an odd count (165 columns, 123 rows):
                // subsampled chroma then mixes two samples.
                for seconds in [1.875, 2.484375, 2.5, 2.75] {
                    let progress = Float(min(max(1 - (seconds - 2), 0), 1))
                    let node = ImageNode(a, time: FrameTime(index: 0, seconds: seconds))
                        .xfade(to: ImageNode(b), Filter.Transition(rawValue: name)!, duration: 1, offset: 2)
                    XCTAssertEqual(try renderer.summary(for: node).passes, ["xfade on the planes"])
                    let output = PlaneSamples.planes(of: try node.makeFrame(on: renderer))
                    for (index, plane) in output.enumerated() {
                        var wrong = 0
                        var worst = 0
                        for (y, row) in plane.enumerated() {
                            for (x, made) in row.enumerated() {
                                let error = abs(Int(made) - Int(expected(name, pick, index, x, y, progress)))
                                worst = max(worst, error)
                                if error > 0 { wrong += 1 }
                            }
                        }
                        // A sample exactly on a boundary may land on the
                        // other side where the GPU's float rounds the other
                        // way: at most a line of them.
                        XCTAssertLessThanOrEqual(
                            wrong, max(w, h), "\(layout) \(name) at \(seconds) s plane \(index): worst \(worst)")
                        XCTAssertLessThanOrEqual(worst, name == "fade" ? 1 : Int.max, "\(layout) \(name)")
                    }
                }
            }
        }
    }
}
